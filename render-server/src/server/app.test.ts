import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { configDigest, DEFAULT_RUNTIME_CONFIG, ENTRY_ASSETS_FILE, parseRuntimeConfig, type PageTarget } from '@wenrun/shared/node';
import { rawAnswer, rawRequest, RENDERED_CONFIG_HEADER } from '@wenrun/server-plugins';
import type { RenderedPage, RenderSetup } from '../render/shellServer';

import { MAX_COVER_BYTES } from '../render/activityApi';
import { buildRenderServer, sitePath } from './app';

const APP_PAGE = '<!doctype html><html lang="zh-CN"><head><title>文润教育</title><script defer src="/main.1a2b3c4d.js"></script></head><body><div id="root"></div></body></html>';

/** A shell's served folder with what the render server reads from it; the shell's render is the test's. */
function shellFolder(appPage = APP_PAGE): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'render-server-'));
  fs.writeFileSync(path.join(dir, 'app.html'), appPage);
  // Remotes nobody serves: the server starts anyway, and renders with what it can load.
  const remotes = Object.fromEntries(Object.keys(DEFAULT_RUNTIME_CONFIG.remotes).map((name) => [name, 'http://127.0.0.1:9/mf-manifest.json']));
  fs.writeFileSync(path.join(dir, 'runtime-config.json'), JSON.stringify({ apiBaseUrl: 'http://127.0.0.1:9', remotes }));
  fs.writeFileSync(path.join(dir, ENTRY_ASSETS_FILE), JSON.stringify({ main: { initial: { js: [], css: [] }, async: { js: [], css: [] } } }));
  return dir;
}

type Render = (target: PageTarget, setup: RenderSetup) => Promise<RenderedPage>;

function page(status: 200 | 404, routeId: 'activity' | 'search' | 'home', markup: string, failedSlots: string[] = []): RenderedPage {
  return {
    kind: 'page',
    status,
    routeId,
    head: { title: '标题', description: '说明', canonicalPath: '/', jsonLd: [] },
    jsonLd: [],
    markup,
    state: { data: {}, failedSlots, renderedAt: new Date(0).toISOString() },
    unavailable: [],
  };
}

/** A render server on `shellDir` whose shell's render is `render`, looking for changes every `checkIntervalMs`. */
function renderServerOn(shellDir: string, render: Render, checkIntervalMs = 60_000): Promise<FastifyInstance> {
  return buildRenderServer({
    shellDir,
    siteUrl: 'https://www.example.cn',
    dataTimeoutMs: 3000,
    renderTimeoutMs: 5000,
    checkIntervalMs,
    shellServer: { renderPage: render, reloadRemote: jest.fn(), observeRefusedFiles: async () => undefined },
  });
}

