import { routeNotFoundEnvelope } from '@wenrun/reference-api/envelope';
import { PROXY_SECRET_HEADER } from '@wenrun/reference-api/security/proxySecret';
import type { ApiRoute } from '@wenrun/reference-api';
import { STRICT_TRANSPORT_SECURITY } from '@wenrun/server-plugins';
import { listenLines, serverNames, type NginxSite } from './nginxSite';
import { tlsLines } from './tls';

/**
 * The nginx location of a route pattern (Fastify's and React Router's spelling): exact for a plain path, a regex for
 * `:param` segments and a `*` tail.
 */
export function apiLocation(url: string): string {
  if (!/[:*]/.test(url)) return `= ${url}`;
  const pattern = url
    .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    .replace(/:\w+/g, '[^/]+')
    .replace(/\*/g, '.*');
  return `~ ^${pattern}$`;
}

/** Each route's URL with the methods it answers, and OPTIONS for the API's CORS preflights; the catch-all `*` left out. */
function forwardedRoutes(routes: readonly ApiRoute[]): Map<string, Set<string>> {
  const byUrl = new Map<string, Set<string>>();
  for (const { method, url } of routes) {
    if (url === '*') continue;
    const methods = byUrl.get(url) ?? new Set(['OPTIONS']);
    methods.add(method);
    byUrl.set(url, methods);
  }
  return byUrl;
}

/**
 * The API behind an allow-list: only the routes of the production form's own table are forwarded, each with its
 * methods; anything else (the demo's `/__dev/…` among them) is answered here with the API's own "no such call".
 * The API learns the client from `X-Forwarded-For`, set to the address nginx sees and to nothing a client wrote.
 */
export function apiServer(site: NginxSite): string {
  const notFound = `return 404 '${JSON.stringify(routeNotFoundEnvelope())}';`;
  const locations = [...forwardedRoutes(site.api.routes)].map(
    ([url, methods]) => `
  location ${apiLocation(url)} {
    if ($request_method !~ ^(${[...methods].sort().join('|')})$) { ${notFound} }
    proxy_pass ${site.api.upstream};
  }`,
  );
  return `
server {
${listenLines(site, site.api.port)}
  server_name ${serverNames(site)};${tlsLines(site)}
  client_max_body_size 64k;
  default_type "application/json; charset=utf-8";

  proxy_http_version 1.1;
  proxy_set_header Host $host;
  proxy_set_header X-Forwarded-For $remote_addr;
  proxy_set_header X-Real-IP $remote_addr;
  # What tells the API this nginx is the one naming the visitor: no other process knows it (nginx's secrets file).
  proxy_set_header ${PROXY_SECRET_HEADER} $api_proxy_secret;
  proxy_set_header X-Forwarded-Proto $scheme;
  proxy_read_timeout 30s;
  add_header X-Content-Type-Options nosniff always;
  add_header Referrer-Policy strict-origin-when-cross-origin always;${site.tls ? `\n  add_header Strict-Transport-Security "${STRICT_TRANSPORT_SECURITY}" always;` : ''}
${locations.join('\n')}

  location / {
    ${notFound}
  }
}
`;
}
