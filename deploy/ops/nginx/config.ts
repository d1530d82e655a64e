import path from 'node:path';
import { ACTIVITY_IMAGE_ROUTE, GUARD_VERDICT_FILE, RELEASE_HISTORY_FILE, REMOTE_NAMES, REMOTE_PARTS, type RemoteName } from '@wenrun/shared/node';
import { routeNotFoundEnvelope } from '@wenrun/reference-api/envelope';
import { PROXY_SECRET_HEADER } from '@wenrun/reference-api/security/proxySecret';
import type { ApiRoute } from '@wenrun/reference-api';
import { DOCUMENT_TYPES, RENDERED_CONFIG_HEADER, STRICT_TRANSPORT_SECURITY, type SiteAddresses } from '@wenrun/server-plugins';
import { CACHE_RULES, HASHED_FILE, siteHeaders } from '../../serve/headers';
import { PER_REQUEST_PREFIXES } from '../../serve/perRequest';
import { requirePlainHosts } from './hostNames';
import { budgetKeyLines, PAGE_LIMIT_LINES, pageGateServer, servedHosts, tooManyLocation, unknownHostServers, visitorLimitsHttp } from './visitors';
import { NJS_MODULE, VISITOR_COOKIE_LINE, visitorKeyHttp } from './visitorKey';

export { NJS_MODULE } from './visitorKey';
import { SHARED_PAGE_FRESH_S, SHARED_PAGE_TARGET } from '../../serve/sharedPages';

/** The production TLS setup: certificate and key paths, and the plain-HTTP port that redirects to HTTPS. */
export interface NginxTls {
  certificate: string;
  key: string;
  /** Where plain HTTP is answered with a redirect to the same host over HTTPS (80 in production). */
  redirectPort: number;
}

/** Where each part is served by nginx: every part on its own origin, as in production. */
export interface NginxSite {
  /** Host name the browser uses for every origin (`localhost` on a test machine). */
  host: string;
  /** Addresses nginx listens on (loopback only on a test machine). */
  listen: string[];
  shell: { port: number; root: string };
  remotes: Record<RemoteName, { port: number; root: string }>;
  /**
   * The API proxy: its public port, the upstream it forwards to (the reference API or the real one), and the routes
   * it forwards: the production form's own route table (reference-api `productionRoutes`), nothing else.
   */
  api: { port: number; upstream: string; routes: readonly ApiRoute[] };
  /**
   * The render server instances (`host:port`): the shell sends activity and search pages and every path the build did
   * not write to them. More instances, more machines: nothing else changes.
   */
  renderServers: string[];
  /** The runtime-config.json served by the shell. */
  runtimeConfigFile: string;
  /** The origins the served runtime config names (`siteAddressesOf`): every page's CSP. */
  addresses: SiteAddresses;
  /**
   * Whether the pages written at build name only origins of the served config. When they do not (written for other
   * addresses), every page comes from the render servers, which render for this config.
   */
  writtenPages: boolean;
  /**
   * The served config's digest (`configDigest`), in the key of every page nginx keeps from the render servers: an ops
   * edit reloads nginx with a new one, so no page rendered for the config before is sent after it.
   */
  servedConfigDigest: string;
  tls?: NginxTls;
  /** nginx's prefix: pid, temp folders and logs live here, and the gate's socket (visitors.ts `pageGateSocket`). */
  prefix: string;
  /**
   * nginx's secrets (start.ts `writeNginxSecrets`), included in the http block from a file only nginx's master reads:
   * `$visitor_secret`, which signs the visitor keys (visitorKey.ts), and `$api_proxy_secret`, which tells the API a
   * request comes from this nginx (reference-api `PROXY_SECRET_HEADER`).
   */
  secretsFile: string;
  /** The visitor key's njs module (visitorKey.ts `visitorKeyScript`), written by start.ts. */
  visitorScriptFile: string;
  /** The unprivileged user nginx's workers run as when its master runs as root (`user` directive). */
  user?: string;
  /** Addresses nginx does not limit per client (visitors.ts): the test suite's and the load bench's own; none in production. */
  unlimitedClients?: string[];
  /**
   * A load balancer in front (one host of several, deploy/ops/hosts): nginx listens on `listen` too, for the balancer
   * alone, and reads the visitor's address from the PROXY protocol header it sends, trusted only from `from`. Without
   * it every visitor would be the balancer's address: one budget per visitor (visitors.ts) shared by all of them.
   */
  balancer?: { listen: string[]; from: string[] };
}

