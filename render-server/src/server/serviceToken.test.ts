import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVICE_TOKEN_HEADER } from '@wenrun/shared/node';
import { sendServiceToken } from './serviceToken';

describe('the service credential on the render server\'s calls', () => {
  const unwrapped = globalThis.fetch;
  let server: http.Server;
  let seen: (string | undefined)[] = [];
  let origin = '';

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const sent = request.headers[SERVICE_TOKEN_HEADER];
      seen.push(typeof sent === 'string' ? sent : undefined);
      response.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  afterEach(() => {
    globalThis.fetch = unwrapped;
    seen = [];
  });

  it('goes to the API\'s origin of the current config, by every spelling of a call, and to no other host', async () => {
    let apiOrigin = origin;
    sendServiceToken('t'.repeat(40), () => apiOrigin);
    await fetch(`${origin}/website/websiteSearch1.0`, { method: 'POST', body: 'key=a' });
    await fetch(new URL(`${origin}/x`));
    await fetch(new Request(`${origin}/y`, { headers: { accept: 'application/json' } }));
    // The same server under another name is another origin: it gets nothing.
    await fetch(origin.replace('127.0.0.1', 'localhost'));
    // The config moved the API: the old origin is any host now.
    apiOrigin = 'https://api.example.cn';
    await fetch(`${origin}/z`);
    expect(seen).toEqual(['t'.repeat(40), 't'.repeat(40), 't'.repeat(40), undefined, undefined]);
  });
});
