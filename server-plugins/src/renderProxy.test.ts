import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import type { SendPage } from './answers';
import { renderedOr, renderProxy } from './renderProxy';

const PAGE = `<!doctype html><h1>${'活动'.repeat(1000)}</h1>`;

describe('the render proxy', () => {
  let renderServer: http.Server;
  let app: FastifyInstance;
  let answer: (request: http.IncomingMessage, response: http.ServerResponse) => void;
  const asked: { url?: string; method?: string; forwardedFor?: string }[] = [];
  const fallback: SendPage = async (_request, reply, pathname) => reply.code(200).send(`from the folder ${pathname}`);

  beforeAll(async () => {
    renderServer = http.createServer((request, response) => {
      asked.push({ url: request.url, method: request.method, forwardedFor: String(request.headers['x-forwarded-for']) });
      answer(request, response);
    });
    await new Promise<void>((resolve) => renderServer.listen(0, '127.0.0.1', resolve));
    // Long enough that a CPU-starved CI run still gets the render server's page; "too slow" below is far slower.
    const sendPage = renderedOr({ origin: `http://127.0.0.1:${(renderServer.address() as AddressInfo).port}`, timeoutMs: 1_500 }, fallback);
    app = Fastify();
    await app.register(renderProxy, { sendPage, routes: ['/wuyou/*'] });
    app.get('/other', (request, reply) => sendPage(request, reply, '/other', '/asked-for?x=1'));
  });
  afterAll(async () => {
    await app.close();
    // The "too slow" answer still holds its connection, and on Node 22 and 24 fetch opens another after the time-out:
    // closed here, not left to the worker's exit (a worker that "failed to exit gracefully" in Node 24's CI runs).
    renderServer.closeAllConnections();
    await new Promise((resolve) => renderServer.close(resolve));
  });
  beforeEach(() => {
    asked.length = 0;
    answer = (_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=60', 'x-render-cache': 'hit', 'x-secret': 'no' }).end(PAGE);
  });

  it('asks for the page on the visitor’s behalf, relays its status and headers, and compresses it as accepted', async () => {
    const reply = await app.inject({ url: '/wuyou/1?from=share', headers: { 'accept-encoding': 'br' }, remoteAddress: '203.0.113.9' });
    expect(asked).toEqual([{ url: '/wuyou/1?from=share', method: 'GET', forwardedFor: '203.0.113.9' }]);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('public, max-age=60');
    expect(reply.headers['x-render-cache']).toBe('hit');
    expect(reply.headers['x-secret']).toBeUndefined();
    expect(reply.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(reply.rawPayload).toString()).toBe(PAGE);
    expect((await app.inject({ url: '/other' })).body).toBe(PAGE);
    expect(asked[1]?.url).toBe('/asked-for?x=1');
  });

  it('relays a page of nothing (404) and a redirect, and answers HEAD without a body', async () => {
    answer = (request, response) =>
      request.url === '/wuyou/404' ? response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>没有找到这个活动</h1>') : response.writeHead(301, { location: '/' }).end();
    const missing = await app.inject({ url: '/wuyou/404' });
    expect([missing.statusCode, missing.body]).toEqual([404, '<h1>没有找到这个活动</h1>']);
    const moved = await app.inject({ url: '/wuyou/old' });
    expect([moved.statusCode, moved.headers.location]).toEqual([301, '/']);
    answer = (_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    const head = await app.inject({ method: 'HEAD', url: '/wuyou/1' });
    expect([head.statusCode, head.body, asked.at(-1)?.method]).toEqual([200, '', 'HEAD']);
  });

  it('sends the fallback when the render server fails, refuses the request or is too slow', async () => {
    for (const fail of [
      (_request: http.IncomingMessage, response: http.ServerResponse) => response.writeHead(503).end(),
      (_request: http.IncomingMessage, response: http.ServerResponse) => response.writeHead(400).end('bad'),
      (_request: http.IncomingMessage, response: http.ServerResponse) => setTimeout(() => response.writeHead(200).end(PAGE), 6_000).unref(),
    ]) {
      answer = fail;
      const reply = await app.inject({ url: '/wuyou/1' });
      expect([reply.statusCode, reply.body]).toEqual([200, 'from the folder /wuyou/1']);
    }
  });

  it('sends the fallback when nothing listens', async () => {
    const offline = Fastify();
    await offline.register(renderProxy, { sendPage: renderedOr({ origin: 'http://127.0.0.1:9', timeoutMs: 300 }, fallback), routes: ['/search/*'] });
    expect((await offline.inject({ url: '/search/%E8%AF%BE' })).body).toBe('from the folder /search/%E8%AF%BE');
    await offline.close();
  });
});