/** Debian's module for serving the build's `.br` files (package libnginx-mod-http-brotli-static). */
export const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export function originOf(site: Pick<NginxSite, 'host' | 'tls'>, port: number): string {
  return `${site.tls ? 'https' : 'http'}://${site.host}:${port}`;
}

export function partOrigins(site: NginxSite): string[] {
  return [site.shell.port, ...REMOTE_NAMES.map((name) => site.remotes[name].port)].map((port) => originOf(site, port));
}

/** nginx's variable for a document-only header: set by `documentHeaderMaps` for documents, empty (not sent) otherwise. */
function documentVariable(name: string): string {
  return `$document_${name.toLowerCase().replace(/-/g, '_')}`;
}

/** The same headers `npm start` sends (deploy/serve/headers.ts, through `@wenrun/server-plugins`), as nginx directives. */
export function headerDirectives(site: NginxSite): string[] {
  const { every, documents } = siteHeaders(site.addresses, { tls: Boolean(site.tls) });
  return [
    ...Object.entries(every).map(([name, value]) => `add_header ${name} "${value}" always;`),
    ...Object.keys(documents).map((name) => `add_header ${name} ${documentVariable(name)} always;`),
  ];
}

/** A page's policies by the answer's content type: nginx sends no header whose value is empty. */
function documentHeaderMaps(site: NginxSite): string {
  const { documents } = siteHeaders(site.addresses, { tls: Boolean(site.tls) });
  const types = DOCUMENT_TYPES.map((type) => type.replace(/[+.]/g, '\\$&')).join('|');
  return Object.entries(documents)
    .map(
      ([name, value]) => `
  map $sent_http_content_type ${documentVariable(name)} {
    default "";
    "~*^(${types})(;|$)" "${value}";
  }`,
    )
    .join('');
}

/**
 * nginx drops the server's add_header lines in a location that has its own, so every location repeats them all.
 * `cacheControl` null: the upstream's own.
 */
function headers(site: NginxSite, cacheControl: string | null, cors: boolean): string {
  const lines = [...headerDirectives(site), ...(cacheControl ? [`add_header Cache-Control "${cacheControl}" always;`] : [])];
  if (cors) lines.push('add_header Access-Control-Allow-Origin $cors_origin always;', 'add_header Vary Origin always;');
  return indent(lines.join('\n'), 4);
}

function indent(text: string, spaces: number): string {
  return text
    .split('\n')
    .map((line) => (line ? ' '.repeat(spaces) + line : line))
    .join('\n');
}

/** `listen` lines on every address: the form's own, and the balancer's (with the PROXY protocol) when there is one. */
function listenOn(site: NginxSite, port: number, options: string): string {
  const line = (address: string, more: string) => `  listen ${address.includes(':') ? `[${address}]` : address}:${port}${options}${more};`;
  return [...site.listen.map((address) => line(address, '')), ...(site.balancer?.listen ?? []).map((address) => line(address, ' proxy_protocol'))].join('\n');
}

function listenLines(site: NginxSite, port: number): string {
  return listenOn(site, port, site.tls ? ' ssl http2' : '');
}

