import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sirv from 'sirv';

/** Files that say which build is current: always revalidated, so a redeploy is picked up on the next load. */
const ALWAYS_FRESH = /(^|\/)(mf-manifest\.json|mf-manifest-stats\.json|remoteEntry\.js|runtime-config\.json|version\.json|robots\.txt|sitemap\.xml)$|\.html$|\/$/;
/** What only a build produces; a missing one is a 404, never the app's page. */
const BUILD_FILE = /^\/(assets\/.*|[^/]+\.[0-9a-f]{8}\.\w+|remoteEntry\.js|mf-manifest\.json)$/;
/** Content-hashed names (`main.1a2b3c4d.js`, `assets/logo.1a2b3c4d.svg`): the name changes when the file does. */
const HASHED = /\.[0-9a-f]{8}\.\w+$/;

export function cacheControlFor(pathname: string): string {
  if (ALWAYS_FRESH.test(pathname)) return 'no-cache';
  if (HASHED.test(pathname)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

export interface PartServerOptions {
  /** The built folder to serve. */
  root: string;
  port: number;
  /**
   * History-mode routing: paths that are no file get this page (the shell's `app.html`, the client-rendered app;
   * its index.html may be the prerendered home page). `true` means index.html.
   */
  spa?: boolean | string;
  /** Origins allowed to read these files with CORS; empty for the shell, which nobody else reads. */
  allowedOrigins?: string[];
  host?: string;
}

/**
 * Serves one part from its own origin with the production cache rules of DESIGN.md. The folder is read on every
 * request, so replacing a deployed folder takes effect without a restart.
 */
export function startPartServer(options: PartServerOptions): Promise<http.Server> {
  const allowed = new Set(options.allowedOrigins ?? []);
  const headers = {
    setHeaders(res: http.ServerResponse, pathname: string) {
      res.setHeader('Cache-Control', cacheControlFor(pathname));
      res.setHeader('X-Content-Type-Options', 'nosniff');
    },
  };
  // Build files (hashed chunks, remoteEntry.js, the manifest) that do not exist stay 404; every other path is a
  // page, even one that looks like a file name (`/search/v1.2`), so sirv's own guess by extension is off.
  const files = sirv(options.root, { dev: true, etag: true, ignores: false, ...headers });
  const pages = options.spa
    ? sirv(options.root, {
        dev: true,
        etag: true,
        ignores: false,
        single: options.spa === true ? 'index.html' : options.spa,
        ...headers,
      })
    : files;
  const serve = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    (BUILD_FILE.test(pathname) ? files : pages)(req, res, next);
  };

  const server = http.createServer((req, res) => {
    const origin = req.headers.origin;
    if (origin && allowed.has(origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD', 'Access-Control-Max-Age': '600' });
      res.end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' });
      res.end();
      return;
    }
    serve(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end('404 未找到');
    });
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve(server));
  });
}

export function serverPort(server: http.Server): number {
  return (server.address() as AddressInfo).port;
}