describe('render server', () => {
  let app: FastifyInstance;
  let render: jest.Mock<ReturnType<Render>, Parameters<Render>>;
  let origin = '';

  beforeEach(async () => {
    // The remotes of this folder's config are nobody's: the server says it cannot read their stylesheets.
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    render = jest.fn<ReturnType<Render>, Parameters<Render>>(async ({ pathname, search }) => {
      const url = `${pathname}${search}`;
      if (url.startsWith('/wuyou/404')) return page(404, 'activity', '<h1>没有找到这个活动</h1>');
      if (url.startsWith('/wuyou/')) return page(200, 'activity', `<h1>活动 ${url}</h1>`);
      if (url.startsWith('/search/')) return page(200, 'search', '<h1>搜索结果</h1>');
      if (url === '/home') return { kind: 'redirect', status: 301, location: '/' };
      if (url.startsWith('/broken')) throw new Error('渲染出错');
      if (url.startsWith('/slow-api')) return { ...page(200, 'home', '<h1>首页</h1>'), unavailable: [['home', { kind: 'timeout', message: '系统接口请求超时，请检查网络' }]] };
      return page(200, 'home', '<h1>首页</h1>');
    });
    app = await renderServerOn(shellFolder(), render);
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterEach(async () => {
    await app.close();
    jest.restoreAllMocks();
  });

  it('renders an activity once, serves it from its cache with a short public lifetime', async () => {
    const first = await fetch(`${origin}/wuyou/1`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600');
    expect(await first.text()).toContain('<h1>活动 /wuyou/1</h1>');
    const second = await fetch(`${origin}/wuyou/1`);
    expect(second.headers.get('x-render-cache')).toBe('hit');
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('compresses a page as the request accepts, rendered or kept: nginx keeps the copy it asked for (issue 42)', async () => {
    /** The answer as sent: fetch would undo the compression. */
    const raw = (pathname: string, acceptEncoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${origin}${pathname}`, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    for (let i = 0; i < 2; i++) {
      const asked = await raw('/wuyou/2', 'br');
      expect([asked.headers['content-encoding'], asked.headers.vary]).toEqual(['br', 'Accept-Encoding']);
      expect(zlib.brotliDecompressSync(asked.body).toString()).toContain('<h1>活动 /wuyou/2</h1>');
    }
    const plain = await raw('/', 'identity');
    expect([plain.headers['content-encoding'], plain.body.toString().includes('<h1>首页</h1>')]).toEqual([undefined, true]);
  });

  it('answers an unknown activity with 404 and the page that says so', async () => {
    const response = await fetch(`${origin}/wuyou/404`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('没有找到这个活动');
  });

  it('never lets a search page be kept, and renders it every time', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${origin}/search/%E8%AF%BE`);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('answers the client-rendered page, 200 and not kept, when the data or the render fails', async () => {
    for (const url of ['/slow-api', '/broken']) {
      const response = await fetch(`${origin}${url}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.text()).toBe(APP_PAGE);
    }
  });

  it('redirects old addresses within the site, and reads a doubled slash as a path, never as a host', async () => {
    const response = await fetch(`${origin}/home`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/');
    expect(sitePath('//evil.example/x?y=1')).toBe('/evil.example/x?y=1');
    expect(sitePath('/\\evil.example')).toBe('/evil.example');
  });

  it('refuses other methods with 405 and says which it takes', async () => {
    const response = await fetch(`${origin}/wuyou/1`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers raw request lines it cannot use with a 4xx, and keeps serving', async () => {
    const port = new URL(origin).port;
    const lines = ['GET //evil.example/ HTTP/1.1', 'GET /%E4%ZZ HTTP/1.1', 'GET * HTTP/1.1', `GET /${'a'.repeat(9000)} HTTP/1.1`, 'BREW /wuyou/1 HTTP/1.1'];
    for (const line of lines) {
      const status = await rawRequest(Number(port), `${line}\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      expect(`${line.slice(0, 40)} → ${status}`).toMatch(/→ HTTP\/1\.1 (200|301|400|404|405|414|431) /);
    }
    expect((await fetch(`${origin}/`)).status).toBe(200);
  });

  it('answers headers past 16 KB with 431 on a socket it ends: the client reads it, never a reset', async () => {
    const port = Number(new URL(origin).port);
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await rawAnswer(port, `GET /wuyou/1 HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(70 * 1024)}\r\n\r\n`);
      expect(answer).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
      expect(answer).toMatch(/\r\n\r\n请求头过大$/);
    }
    expect((await fetch(`${origin}/`)).status).toBe(200);
  });

  it('renders a page for a client that half-closes its socket once it has sent the request', async () => {
    // The render outlasts the client's half of the connection, as a real one does.
    render.mockImplementationOnce(async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return page(200, 'search', '<h1>搜索结果</h1>');
    });
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(new URL(origin).port), '127.0.0.1', () => socket.end('GET /search/%E5%8D%8A HTTP/1.1\r\nHost: localhost\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', () => resolve('error'));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('</html>');
  });

  it('answers the client page, malformed targets too, when its pages cannot be put together', async () => {
    const broken = await renderServerOn(shellFolder('<!doctype html><html><head><title>文润教育</title></head><body><div id="root"></div></body></html>'), render);
    try {
      const port = Number(new URL(await broken.listen({ port: 0, host: '127.0.0.1' })).port);
      for (const target of ['/wuyou/1', '/%E4%ZZ', '/search/100%']) {
        expect(await rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`)).toBe('HTTP/1.1 200 OK');
      }
    } finally {
      await broken.close();
    }
  });

  it('says on every page which config it rendered with, a kept one too, and the edited config from its next look on', async () => {
    const shellDir = shellFolder();
    const configFile = path.join(shellDir, 'runtime-config.json');
    const digestOf = () => configDigest(parseRuntimeConfig(JSON.parse(fs.readFileSync(configFile, 'utf8'))).config);
    const watching = await renderServerOn(shellDir, render, 50);
    try {
      const site = await watching.listen({ port: 0, host: '127.0.0.1' });
      const renderedWith = async (target: string) => (await fetch(`${site}${target}`)).headers.get(RENDERED_CONFIG_HEADER);
      const before = digestOf();
      expect([await renderedWith('/'), await renderedWith('/wuyou/1'), await renderedWith('/wuyou/1')]).toEqual([before, before, before]);
      fs.writeFileSync(configFile, JSON.stringify({ ...JSON.parse(fs.readFileSync(configFile, 'utf8')), contact: { hotline: '400-800-6060' } }));
      const after = digestOf();
      expect(after).not.toBe(before);
      for (let tries = 0; (await renderedWith('/')) !== after; tries += 1) {
        expect(tries).toBeLessThan(100);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await renderedWith('/wuyou/1')).toBe(after);
    } finally {
      await watching.close();
    }
  });

  it('reports its health with the remotes it renders with', async () => {
    const health = (await (await fetch(`${origin}/healthz`)).json()) as { status: string; remotes: Record<string, { error?: string }> };
    expect(health.status).toBe('ok');
    expect(Object.keys(health.remotes).sort()).toEqual(['about', 'auth', 'header', 'wuyou']);
    expect(health.remotes.header?.error).toBeTruthy();
  });

  it('keeps an activity page under its canonical path, and no page of an activity that does not exist', async () => {
    expect((await fetch(`${origin}/wuyou/%31`)).headers.get('x-render-cache')).toBeNull();
    // The same activity by its plain path: the kept page, the one an edit of activity 1 drops.
    expect((await fetch(`${origin}/wuyou/1`)).headers.get('x-render-cache')).toBe('hit');
    expect(render).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 3; i++) expect((await fetch(`${origin}/wuyou/404`)).status).toBe(404);
    expect(render).toHaveBeenCalledTimes(4);
    const health = (await (await fetch(`${origin}/healthz`)).json()) as { cachedPages: number };
    expect(health.cachedPages).toBe(1);
  });

  it('drops a kept activity page when told so on its own port (PURGE), and refuses PURGE through the site', async () => {
    await (await fetch(`${origin}/wuyou/1`)).text();
    expect((await fetch(`${origin}/wuyou/1`)).headers.get('x-render-cache')).toBe('hit');
    const proxied = await fetch(`${origin}/wuyou/1`, { method: 'PURGE', headers: { 'x-forwarded-for': '203.0.113.1' } });
    expect([proxied.status, proxied.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    expect((await fetch(`${origin}/wuyou/1`)).headers.get('x-render-cache')).toBe('hit');

    expect((await fetch(`${origin}/wuyou/%31`, { method: 'PURGE' })).status).toBe(204);
    expect((await fetch(`${origin}/wuyou/1`)).headers.get('x-render-cache')).toBeNull();
    expect(render).toHaveBeenCalledTimes(2);
    // Only activity pages are kept, so only they are dropped.
    expect((await fetch(`${origin}/about/1`, { method: 'PURGE' })).status).toBe(404);
  });

  it('resolves each request\'s page once: the page rendered, the page kept and the route counted are the same one', async () => {
    // A browser would never send it: fetch itself would drop the dot segments. The shell renders it as /wuyou/3.
    expect(await rawRequest(Number(new URL(origin).port), 'GET /search/../wuyou/3 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')).toBe('HTTP/1.1 200 OK');
    expect((await fetch(`${origin}/wuyou/3`)).headers.get('x-render-cache')).toBe('hit');
    expect(render.mock.calls.map(([target]) => target)).toEqual([{ pathname: '/wuyou/3', search: '', routeId: 'activity', params: { id: '3' } }]);
    const scraped = await (await fetch(`${origin}/metrics`)).text();
    expect(scraped).toMatch(/^http_requests_total\{[^}]*route="activity"[^}]*\} 2$/m);
  });

  it('answers /healthz only on its own port: through a proxy of the site it is a page like any other', async () => {
    const proxied = await fetch(`${origin}/healthz`, { headers: { 'x-forwarded-for': '203.0.113.1' } });
    expect(proxied.headers.get('content-type')).toMatch(/^text\/html/);
    const body = await proxied.text();
    expect(body).toContain('<h1>首页</h1>');
    expect(body).not.toContain('apiBaseUrl');
  });

  it('counts each page by route and outcome, and the activity cache, in Prometheus\'s format on its own port only', async () => {
    render.mockResolvedValueOnce(page(200, 'home', '<h1>首页</h1>', ['header/Header']));
    for (const url of ['/about/9', '/wuyou/1', '/wuyou/1', '/search/课程', '/slow-api', '/broken']) await (await fetch(`${origin}${encodeURI(url)}`)).text();
    const scraped = await fetch(`${origin}/metrics`);
    const families = parsePrometheusTextFormat(await scraped.text());
    const samples = (name: string, ...labels: string[]) =>
      Object.fromEntries(
        (families.find((each) => each.name === name)?.metrics ?? []).map((sample) => [labels.map((label) => sample.labels?.[label]).join(' '), Number(sample.value)]),
      );
    // The first page's header slot fell back on the server; the second request of the activity came from the cache.
    expect(samples('render_pages_total', 'route', 'outcome')).toEqual({
      'about slot_fallback': 1,
      'activity rendered': 1,
      'search rendered': 1,
      'other timed_out': 1,
      'other unavailable': 1,
    });
    expect(samples('render_slot_fallbacks_total', 'remote', 'version')).toEqual({ 'header unknown': 1 });
    expect(samples('render_page_cache_total', 'result')).toEqual({ miss: 1, hit: 1 });
    expect(samples('http_requests_total', 'route', 'method', 'status')['activity GET 200']).toBe(2);
    const proxied = await (await fetch(`${origin}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.1' } })).text();
    expect(proxied).not.toContain('render_pages_total');
  });
});

describe('render server: the picture of a shared link', () => {
  /** A stand-in for the API, whose activity names `cover`; and any other host, which records what it is asked. */
  let api: http.Server;
  let elsewhere: http.Server;
  let cover = '';
  const asked: string[] = [];
  let app: FastifyInstance;
  let origin = '';
  const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="63"><rect width="120" height="63" fill="#1f5fa8"/></svg>';

  const listen = (server: http.Server) =>
    new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}`)));

  beforeAll(async () => {
    elsewhere = http.createServer((request, response) => {
      asked.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG);
    });
    const elsewhereOrigin = await listen(elsewhere);
    api = http.createServer((request, response) => {
      if (request.url === '/images/cover.svg') return void response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG);
      if (request.url === '/images/huge.svg') return void response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(`<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(MAX_COVER_BYTES)}</svg>`);
      if (request.url === '/images/moved.svg') return void response.writeHead(302, { location: `${elsewhereOrigin}/moved.svg` }).end();
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({ header: { code: '200', codeMsg: '成功' }, data: { id: 1, cover: cover.replace('ELSEWHERE', elsewhereOrigin) } }),
      );
    });
    const apiOrigin = await listen(api);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const dir = shellFolder();
    const remotes = Object.fromEntries(Object.keys(DEFAULT_RUNTIME_CONFIG.remotes).map((name) => [name, 'http://127.0.0.1:9/mf-manifest.json']));
    fs.writeFileSync(path.join(dir, 'runtime-config.json'), JSON.stringify({ apiBaseUrl: apiOrigin, remotes }));
    app = await renderServerOn(dir, jest.fn());
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await app.close();
    await Promise.all([api, elsewhere].map((server) => new Promise((resolve) => server.close(resolve))));
    jest.restoreAllMocks();
  });

  // Each case asks for another activity: a picture drawn once is kept.
  it.each([
    ['on the API itself', 1, '/images/cover.svg', 200],
    ['on another host, named by the API (absolute)', 2, 'ELSEWHERE/internal/secret.svg', 404],
    ['redirected to another host', 3, '/images/moved.svg', 404],
    ['larger than 2 MB', 4, '/images/huge.svg', 404],
  ])('draws a cover %s only when it is the API\'s own and small (activity %i: %s → %i)', async (_what, id, named, status) => {
    cover = named;
    const response = await fetch(`${origin}/wuyou/${id}/cover.png`);
    expect(response.status).toBe(status);
    if (status === 200) expect(response.headers.get('content-type')).toBe('image/png');
    expect(asked).toEqual([]);
  });
});
