import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import type { SendPage } from './answers';
import { cachedPagesOr } from './pageCache';
import { RENDERED_CONFIG_HEADER } from './renderProxy';

const page = (text: string) => `<!doctype html><h1>${text.repeat(500)}</h1>`;
const FRESH_MS = 400;

describe('pages kept in front of the render server (npm start, issue 42)', () => {
  let renderServer: http.Server;
  let app: FastifyInstance;
  let answer: (request: http.IncomingMessage, response: http.ServerResponse) => void;
  let digest = 'config-1';
  /** The config the render server renders with, when it has not read the served one (`digest`) yet. */
  let renderedWith: string | undefined;
  const asked: string[] = [];
  const fallback: SendPage = async (_request, reply, pathname) => reply.code(200).send(`from the folder ${pathname}`);

  beforeAll(async () => {
    renderServer = http.createServer((request, response) => {
      asked.push(String(request.url));
      response.setHeader(RENDERED_CONFIG_HEADER, renderedWith ?? digest);
      answer(request, response);
    });
    await new Promise<void>((resolve) => renderServer.listen(0, '127.0.0.1', resolve));
    // Long enough that a CPU-starved CI run never sends the folder's page where a test expects a rendered one; the
    // render server that does not answer is played by a destroyed socket, not by waiting this out.
    const upstream = { origin: `http://127.0.0.1:${(renderServer.address() as AddressInfo).port}`, timeoutMs: 5_000 };
    const sendPage = cachedPagesOr(upstream, fallback, { shared: /^\/(about\/[1-6])?$/, configDigest: () => digest, freshMs: FRESH_MS, maxPages: 10 });
    app = Fastify();
    app.get('/*', (request, reply) => sendPage(request, reply, (request.raw.url ?? '/').split('?')[0] ?? '/'));
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => renderServer.close(resolve));
  });
  beforeEach(() => {
    asked.length = 0;
    digest = 'config-1';
    renderedWith = undefined;
    answer = (request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' }).end(page(String(request.url)));
  });

  it('renders a shared page once, then sends it from the cache, compressed once per encoding, however many ask at once', async () => {
    const first = await Promise.all(Array.from({ length: 20 }, () => app.inject({ url: '/about/3', headers: { 'accept-encoding': 'gzip, br' } })));
    expect(asked).toEqual(['/about/3']);
    expect(new Set(first.map((reply) => reply.headers['x-cache-status']))).toEqual(new Set(['MISS']));
    const kept = await app.inject({ url: '/about/3', headers: { 'accept-encoding': 'br' } });
    expect([kept.statusCode, kept.headers['x-cache-status'], kept.headers['content-encoding'], kept.headers['cache-control']]).toEqual([200, 'HIT', 'br', 'no-cache']);
    expect(zlib.brotliDecompressSync(kept.rawPayload).toString()).toBe(page('/about/3'));
    // Another encoding is another copy: rendered once more, then kept too.
    const plain = await app.inject({ url: '/about/3' });
    expect([plain.headers['content-encoding'], plain.body]).toEqual([undefined, page('/about/3')]);
    expect(asked).toEqual(['/about/3', '/about/3']);
  });

  it('keeps the whole page when a HEAD asks first, and answers the HEAD without a body', async () => {
    digest = 'head first';
    const head = await app.inject({ method: 'HEAD', url: '/about/2' });
    expect([head.statusCode, head.body]).toEqual([200, '']);
    const kept = await app.inject({ url: '/about/2' });
    expect([kept.headers['x-cache-status'], kept.body]).toEqual(['HIT', page('/about/2')]);
  });

  it('renders again for an edited config at once, and after freshMs in the background while the cached page is sent', async () => {
    await app.inject({ url: '/' });
    digest = 'config-2';
    const edited = await app.inject({ url: '/' });
    expect([edited.headers['x-cache-status'], asked.length]).toEqual(['MISS', 2]);
    await new Promise((resolve) => setTimeout(resolve, FRESH_MS + 50));
    answer = (_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(page('next'));
    const stale = await app.inject({ url: '/' });
    expect([stale.headers['x-cache-status'], stale.body]).toEqual(['STALE', page('/')]);
    for (let tries = 0; (await app.inject({ url: '/' })).body !== page('next'); tries += 1) {
      expect(tries).toBeLessThan(50);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(asked).toEqual(['/', '/', '/']);
  });

  it('never keeps another target (a query, search), nor an answer that must not be shared', async () => {
    for (const url of ['/?utm=1', '/search/课程', '/about/7']) {
      const replies = [await app.inject({ url }), await app.inject({ url })];
      expect(replies.map((reply) => reply.headers['x-cache-status'])).toEqual(['BYPASS', 'BYPASS']);
    }
    expect(asked).toEqual(['/?utm=1', '/?utm=1', '/search/%E8%AF%BE%E7%A8%8B', '/search/%E8%AF%BE%E7%A8%8B', '/about/7', '/about/7']);
    for (const headers of [{ 'cache-control': 'no-store' }, { 'cache-control': 'private' }, { 'set-cookie': 'a=1' }]) {
      asked.length = 0;
      digest = `unshared ${JSON.stringify(headers)}`;
      answer = (_request, response) => response.writeHead(200, { 'content-type': 'text/html', ...headers }).end(page('client page'));
      const replies = [await app.inject({ url: '/about/1' }), await app.inject({ url: '/about/1' })];
      expect(replies.map((reply) => [reply.headers['x-cache-status'], reply.body])).toEqual([
        ['BYPASS', page('client page')],
        ['BYPASS', page('client page')],
      ]);
      expect(asked).toEqual(['/about/1', '/about/1']);
    }
    asked.length = 0;
    answer = (_request, response) => response.writeHead(404, { 'content-type': 'text/html' }).end(page('没有'));
    const missing = [await app.inject({ url: '/about/2' }), await app.inject({ url: '/about/2' })];
    expect(missing.map((reply) => reply.statusCode)).toEqual([404, 404]);
    expect(asked).toHaveLength(2);
  });

  it('does not keep a page rendered for another config than the key\'s: after an edit, until the render server has read it', async () => {
    digest = 'edited';
    renderedWith = 'before the edit';
    const early = [await app.inject({ url: '/about/6' }), await app.inject({ url: '/about/6' })];
    expect(early.map((reply) => [reply.statusCode, reply.headers['x-cache-status'], reply.body])).toEqual([
      [200, 'BYPASS', page('/about/6')],
      [200, 'BYPASS', page('/about/6')],
    ]);
    // Which config the render server used is between it and the pages in front of it.
    expect(early[0]?.headers[RENDERED_CONFIG_HEADER]).toBeUndefined();
    renderedWith = undefined;
    const caught = [await app.inject({ url: '/about/6' }), await app.inject({ url: '/about/6' })];
    expect(caught.map((reply) => reply.headers['x-cache-status'])).toEqual(['MISS', 'HIT']);
    expect(asked).toEqual(['/about/6', '/about/6', '/about/6']);
  });

  it('sends the cached page while the render server does not answer, and the page from the folder when nothing is kept', async () => {
    digest = 'down';
    await app.inject({ url: '/about/4' });
    await new Promise((resolve) => setTimeout(resolve, FRESH_MS + 50));
    answer = (_request, response) => response.destroy();
    const stale = await app.inject({ url: '/about/4' });
    expect([stale.statusCode, stale.body]).toEqual([200, page('/about/4')]);
    const never = await app.inject({ url: '/about/5' });
    expect(never.body).toBe('from the folder /about/5');
  });
});
