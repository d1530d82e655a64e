import { REMOTE_NAMES, type RemoteName } from '../../shared/src/config/parts';

/** Where each part is served by nginx: every part on its own origin, as in production. */
export interface NginxSite {
  /** Host name the browser uses for every origin (`localhost` on a test machine). */
  host: string;
  /** Addresses nginx listens on (loopback only on a test machine). */
  listen: string[];
  shell: { port: number; root: string };
  remotes: Record<RemoteName, { port: number; root: string }>;
  /** The API proxy: its public port and the upstream it forwards to (the reference API or the real one). */
  api: { port: number; upstream: string };
  /** The runtime-config.json served by the shell (rendered for these origins by the start script). */
  runtimeConfigFile: string;
  /**
   * Further image origins: the prerendered pages carry absolute image URLs of the API the prerender read (the
   * built runtime config), which differs from the proxy's while both run on one test machine.
   */
  imageOrigins: string[];
  /** nginx's prefix: pid, temp folders and logs live here. */
  prefix: string;
  /** `user` directive; only meaningful when the master process runs as root. */
  user?: string;
}

export function originOf(site: Pick<NginxSite, 'host'>, port: number): string {
  return `http://${site.host}:${port}`;
}

export function partOrigins(site: NginxSite): string[] {
  return [site.shell.port, ...REMOTE_NAMES.map((name) => site.remotes[name].port)].map((port) => originOf(site, port));
}

/**
 * The Content-Security-Policy of every part. Scripts only from the parts' own origins, no inline script: the
 * prerendered pages embed `application/json` and `application/ld+json` blocks, which are data the browser never
 * executes, so they need no hash. Styles allow inline: the prerendered pages carry their critical CSS in a
 * `<style>` block and React writes `style` attributes into the same markup.
 */
export function contentSecurityPolicy(site: NginxSite): string {
  const parts = partOrigins(site).join(' ');
  const api = originOf(site, site.api.port);
  return [
    "default-src 'self'",
    `script-src 'self' ${parts}`,
    `style-src 'self' 'unsafe-inline' ${parts}`,
    `img-src 'self' data: blob: ${[parts, api, ...site.imageOrigins].join(' ')}`,
    `font-src 'self' data: ${parts}`,
    `connect-src 'self' ${parts} ${api}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Content-hashed names (`main.1a2b3c4d.js`): the name changes when the file does (as deploy/staticServer.ts). Quoted in the config: nginx reads `{` as a block. */
const HASHED_FILE = String.raw`\.[0-9a-f]{8}\.\w+$`;

function securityHeaders(site: NginxSite): string {
  return [
    `add_header Content-Security-Policy "${contentSecurityPolicy(site)}" always;`,
    'add_header X-Content-Type-Options nosniff always;',
    'add_header Referrer-Policy strict-origin-when-cross-origin always;',
    'add_header X-Frame-Options DENY always;',
  ].join('\n');
}

/** nginx drops the server's add_header lines in a location that has its own, so every location repeats them all. */
function headers(site: NginxSite, cacheControl: string, cors: boolean): string {
  const lines = [securityHeaders(site), `add_header Cache-Control "${cacheControl}" always;`];
  if (cors) lines.push('add_header Access-Control-Allow-Origin $cors_origin always;', 'add_header Vary Origin always;');
  return indent(lines.join('\n'), 4);
}

function indent(text: string, spaces: number): string {
  return text
    .split('\n')
    .map((line) => (line ? ' '.repeat(spaces) + line : line))
    .join('\n');
}

function listenLines(site: NginxSite, port: number): string {
  return site.listen.map((address) => `  listen ${address.includes(':') ? `[${address}]` : address}:${port};`).join('\n');
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** One part: hashed files cached for a year, everything else revalidated; a missing build file stays 404. */
function partServer(site: NginxSite, port: number, root: string, kind: 'shell' | 'remote'): string {
  const cors = kind === 'remote';
  // The shell's pages: a prerendered page where there is one (`/about/3` ⇒ about/3/index.html), else app.html.
  const fallback = kind === 'shell' ? '$uri $uri/index.html /app.html' : '$uri $uri/index.html /index.html';
  const runtimeConfig =
    kind === 'shell'
      ? `
  location = /runtime-config.json {
    alias ${site.runtimeConfigFile};
${headers(site, 'no-cache', false)}
  }
`
      : '';
  return `
server {
${listenLines(site, port)}
  server_name ${site.host};
  root ${root};
  if ($request_method !~ ^(GET|HEAD)$) { return 405; }
${runtimeConfig}
  location ~ "${HASHED_FILE}" {
    try_files $uri =404;
${headers(site, IMMUTABLE, cors)}
  }

  location ~ (^/assets/|/remoteEntry\\.js$|/mf-manifest(-stats)?\\.json$|/version\\.json$) {
    try_files $uri =404;
${headers(site, 'no-cache', cors)}
  }

  location / {
    try_files ${fallback};
${headers(site, 'no-cache', cors)}
  }
}
`;
}

function apiServer(site: NginxSite): string {
  return `
server {
${listenLines(site, site.api.port)}
  server_name ${site.host};
  client_max_body_size 64k;

  location / {
    proxy_pass ${site.api.upstream};
    proxy_http_version 1.1;
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_read_timeout 30s;
    add_header X-Content-Type-Options nosniff always;
    add_header Referrer-Policy strict-origin-when-cross-origin always;
  }
}
`;
}

/** The whole nginx.conf: the five parts, each on its own origin, and the API behind a proxy. */
export function renderNginxConfig(site: NginxSite): string {
  const corsMap = partOrigins(site)
    .map((origin) => `    "${origin}" $http_origin;`)
    .join('\n');
  return `# Rendered by deploy/nginx/start.ts: do not edit, edit the template in deploy/nginx/config.ts.
${site.user ? `user ${site.user};\n` : ''}worker_processes 1;
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

  # Debian's nginx has no brotli module; gzip covers every text type the parts serve.
  gzip on;
  gzip_vary on;
  gzip_comp_level 6;
  gzip_min_length 512;
  gzip_types text/css text/plain application/javascript application/json image/svg+xml application/manifest+json;

  # CORS only for the parts' own origins: a remote's manifest and chunks are read by the shell and each other.
  map $http_origin $cors_origin {
    default "";
${corsMap}
  }
${partServer(site, site.shell.port, site.shell.root, 'shell')}${REMOTE_NAMES.map((name) =>
    partServer(site, site.remotes[name].port, site.remotes[name].root, 'remote'),
  ).join('')}${apiServer(site)}}
`;
}
