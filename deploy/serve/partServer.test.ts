import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { activityImagePath, SITE_ROUTES } from '@wenrun/shared/node';
import { answeredAs, ODD_REQUEST_LINES, rawRequest } from '@wenrun/server-plugins';
import { compressFolder } from '../assemble/compress';
import { siteHeaders } from './headers';
import { startPartServer } from './partServer';

function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'part-server-'));
  const big = `console.log(${JSON.stringify('文润'.repeat(2000))});`;
  fs.writeFileSync(path.join(dir, 'main.1a2b3c4d.js'), big);
  fs.writeFileSync(path.join(dir, 'app.html'), '<!doctype html><title>app</title><div id="root"></div>');
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>home</title><div id="root"><h1>首页</h1></div>');
  fs.mkdirSync(path.join(dir, 'about', '3'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'about', '3', 'index.html'), '<!doctype html><h1>精品课程</h1>');
  fs.writeFileSync(path.join(dir, 'runtime-config.json'), JSON.stringify({ pad: 'x'.repeat(2000) }));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'logo.1a2b3c4d.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(dir, 'assets', 'site.1a2b3c4d.css'), 'body{margin:0}');
  compressFolder(dir);
  return dir;
}

describe('part server', () => {
  let server: http.Server;
  let port = 0;
  let dir = '';
  const at = (pathname: string, init?: RequestInit) => fetch(`http://127.0.0.1:${port}${pathname}`, init);

  beforeAll(async () => {
    dir = folder();
    server = await startPartServer({
      root: dir,
      port: 0,
      host: '127.0.0.1',
      spa: 'app.html',
      allowedOrigins: ['http://localhost:3000'],
      headers: siteHeaders({ parts: ['http://localhost:3000'], api: ['http://localhost:3100'] }),
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('counts what it served in Prometheus\'s format at /metrics, on its own port: through a proxy it is a page', async () => {
    await at('/app.html');
    const families = parsePrometheusTextFormat(await (await at('/metrics')).text());
    const requests = families.find((family) => family.name === 'http_requests_total');
    expect(requests?.metrics.some((sample) => sample.labels?.status === '200' && sample.labels.server === 'part')).toBe(true);
    const proxied = await at('/metrics', { headers: { 'x-forwarded-for': '198.51.100.7' } });
    expect(await proxied.text()).not.toContain('http_requests_total');
  });

  it('sends the brotli or gzip copy a client accepts, the plain file otherwise, and says it varies', async () => {
    const br = await at('/main.1a2b3c4d.js', { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const gzip = await at('/main.1a2b3c4d.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const plain = await at('/main.1a2b3c4d.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(fs.readFileSync(path.join(dir, 'main.1a2b3c4d.js'), 'utf8'));
  });

  it('never precompresses the runtime config, which ops edit in place', () => {
    expect(fs.existsSync(path.join(dir, 'runtime-config.json.br'))).toBe(false);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'main.1a2b3c4d.js.br'))).toString()).toContain('文润');
  });

  it('serves written pages, the client page for other paths, and 404 for missing build files', async () => {
    expect(await (await at('/about/3')).text()).toContain('精品课程');
    const other = await at('/search/%E8%AF%BE');
    expect(other.status).toBe(200);
    expect(await other.text()).toContain('<title>app</title>');
    expect((await at('/main.00000000.js')).status).toBe(404);
    expect((await at('/mf-manifest.json')).status).toBe(404);
  });

  it('sets the security headers and the cache rules, and CORS only for the site', async () => {
    const home = await at('/', { headers: { origin: 'http://localhost:3000' } });
    expect(home.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(home.headers.get('content-security-policy')).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(home.headers.get('x-content-type-options')).toBe('nosniff');
    expect(home.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(home.headers.get('permissions-policy')).toContain('camera=()');
    expect(home.headers.get('cache-control')).toBe('no-cache');
    expect(home.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect((await at('/', { headers: { origin: 'https://evil.example' } })).headers.get('access-control-allow-origin')).toBeNull();
  });

  it("sends a page's policies with documents only: every page and SVG, no script, stylesheet or JSON", async () => {
    const policies = ['content-security-policy', 'permissions-policy', 'x-frame-options'];
    const documents = ['/', '/about/3', '/no-such-page', '/assets/logo.1a2b3c4d.svg', `/search/${'x'.repeat(2000)}%`];
    for (const pathname of documents) {
      const answer = await at(pathname, { headers: { 'accept-encoding': 'br, gzip' } });
      for (const name of policies) expect([pathname, name, answer.headers.get(name)]).toEqual([pathname, name, expect.any(String)]);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const files = ['/main.1a2b3c4d.js', '/assets/site.1a2b3c4d.css', '/runtime-config.json', '/missing.1a2b3c4d.js'];
    for (const pathname of files) {
      const answer = await at(pathname, { headers: { 'accept-encoding': 'br, gzip' } });
      for (const name of policies) expect([pathname, name, answer.headers.get(name)]).toEqual([pathname, name, null]);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it.each(ODD_REQUEST_LINES)('answers %j with a status of its own, and keeps serving', async (line) => {
    const status = await rawRequest(port, `${line}\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    expect(`${line.slice(0, 40)} → ${status}`).toMatch(new RegExp(`→ ${answeredAs(line).source.slice(1)}`));
    expect((await at('/')).status).toBe(200);
  });

  it('answers a link past 16 KB of request line and headers with the client page under 431, and the site’s headers', async () => {
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(`GET /search/${'%E8%AF%BE'.repeat(2500)} HTTP/1.1\r\nHost: localhost\r\n\r\n`));
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
    });
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toMatch(/^content-security-policy: /im);
    expect(head).toMatch(/^cache-control: no-cache$/im);
    expect(body).toBe('<!doctype html><title>app</title><div id="root"></div>');
    expect((await at('/')).status).toBe(200);
  });

  it('answers a 64 KB header with 431, and a client that half-closes its socket', async () => {
    expect(await rawRequest(port, `GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(64 * 1024)}\r\n\r\n`)).toMatch(/^HTTP\/1\.1 431 /);
    const halfClosed = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.end('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n'));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
    });
    expect(halfClosed).toMatch(/^HTTP\/1\.1 200 /);
    expect((await at('/')).status).toBe(200);
  });
});

/**
 * A path of each route of the route manifest rendered per request, its params filled in (`/wuyou/:id` ⇒ `/wuyou/7`);
 * the catch-all (`*`) is every path no file names. And the paths it writes at build.
 */
const PER_REQUEST = SITE_ROUTES.filter((route) => route.rendered === 'request' && route.path !== '*').map((route) => route.path.replace(/:\w+/g, '7'));
const WRITTEN = SITE_ROUTES.filter((route) => route.rendered === 'build').flatMap((route) => route.buildPaths);

describe('a shell with the render server in front of its pages', () => {
  let dir = '';
  let server: http.Server;
  let renderServer: http.Server;
  let port = 0;
  let fit = false;
  let renderAnswers = true;
  const asked: string[] = [];
  const at = (pathname: string) => fetch(`http://127.0.0.1:${port}${pathname}`);

  beforeAll(async () => {
    dir = folder();
    renderServer = http.createServer((request, response) => {
      asked.push(request.url ?? '');
      if (!renderAnswers) return void response.writeHead(503).end();
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'x-render-cache': 'miss' }).end(`<!doctype html><h1>rendered ${request.url}</h1>`);
    });
    await new Promise<void>((resolve) => renderServer.listen(0, '127.0.0.1', resolve));
    server = await startPartServer({
      root: dir,
      port: 0,
      host: '127.0.0.1',
      spa: 'app.html',
      renderServer: { origin: `http://127.0.0.1:${(renderServer.address() as AddressInfo).port}`, timeoutMs: 2_000 },
      writtenPagesFit: () => fit,
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await new Promise((resolve) => renderServer.close(resolve));
  });
  beforeEach(() => {
    asked.length = 0;
    renderAnswers = true;
  });

  it('sends the routes the route manifest renders per request there, even where a page was written (perRequest.ts)', async () => {
    fit = true;
    for (const page of [...PER_REQUEST, ...WRITTEN]) {
      fs.mkdirSync(path.join(dir, page), { recursive: true });
      if (!fs.existsSync(path.join(dir, page, 'index.html'))) fs.writeFileSync(path.join(dir, page, 'index.html'), `<h1>written ${page}</h1>`);
    }
    fs.writeFileSync(path.join(dir, activityImagePath('7')), 'png');
    expect(PER_REQUEST.length).toBeGreaterThan(0);
    for (const page of PER_REQUEST) expect([page, await (await at(page)).text()]).toEqual([page, `<!doctype html><h1>rendered ${page}</h1>`]);
    for (const page of WRITTEN) expect([page, await (await at(page)).text()]).toEqual([page, expect.not.stringContaining('rendered')]);
    expect(await (await at(activityImagePath('7'))).text()).toBe('png');
    expect(asked).toEqual(PER_REQUEST);
  });

  it('sends every written page made for another config, by any spelling, from the render server', async () => {
    fit = false;
    for (const [pathname, rendered] of [
      ['/', '/'],
      ['/index.html', '/'],
      ['/about/3', '/about/3'],
      ['/about/3/index.html', '/about/3/'],
      ['/about/3?from=menu', '/about/3?from=menu'],
    ] as const) {
      const answer = await at(pathname);
      expect(answer.headers.get('x-render-cache')).toBe('miss');
      expect(await answer.text()).toContain(`rendered ${rendered}`);
    }
    expect(asked).toEqual(['/', '/', '/about/3', '/about/3/', '/about/3?from=menu']);
  });

  it('stands the client page in for a written page when the render server does not answer, never the stale page', async () => {
    fit = false;
    renderAnswers = false;
    for (const pathname of ['/', '/about/3']) {
      const body = await (await at(pathname)).text();
      expect(body).toContain('<title>app</title>');
      expect(body).not.toMatch(/首页|精品课程/);
    }
  });

  it('sends the written pages while they fit, and files as files either way', async () => {
    fit = true;
    expect(await (await at('/')).text()).toContain('首页');
    expect(await (await at('/about/3')).text()).toContain('精品课程');
    expect(asked).toEqual([]);
    fit = false;
    expect((await at('/assets/site.1a2b3c4d.css')).status).toBe(200);
    expect(asked).toEqual([]);
  });
});
