import { REMOTE_NAMES, REMOTE_PARTS, type RemoteName } from '@wenrun/shared/node';
import { apiServer } from './apiServer';
import { documentHeaderMaps } from './headerLines';
import { requirePlainHosts } from './hostNames';
import { listenLines, partOrigins, type NginxSite } from './nginxSite';
import { pageCacheZone } from './pageCache';
import { partServer } from './partServer';
import { RENDER_SERVER_PROXY } from './renderedPages';
import { redirectServer, tlsLines } from './tls';
import { pageGateServer, unknownHostServers, visitorLimitsHttp } from './visitors';
import { NJS_MODULE, visitorKeyHttp } from './visitorKey';

export { NJS_MODULE } from './visitorKey';

/** Debian's module for serving the build's `.br` files (package libnginx-mod-http-brotli-static). */
export const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** Whom nginx believes about the visitor's address: the balancer's PROXY header, from the balancer's address alone. */
function balancerLines(site: NginxSite): string {
  if (!site.balancer) return '';
  return `
  # The visitor's address is the one the load balancer read (PROXY protocol), believed from the balancer alone.
${site.balancer.from.map((address) => `  set_real_ip_from ${address};`).join('\n')}
  real_ip_header proxy_protocol;
`;
}

/** The whole nginx.conf: the five parts, each on its own origin, the render servers and the API behind proxies. */
export function renderNginxConfig(site: NginxSite): string {
  requirePlainHosts(site.host, [...site.addresses.parts, ...site.addresses.api]);
  const corsMap = partOrigins(site)
    .map((origin) => `    "${origin}" $http_origin;`)
    .join('\n');
  return `# Rendered by deploy/ops/nginx/start.ts: do not edit, edit the template in deploy/ops/nginx/config.ts.
load_module ${BROTLI_STATIC_MODULE};
load_module ${NJS_MODULE};
${site.user ? `user ${site.user};\n` : ''}worker_processes auto;
daemon off;
pid ${site.prefix}/nginx.pid;
error_log stderr warn;

events {
  worker_connections 1024;
}

http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  charset utf-8;
  charset_types text/css text/plain application/javascript application/json image/svg+xml;
  access_log off;
  server_tokens off;
  sendfile on;
  etag on;

  client_body_temp_path ${site.prefix}/client_body;
  proxy_temp_path ${site.prefix}/proxy;
  fastcgi_temp_path ${site.prefix}/fastcgi;
  uwsgi_temp_path ${site.prefix}/uwsgi;
  scgi_temp_path ${site.prefix}/scgi;

  # The build writes .br and .gz beside every file worth it; what it did not (pages rendered now) is gzipped here.
  brotli_static on;
  gzip_static on;
  gzip on;
  gzip_vary on;
  gzip_proxied any;
  gzip_comp_level 6;
  gzip_min_length 512;
  gzip_types text/css text/plain application/javascript application/json image/svg+xml application/manifest+json;

  upstream render_servers {
${site.renderServers.map((server) => `    server ${server} max_fails=1 fail_timeout=10s;`).join('\n')}
    keepalive 16;
  }
${balancerLines(site)}
  include ${site.secretsFile};${visitorKeyHttp(site.visitorScriptFile)}${visitorLimitsHttp(site.unlimitedClients)}${pageGateServer(site.prefix, RENDER_SERVER_PROXY)}
${pageCacheZone(site)}
  # A page's policies only on documents (deploy/serve/headers.ts).${documentHeaderMaps(site)}

  # CORS only for the parts' own origins: a remote's manifest and chunks are read by the shell and each other.
  map $http_origin $cors_origin {
    default "";
${corsMap}
  }
${partServer(site, site.shell.port, site.shell.root, 'shell')}${REMOTE_NAMES.map((name) =>
    partServer(site, site.remotes[name].port, site.remotes[name].root, 'remote'),
  ).join('')}${apiServer(site)}${redirectServer(site)}${unknownHostServers(
    (port) => listenLines(site, port),
    [site.shell.port, ...REMOTE_NAMES.map((name) => site.remotes[name].port), site.api.port],
    tlsLines(site),
  )}}
`;
}

/** `--header 8001` …: one option of `start.ts` for each remote of the parts table, its dev port shifted. */
export function remotePortOptions(shift: number): Record<RemoteName, { type: 'string'; default: string }> {
  return Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, { type: 'string', default: String(REMOTE_PARTS[name].port + shift) }]),
  ) as Record<RemoteName, { type: 'string'; default: string }>;
}

/**
 * nginx's next config after an edit of the served config, or none when the edit is refused (a bad host name, an
 * unreadable file): nginx is then not reloaded and goes on with the last good one, and the log says why.
 */
export function configAfterEdit(siteFor: () => NginxSite, runtimeConfigFile: string): { site: NginxSite; config: string } | undefined {
  try {
    const site = siteFor();
    return { site, config: renderNginxConfig(site) };
  } catch (error) {
    console.error(`[nginx] ${runtimeConfigFile} 的修改未生效，nginx 继续使用上一份配置：${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}
