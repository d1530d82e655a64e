import net from 'node:net';
import { API_PATHS } from '@wenrun/shared/node';
import { rawAnswer } from '@wenrun/server-plugins';
import { getJson, startServer, type TestServer } from './test/harness';

/**
 * The limits of the reference API, each as the abuse it stops (limits.*.test.ts): here, the admin and logout calls
 * sent as a browser never would, over a raw socket.
 */

describe('the new calls over a raw socket: odd methods, huge headers, a half-closed socket', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ devEndpoints: false, adminToken: 'k'.repeat(48) });
  });
  afterAll(() => server.close());
  const port = () => Number(new URL(server.url).port);

  it.each([
    ['an odd method on the admin endpoint', 'BREW /admin/activities HTTP/1.1\r\nHost: localhost\r\n\r\n', /^HTTP\/1\.1 (400|404|405) /],
    ['a 70 KB token', `POST /admin/activities HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${'k'.repeat(70 * 1024)}\r\n\r\n`, /^HTTP\/1\.1 431 /],
    ['a logout without a body', `POST ${API_PATHS.logout} HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`, /^HTTP\/1\.1 200 /],
  ])('answers %s and keeps serving', async (_what, raw, status) => {
    expect(await rawAnswer(port(), raw)).toMatch(status);
    expect((await getJson(`${server.url}/healthz`)).status).toBe(200);
  });

  it('answers a logout sent on a socket the client half-closes once it has written it', async () => {
    const body = 'token=abc';
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(port(), '127.0.0.1', () =>
        socket.end(`POST ${API_PATHS.logout} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body}`),
      );
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', () => resolve('socket error'));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"code":"200"');
  });
});
