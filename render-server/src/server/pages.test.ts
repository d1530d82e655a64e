import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { configDigest, parseRuntimeConfig } from '@wenrun/shared/node';
import { rawRequest, RENDERED_CONFIG_HEADER } from '@wenrun/server-plugins';
import { sitePath } from './app';
import { APP_PAGE, renderServerOn, renderServerPerTest, shellFolder } from './renderServerFixture';

describe('render server: the page each address answers', () => {
  const server = renderServerPerTest();

  it('compresses a page as the request accepts, rendered or kept: nginx keeps the copy it asked for (issue 42)', async () => {
    /** The answer as sent: fetch would undo the compression. */
    const raw = (pathname: string, acceptEncoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${server.origin}${pathname}`, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
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
    const response = await fetch(`${server.origin}/wuyou/404`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('没有找到这个活动');
  });

  it('answers the client-rendered page, 200 and not kept, when the data or the render fails', async () => {
    for (const url of ['/slow-api', '/broken']) {
      const response = await fetch(`${server.origin}${url}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.text()).toBe(APP_PAGE);
    }
  });

  it('redirects old addresses within the site, and reads a doubled slash as a path, never as a host', async () => {
    const response = await fetch(`${server.origin}/home`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/');
    expect(sitePath('//evil.example/x?y=1')).toBe('/evil.example/x?y=1');
    expect(sitePath('/\\evil.example')).toBe('/evil.example');
  });

  it('refuses other methods with 405 and says which it takes', async () => {
    const response = await fetch(`${server.origin}/wuyou/1`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it('resolves each request\'s page once: the page rendered, the page kept and the route counted are the same one', async () => {
    // A browser would never send it: fetch itself would drop the dot segments. The shell renders it as /wuyou/3.
    expect(await rawRequest(Number(new URL(server.origin).port), 'GET /search/../wuyou/3 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')).toBe('HTTP/1.1 200 OK');
    expect((await fetch(`${server.origin}/wuyou/3`)).headers.get('x-render-cache')).toBe('hit');
    expect(server.render.mock.calls.map(([target]) => target)).toEqual([{ pathname: '/wuyou/3', search: '', routeId: 'activity', params: { id: '3' }, matched: true }]);
    const scraped = await (await fetch(`${server.origin}/metrics`)).text();
    expect(scraped).toMatch(/^http_requests_total\{[^}]*route="activity"[^}]*\} 2$/m);
  });

  it('says on every page which config it rendered with, a kept one too, and the edited config from its next look on', async () => {
    const shellDir = shellFolder();
    const configFile = path.join(shellDir, 'runtime-config.json');
    const digestOf = () => configDigest(parseRuntimeConfig(JSON.parse(fs.readFileSync(configFile, 'utf8'))).config);
    const watching = await renderServerOn(shellDir, server.render, 50);
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
});
