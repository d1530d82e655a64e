import net from 'node:net';
import { rawAnswer, rawRequest } from '@wenrun/server-plugins';
import { page, renderServerOn, renderServerPerTest, shellFolder } from './renderServerFixture';

describe('render server: requests a browser would not send, over a raw socket', () => {
  const server = renderServerPerTest();

  it('answers raw request lines it cannot use with a 4xx, and keeps serving', async () => {
    const port = new URL(server.origin).port;
    const lines = ['GET //evil.example/ HTTP/1.1', 'GET /%E4%ZZ HTTP/1.1', 'GET * HTTP/1.1', `GET /${'a'.repeat(9000)} HTTP/1.1`, 'BREW /wuyou/1 HTTP/1.1'];
    for (const line of lines) {
      const status = await rawRequest(Number(port), `${line}\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      expect(`${line.slice(0, 40)} → ${status}`).toMatch(/→ HTTP\/1\.1 (200|301|400|404|405|414|431) /);
    }
    expect((await fetch(`${server.origin}/`)).status).toBe(200);
  });

  it('answers headers past 16 KB with 431 on a socket it ends: the client reads it, never a reset', async () => {
    const port = Number(new URL(server.origin).port);
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await rawAnswer(port, `GET /wuyou/1 HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(70 * 1024)}\r\n\r\n`);
      expect(answer).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
      expect(answer).toMatch(/\r\n\r\n请求头过大$/);
    }
    expect((await fetch(`${server.origin}/`)).status).toBe(200);
  });

  it('renders a page for a client that half-closes its socket once it has sent the request', async () => {
    // The render outlasts the client's half of the connection, as a real one does.
    server.render.mockImplementationOnce(async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return page(200, 'search', '<h1>搜索结果</h1>');
    });
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(new URL(server.origin).port), '127.0.0.1', () => socket.end('GET /search/%E5%8D%8A HTTP/1.1\r\nHost: localhost\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', () => resolve('error'));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('</html>');
  });

  it('answers the client page, malformed targets too, when its pages cannot be put together', async () => {
    const broken = await renderServerOn(shellFolder({ appPage: '<!doctype html><html><head><title>文润教育</title></head><body><div id="root"></div></body></html>' }), server.render);
    try {
      const port = Number(new URL(await broken.listen({ port: 0, host: '127.0.0.1' })).port);
      for (const target of ['/wuyou/1', '/%E4%ZZ', '/search/100%']) {
        expect(await rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`)).toBe('HTTP/1.1 200 OK');
      }
    } finally {
      await broken.close();
    }
  });
});