/** Whom nginx believes about the visitor's address: the balancer's PROXY header, from the balancer's address alone. */
function balancerLines(site: NginxSite): string {
  if (!site.balancer) return '';
  return `
  # The visitor's address is the one the load balancer read (PROXY protocol), believed from the balancer alone.
${site.balancer.from.map((address) => `  set_real_ip_from ${address};`).join('\n')}
  real_ip_header proxy_protocol;
`;
}

/**
 * Mozilla's intermediate profile (ssl-config.mozilla.org): TLS 1.2 and 1.3, forward-secret AEAD suites only (no CBC,
 * whose padding oracles testssl reports as LUCKY13). The profile's DHE suites are left out: they need a DH parameter
 * file, and every client the profile serves negotiates ECDHE.
 */
export const TLS_CIPHERS = [
  'ECDHE-ECDSA-AES128-GCM-SHA256',
  'ECDHE-RSA-AES128-GCM-SHA256',
  'ECDHE-ECDSA-AES256-GCM-SHA384',
  'ECDHE-RSA-AES256-GCM-SHA384',
  'ECDHE-ECDSA-CHACHA20-POLY1305',
  'ECDHE-RSA-CHACHA20-POLY1305',
] as const;

/** The certificate of the config, the protocols and suites above. */
function tlsLines(site: NginxSite): string {
  if (!site.tls) return '';
  return `
  ssl_certificate ${site.tls.certificate};
  ssl_certificate_key ${site.tls.key};
  ssl_protocols TLSv1.2 TLSv1.3;
  ssl_ecdh_curve X25519:prime256v1:secp384r1;
  ssl_ciphers ${TLS_CIPHERS.join(':')};
  ssl_prefer_server_ciphers off;
  ssl_session_cache shared:TLS:10m;
  ssl_session_timeout 1d;
  ssl_session_tickets off;`;
}

/** Quoted in the config: nginx reads `{` as a block. */
const HASHED = HASHED_FILE.source;

/**
 * The routes the route manifest renders per request (deploy/serve/perRequest.ts) always come from the render servers,
 * whatever the folder holds (an edited activity is fresh within a minute); the picture of a shared link is a file
 * when the build wrote one. The picture's location is inside its prefix's: a `^~` prefix stops nginx looking at the
 * regex locations of the server.
 */
function perRequestLocations(site: NginxSite, proxy: string): string {
  return PER_REQUEST_PREFIXES.map((prefix) => {
    const picture = ACTIVITY_IMAGE_ROUTE.startsWith(prefix)
      ? `
    location ${apiLocation(ACTIVITY_IMAGE_ROUTE)} {
      try_files $uri @render;
${indent(headers(site, 'public, max-age=60, stale-while-revalidate=600', false), 2)}
    }
`
      : '';
    return `
  location ^~ ${prefix} {${picture}${proxy}
  }
`;
  }).join('');
}

/**
 * nginx's cache of the pages that are the same for every visitor (issue 42): the pages the render servers send for
 * those targets (SHARED_PAGE_TARGET, from the route manifest) are kept and served at file speed. Which targets, and
 * which copy by encoding: `$page_cache_skip` is 0 for those targets alone; `$page_encoding` is what the render
 * server is asked to compress with (`br`, `gzip`, or nothing), so each copy is compressed once, when rendered, not on
 * every answer, and a visitor's own spelling of `Accept-Encoding` makes no new copy. A response that must not be
 * shared is never kept: `no-store` or `private` (the client page standing in for a failed render), a `Set-Cookie`
 * (nginx keeps none), any status but 200; nor a page rendered for another config than the served one (the render
 * server reads an edited config at its next look, after nginx has reloaded with the new key: RENDERED_CONFIG_HEADER).
 */
