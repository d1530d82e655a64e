import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { canonicalPaths, decodedPath, type Refusal } from './canonicalPaths';
import { answeredAs, ODD_REQUEST_LINES, rawAnswer, rawRequest } from './oddRequests';
import { answerRefused, plainRefusal } from './refusals';
import { requestHygiene } from './requestHygiene';

/** Sent raw: an HTTP client (and `inject`) would resolve the dot segments before sending. */
async function portOf(app: FastifyInstance): Promise<number> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

async function rawGet(app: FastifyInstance, target: string): Promise<{ status: string; body: string }> {
  const answer = await rawAnswer(await portOf(app), `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
  return { status: answer.split(' ')[1] ?? '', body: answer.split('\r\n\r\n')[1] ?? '' };
}

async function server(refuse?: Refusal): Promise<FastifyInstance> {
  const app = Fastify({ clientErrorHandler: answerRefused(plainRefusal) });
  await app.register(canonicalPaths, { maxUrlLength: 8 * 1024, ...(refuse ? { refuse } : {}) });
  await app.register(requestHygiene, { methods: ['GET', 'HEAD'] });
  app.get('/*', async (request) => `page ${request.raw.url}`);
  return app;
}

describe('canonical paths', () => {
  it('redirects another spelling of a path to the plain one, on this origin only, the query kept', async () => {
    const app = await server();
    for (const [from, to] of [
      ['//evil.example/', '/evil.example/'],
      ['/\\evil.example', '/evil.example'],
      ['///about', '/about'],
      ['/about//3', '/about/3'],
      ['/a/../about/3?x=1', '/about/3?x=1'],
    ] as const) {
      const answer = await rawAnswer(await portOf(app), `GET ${from} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      expect([from, answer.split(' ')[1], /\r\nlocation: ([^\r]*)\r\n/i.exec(answer)?.[1]]).toEqual([from, '301', to]);
    }
    expect((await app.inject({ url: '/about/3?x=1' })).body).toBe('page /about/3?x=1');
    await app.close();
  });

  it('refuses a target too long (414), a NUL (400) and a climb out of the folder once decoded (404), in Chinese', async () => {
    const app = await server();
    const tooLong = await app.inject({ url: `/search/${'a'.repeat(9000)}` });
    expect([tooLong.statusCode, tooLong.body]).toEqual([414, '请求地址过长']);
    const nul = await app.inject({ url: '/a%00b' });
    expect([nul.statusCode, nul.body, nul.headers['cache-control']]).toEqual([400, '请求地址无效', 'no-cache']);
    for (const url of ['/..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/x/..%5c..%5cetc']) {
      expect([url, await rawGet(app, url)]).toEqual([url, { status: '404', body: '404 未找到' }]);
    }
    await app.close();
  });

  it('lets the server say its refusals its own way (a part with pages: its client page)', async () => {
    const app = await server((_request, reply, status) => reply.code(status).type('text/html').send('<title>app</title>'));
    expect(await rawGet(app, '/%2e%2e/etc/passwd')).toEqual({ status: '404', body: '<title>app</title>' });
    await app.close();
  });

  it.each(ODD_REQUEST_LINES)('with the other plugins, answers %j with a status of its own, and keeps serving', async (line) => {
    const app = await server();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const status = await rawRequest(port, `${line}\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    expect(`${line.slice(0, 40)} → ${status}`).toMatch(new RegExp(`→ ${answeredAs(line).source.slice(1)}`));
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
    await app.close();
  });

  it('reads a path decoded once, a malformed escape as typed', () => {
    expect(decodedPath('/search/%E8%AF%BE?x=%20')).toBe('/search/课');
    expect(decodedPath('/search/100%')).toBe('/search/100%');
    expect(decodedPath('/%252e')).toBe('/%2e');
  });
});
