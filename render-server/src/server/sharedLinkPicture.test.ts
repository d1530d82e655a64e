import http from 'node:http';
import type net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { MAX_COVER_BYTES } from '../render/activityApi';
import { renderServerOn, shellFolder } from './renderServerFixture';

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
    app = await renderServerOn(shellFolder({ apiBaseUrl: apiOrigin }), jest.fn());
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
