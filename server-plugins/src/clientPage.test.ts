import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { canonicalPaths } from './canonicalPaths';
import { clientPageIn, clientPageRefusals, fallbackPageIn, historyMode, refusedWithClientPage, type ClientPage } from './clientPage';
import { rawAnswer } from './oddRequests';
import { securityHeaders } from './securityHeaders';

const APP = '<!doctype html><title>app</title><div id="root"></div>';
const BUILD_FILES = /^\/(assets\/.*|[^/]+\.[0-9a-f]{8}\.\w+)$/;
const HEADERS = securityHeaders({ parts: [], api: [] });

function folder(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-page-'));
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text);
  return dir;
}

/** A part's server as the part servers build it: refusals, canonical paths, history mode. */
async function server(page: ClientPage): Promise<{ app: FastifyInstance; port: number }> {
  const app = Fastify({ ...clientPageRefusals(page, HEADERS) });
  await app.register(canonicalPaths, { maxUrlLength: 8 * 1024, refuse: refusedWithClientPage(page, BUILD_FILES) });
  await app.register(historyMode, { page, buildFiles: BUILD_FILES });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as AddressInfo).port };
}

const get = (port: number, target: string, headers = '') => rawAnswer(port, `GET ${target} HTTP/1.1\r\nHost: localhost\r\n${headers}Connection: close\r\n\r\n`);

describe('the history-mode client page', () => {
  it.each([
    ['the shell (app.html beside index.html)', ['app.html', 'index.html'], 'app.html'],
    ["a remote's development build (its dev page)", ['index.html', 'remoteEntry.js'], true],
    ["a remote's production folder (no page)", ['remoteEntry.js'], false],
  ])('is found in %s', (_what, files, expected) => {
    const dir = folder(Object.fromEntries(files.map((file) => [file, ''])));
    expect(fallbackPageIn(dir)).toBe(expected);
    expect(clientPageIn(dir, expected).file).toBe(expected === true ? 'index.html' : expected || undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers a path that is no file, and a target the router cannot read, with the page; a build file with 404', async () => {
    const { app, port } = await server(clientPageIn(folder({ 'app.html': APP }), 'app.html'));
    for (const target of ['/search/%E8%AF%BE', '/no-such-page', '/search/100%', '/%E4%ZZ']) {
      const answer = await get(port, target);
      expect([target, answer.split('\r\n')[0]]).toEqual([target, 'HTTP/1.1 200 OK']);
      expect(answer).toMatch(/\r\ncontent-type: text\/html; charset=utf-8\r\n/i);
      expect(answer).toMatch(/\r\ncache-control: no-cache\r\n/i);
      expect(answer.endsWith(APP)).toBe(true);
    }
    // No hook runs for a target the router cannot read: the page's policies are set by the refusal itself.
    expect(await get(port, '/search/100%')).toMatch(/\r\ncontent-security-policy: default-src 'self'/i);
    expect(await get(port, '/main.00000000.js')).toMatch(/^HTTP\/1\.1 404 [\s\S]*\r\n\r\n404 未找到$/);
    await app.close();
  });

  it('stands under the status of a refused path, and of a link past 16 KB, so the visitor still gets the site', async () => {
    const { app, port } = await server(clientPageIn(folder({ 'app.html': APP }), 'app.html'));
    expect(await get(port, '/%2e%2e/etc/passwd')).toMatch(/^HTTP\/1\.1 404 [\s\S]*<title>app<\/title>/);
    expect(await get(port, '/assets/%2e%2e/x.1a2b3c4d.js')).toMatch(/^HTTP\/1\.1 404 /);
    const long = await get(port, `/search/${'%E8%AF%BE'.repeat(2500)}`);
    expect(long).toMatch(/^HTTP\/1\.1 431 [\s\S]*\r\ncontent-security-policy: /i);
    expect(long.endsWith(APP)).toBe(true);
    await app.close();
  });

  it('is none in a folder without pages: plain 404 and 400', async () => {
    const { app, port } = await server(clientPageIn(folder({ 'remoteEntry.js': '' }), false));
    expect(await get(port, '/no-such-page')).toMatch(/^HTTP\/1\.1 404 [\s\S]*\r\n\r\n404 未找到$/);
    expect(await get(port, '/%E4%ZZ')).toMatch(/^HTTP\/1\.1 400 [\s\S]*\r\n\r\n请求地址无效$/);
    expect(await get(port, `/search/${'%E8%AF%BE'.repeat(2500)}`)).toMatch(/^HTTP\/1\.1 431 [\s\S]*\r\n\r\n请求无效$/);
    await app.close();
  });

  it('sends the pages the server has instead, when it has a way to (the render server, a page written at build)', async () => {
    const page = clientPageIn(folder({ 'app.html': APP }), 'app.html');
    const app = Fastify();
    await app.register(historyMode, { page, buildFiles: BUILD_FILES, sendPage: async (_request, reply, pathname) => reply.send(`rendered ${pathname}`) });
    expect((await app.inject({ url: '/search/%E8%AF%BE?x=1' })).body).toBe('rendered /search/课');
    await app.close();
  });
});
