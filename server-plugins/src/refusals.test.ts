import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { rawAnswer } from './oddRequests';
import { answerRefused, plainRefusal, refusedStatus } from './refusals';

describe('refusals: what a server says to a request Node’s parser refused', () => {
  let app: FastifyInstance;
  let port = 0;
  beforeAll(async () => {
    app = Fastify({ clientErrorHandler: answerRefused(plainRefusal) });
    app.get('/', async () => 'ok');
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  it('names the status by the parser’s error', () => {
    expect(refusedStatus({ code: 'HPE_HEADER_OVERFLOW' })).toBe(431);
    expect(refusedStatus({ code: 'ERR_HTTP_REQUEST_TIMEOUT' })).toBe(408);
    expect(refusedStatus({ code: 'HPE_INVALID_METHOD' })).toBe(400);
    expect(refusedStatus({})).toBe(400);
  });

  it('answers headers past 16 KB with a whole 431 in Chinese, on a socket it ends rather than resets', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const answer = await rawAnswer(port, `GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(70 * 1024)}\r\n\r\n`);
      expect(answer).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
      expect(answer).toMatch(/\r\ncache-control: no-cache\r\n/i);
      expect(answer).toMatch(/\r\nconnection: close\r\n/i);
      expect(answer).toMatch(/\r\n\r\n请求头过大$/);
    }
  });

  it('answers a line that is no HTTP with 400, and keeps serving', async () => {
    expect(await rawAnswer(port, 'GARBAGE\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n[\s\S]*\r\n\r\n请求无效$/);
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
  });
});
