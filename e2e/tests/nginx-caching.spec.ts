import { expect, test } from '../support/fixtures';
import { request } from '../support/https';
import { getter, IMMUTABLE } from '../support/nginx-answers';
import { entryScriptOf } from '../support/site';

test.describe('nginx: cache rules and compression', () => {
  test('the shell: pages and ops files no-cache, hashed files immutable, missing files 404', async ({ nginxSite }) => {
    const get = getter(nginxSite);
    const shell = nginxSite.shell;
    const home = await get(`${shell}/`);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.body).toContain('id="page-state"');
    const script = entryScriptOf(home.body);

    const main = await get(`${shell}/${script}`);
    expect(main.status).toBe(200);
    expect(main.headers['cache-control']).toBe(IMMUTABLE);
    expect(main.headers['content-type']).toMatch(/javascript/);
    expect(main.headers['content-encoding']).toBe('gzip');

    for (const file of ['app.html', 'runtime-config.json', 'mf-manifest.json', 'version.json']) {
      const response = await get(`${shell}/${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers['cache-control'], file).toBe('no-cache');
    }
    // A hashed file that is not there is a broken deploy, not a page: 404, never app.html.
    expect((await get(`${shell}/main.00000000.js`)).status).toBe(404);
    expect((await request(`${shell}/`, { method: 'POST', ca: nginxSite.ca })).status).toBe(405);
  });

  test('remotes: manifest and entry no-cache, chunks immutable and gzipped', async ({ nginxSite }) => {
    const get = getter(nginxSite);
    for (const origin of Object.values(nginxSite.remotes)) {
      const manifest = await get(`${origin}/mf-manifest.json`);
      expect(manifest.headers['cache-control']).toBe('no-cache');
      expect(manifest.headers['content-encoding']).toBe('gzip');
      expect((await get(`${origin}/remoteEntry.js`)).headers['cache-control']).toBe('no-cache');
      const chunk = (JSON.parse(manifest.body) as { exposes: { assets: { js: { sync: string[] } } }[] }).exposes[0]
        ?.assets.js.sync[0];
      expect(chunk).toMatch(/\.[0-9a-f]{8}\.js$/);
      const response = await get(`${origin}/${chunk}`);
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
    }
  });

  test('the build\'s brotli files for browsers that accept them, plain for those that do not', async ({ nginxSite }) => {
    const header = nginxSite.remotes.header;
    const manifest = JSON.parse((await getter(nginxSite)(`${header}/mf-manifest.json`)).body) as { exposes: { assets: { js: { sync: string[] } } }[] };
    const chunk = `${header}/${manifest.exposes[0]?.assets.js.sync[0] ?? ''}`;
    const br = await request(chunk, { headers: { 'Accept-Encoding': 'br' }, ca: nginxSite.ca });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    const plain = await request(chunk, { ca: nginxSite.ca });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(br.body);
    expect(br.sentBytes).toBeLessThan(plain.sentBytes / 2);
  });
});
