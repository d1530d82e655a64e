import net, { type AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { requestHygiene } from './requestHygiene';

async function server(preflight?: boolean) {
  const app = Fastify();
  await app.register(requestHygiene, { methods: ['GET', 'HEAD'], ...(preflight === undefined ? {} : { preflight }) });
  app.all('/*', async (request) => `answered ${request.method}`);
  return app;
}

describe('request hygiene', () => {
  it('refuses other methods with 405 in Chinese, says which it takes, and never reaches a route', async () => {
    const app = await server();
    for (const method of ['POST', 'DELETE', 'PUT', 'OPTIONS'] as const) {
      const answer = await app.inject({ method, url: '/wuyou/1', payload: method === 'OPTIONS' ? undefined : 'x' });
      expect([method, answer.statusCode, answer.headers.allow, answer.body]).toEqual([method, 405, 'GET, HEAD', `不支持 ${method} 请求`]);
    }
    expect((await app.inject({ method: 'GET', url: '/' })).body).toBe('answered GET');
    await app.close();
  });

  it('answers CORS preflights with the methods it takes, for a server read across origins', async () => {
    const app = await server(true);
    const answer = await app.inject({ method: 'OPTIONS', url: '/remoteEntry.js' });
    expect(answer.statusCode).toBe(204);
    expect(answer.headers['access-control-allow-methods']).toBe('GET, HEAD');
    expect(answer.headers['access-control-max-age']).toBe('600');
    await app.close();
  });

  it('still answers a client that half-closes its socket once it has sent the request', async () => {
    const app = await server();
    app.addHook('preHandler', () => new Promise((resolve) => setTimeout(resolve, 100)));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect((app.server.address() as AddressInfo).port, '127.0.0.1', () => socket.end('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', () => resolve('error'));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200 [\s\S]*answered GET$/);
    await app.close();
  });
});