function pageCacheZone(site: NginxSite): string {
  return `
  proxy_cache_path ${site.prefix}/pages levels=1:2 keys_zone=pages:10m max_size=256m inactive=10m use_temp_path=off;
  map $request_uri $page_cache_skip {
    default 1;
    "~${SHARED_PAGE_TARGET.source}" 0;
  }
  map "$page_cache_skip:$http_accept_encoding" $page_encoding {
    default "";
    "~^0:.*\\bbr\\b" br;
    "~^0:.*\\bgzip\\b" gzip;
  }
  map $upstream_http_cache_control $page_not_shared {
    default 0;
    "~*(no-store|private)" 1;
  }
  map $upstream_http_${RENDERED_CONFIG_HEADER.replaceAll('-', '_')} $page_other_config {
    default 1;
    "${site.servedConfigDigest}" 0;
  }
`;
}

/**
 * In each location that asks the render servers: the page kept under the served config's digest, its target and its
 * encoding, sent as kept for SHARED_PAGE_FRESH_S, then rendered again in the background while the kept copy is still
 * sent (one request per page does it: the lock); kept copies also stand in while no render server answers. The
 * render server's `Cache-Control` (for browsers: `no-cache` on pages) and `Vary` (the key has the encoding) do not
 * decide what nginx keeps. `X-Cache-Status` says which it was: HIT, STALE, UPDATING from the cache, MISS, EXPIRED,
 * BYPASS rendered for this request.
 */
function pageCacheLines(site: NginxSite): string {
  return `
    proxy_cache pages;
    proxy_cache_key "${site.servedConfigDigest}$request_uri $page_encoding";
    proxy_cache_valid 200 ${SHARED_PAGE_FRESH_S}s;
    proxy_cache_bypass $page_cache_skip;
    proxy_no_cache $page_cache_skip $page_not_shared $page_other_config;
    proxy_hide_header ${RENDERED_CONFIG_HEADER};
    proxy_ignore_headers Cache-Control Expires X-Accel-Expires Vary;
    proxy_cache_use_stale updating error timeout http_500 http_502 http_503 http_504;
    proxy_cache_background_update on;
    proxy_cache_lock on;
    proxy_cache_lock_timeout 5s;
    proxy_set_header Accept-Encoding $page_encoding;
    add_header X-Cache-Status $upstream_cache_status always;`;
}

/** How long the gate waits for one render server instance before it asks the next. */
const RENDER_READ_TIMEOUT_S = 8;

/** The gate's way to the render servers: an instance that fails or is slow, the next one. */
const RENDER_SERVER_PROXY = `
    proxy_pass http://render_servers;
    proxy_http_version 1.1;
    proxy_set_header Host $host;
    proxy_next_upstream error timeout http_502 http_503 http_504;
    proxy_next_upstream_tries 0;
    proxy_connect_timeout 1s;
    proxy_read_timeout ${RENDER_READ_TIMEOUT_S}s;`;

/** The page the render server would have sent, when none of its instances answers: the one written at build, or the client page. */
function renderedPages(site: NginxSite): string {
  const proxy = `
    proxy_pass http://render_gate;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;${budgetKeyLines()}
    # The gate tries each instance in turn; none: the page from the folder.
    proxy_connect_timeout 1s;
    proxy_read_timeout ${RENDER_READ_TIMEOUT_S * site.renderServers.length + 1}s;
    proxy_intercept_errors on;
    error_page 500 502 503 504 = @from_folder;${PAGE_LIMIT_LINES}${pageCacheLines(site)}
${headers(site, null, false)}
    ${VISITOR_COOKIE_LINE}`;
  return `${perRequestLocations(site, proxy)}
  location @render {${proxy}
  }

  location @from_folder {
    try_files ${site.writtenPages ? '$uri/index.html /app.html' : '/app.html =404'};
${headers(site, CACHE_RULES.fresh, false)}
    ${VISITOR_COOKIE_LINE}
  }
${
  site.writtenPages
    ? ''
    : `
  # The folder's pages were written for other addresses: the home page, and a page asked for by its file's name,
  # come from the render servers too.
  location = / {${proxy}
  }

  location ~ (^|/)index\\.html$ {${proxy}
  }
`
}`;
}

