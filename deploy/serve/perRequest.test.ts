import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { activityImagePath, SITE_ROUTES } from '@wenrun/shared/node';
import { startPartServer } from './partServer';

/**
 * A path of each route of the route manifest, its params filled in (`/wuyou/:id` ⇒ `/wuyou/7`); the catch-all (`*`,
 * any other path) is every path no file names, which `partServer.test.ts` covers. nginx: `../nginx/config.test.ts`.
 */
const sampleOf = (pattern: string) => pattern.replace(/:\w+/g, '7').replace(/\/\*$/, '/3');
const PER_REQUEST = SITE_ROUTES.filter((route) => route.rendered === 'request' && route.path !== '*').map((route) => sampleOf(route.path));
const WRITTEN = SITE_ROUTES.filter((route) => route.rendered === 'build').flatMap((route) => route.buildPaths);

describe('the routes the manifest renders per request go to the render server, whatever the folder holds', () => {
  it('are some, and some routes are written at build', () => {
    expect(PER_REQUEST.length).toBeGreaterThan(0);
    expect(WRITTEN.length).toBeGreaterThan(0);
  });

  it('from the shell’s part server, even where a page was written at build; the written pages and pictures as files', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'per-request-'));
    const asked: string[] = [];
    const renderServer = http.createServer((request, response) => {
      asked.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<h1>rendered ${request.url}</h1>`);
    });
    await new Promise<void>((resolve) => renderServer.listen(0, '127.0.0.1', resolve));
    fs.writeFileSync(path.join(dir, 'app.html'), '<title>app</title>');
    for (const page of [...PER_REQUEST, ...WRITTEN]) {
      fs.mkdirSync(path.join(dir, page), { recursive: true });
      fs.writeFileSync(path.join(dir, page, 'index.html'), `<h1>written ${page}</h1>`);
    }
    fs.writeFileSync(path.join(dir, activityImagePath('7')), 'png');
    const server = await startPartServer({
      root: dir,
      port: 0,
      host: '127.0.0.1',
      spa: 'app.html',
      renderServer: { origin: `http://127.0.0.1:${(renderServer.address() as AddressInfo).port}`, timeoutMs: 2_000 },
      writtenPagesFit: () => true,
    });
    const at = async (pathname: string) => (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${pathname}`)).text();
    try {
      for (const page of PER_REQUEST) expect([page, await at(page)]).toEqual([page, `<h1>rendered ${page}</h1>`]);
      for (const page of WRITTEN) expect([page, await at(page)]).toEqual([page, `<h1>written ${page}</h1>`]);
      expect(await at(activityImagePath('7'))).toBe('png');
      expect(asked).toEqual(PER_REQUEST);
    } finally {
      server.close();
      renderServer.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