/**
 * A link longer than nginx reads (a pasted search of thousands of characters): the client page under 414, with the
 * site's headers, so the visitor still gets the site and its Chinese explanation, as from the part servers (431).
 */
const LONG_LINK_PAGE = '\n  error_page 414 /app.html;';

/** One part: hashed files cached for a year, everything else revalidated; a missing build file stays 404 (in Chinese). */
function partServer(site: NginxSite, port: number, root: string, kind: 'shell' | 'remote'): string {
  const cors = kind === 'remote';
  // The shell: a page written at build where there is one (`/about/3` ⇒ about/3/index.html) and it was written for
  // this config, else the render servers. A remote's folder holds no page: what is not a file there is a 404.
  const fallback = kind === 'remote' ? '$uri =404' : site.writtenPages ? '$uri $uri/index.html @render' : '$uri @render';
  const runtimeConfig =
    kind === 'shell'
      ? `
  location = /runtime-config.json {
    alias ${site.runtimeConfigFile};
${headers(site, CACHE_RULES.fresh, false)}
  }

  location = /${RELEASE_HISTORY_FILE} {
    alias ${path.join(path.dirname(site.runtimeConfigFile), RELEASE_HISTORY_FILE)};
    default_type "text/plain; charset=utf-8";
${headers(site, CACHE_RULES.fresh, false)}
  }

  location = /${GUARD_VERDICT_FILE} {
    alias ${path.join(path.dirname(site.runtimeConfigFile), GUARD_VERDICT_FILE)};
${headers(site, CACHE_RULES.fresh, false)}
  }
${renderedPages(site)}${tooManyLocation(`${headers(site, null, false)}\n    ${VISITOR_COOKIE_LINE}`)}`
      : '';
  return `
server {
${listenLines(site, port)}
  server_name ${serverNames(site)};
  root ${root};${tlsLines(site)}
  if ($request_method !~ ^(GET|HEAD)$) { return 405; }${kind === 'shell' ? LONG_LINK_PAGE : ''}
${runtimeConfig}
  location ~ "${HASHED}" {
    try_files $uri =404;
${headers(site, CACHE_RULES.hashed, cors)}
  }

  location ~ (^/assets/|^/server/|/remoteEntry\\.js$|/mf-manifest(-stats)?\\.json$|/version\\.json$|/entry-assets\\.json$) {
    try_files $uri =404;
${headers(site, CACHE_RULES.fresh, cors)}
  }

  location / {
    try_files ${fallback};
${headers(site, CACHE_RULES.fresh, cors)}${kind === 'shell' ? `\n    ${VISITOR_COOKIE_LINE}` : ''}
  }

  # A missing file says so in Chinese, as the part servers do, not with nginx's own page.
  error_page 404 @not_found;
  location @not_found {
    # Plain text whatever the missing file's extension (an empty map: the default type for every name).
    types { }
    default_type "text/plain; charset=utf-8";
    return 404 "404 未找到";
${headers(site, CACHE_RULES.fresh, cors)}
  }
}
`;
}

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
function apiServer(site: NginxSite): string {
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

/**
 * Plain HTTP: a redirect to the same path on the site's own name over HTTPS, whatever host the client wrote (never
 * `$host`: `Host: evil.example` would send the visitor there), nothing else.
 */
function redirectServer(site: NginxSite): string {
  if (!site.tls) return '';
  return `
server {
${listenOn(site, site.tls.redirectPort, ' default_server')}
  server_name ${serverNames(site)};
  return 301 https://${site.host}:${site.shell.port}$request_uri;
}
`;
}

/** The names the site's servers answer: a request for any other host gets `unknownHostServers`' 421. */
function serverNames(site: NginxSite): string {
  return servedHosts(site.host, [...site.addresses.parts, ...site.addresses.api]).join(' ');
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
