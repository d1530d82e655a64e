import { expect, test } from '../support/fixtures';
import { getter } from '../support/nginx-answers';
import { SITE_ORIGIN } from '../support/ports';

test.describe("nginx: the config and every page for this site's addresses", () => {
  test('the shell serves the runtime config pointed at the nginx origins', async ({ nginxSite }) => {
    const config = JSON.parse((await getter(nginxSite)(`${nginxSite.shell}/runtime-config.json`)).body) as Record<string, unknown>;
    expect(config.apiBaseUrl).toBe(nginxSite.api);
    expect(config.remotes).toEqual(
      Object.fromEntries(Object.entries(nginxSite.remotes).map(([name, origin]) => [name, `${origin}/mf-manifest.json`])),
    );
  });

  test('pages written at build for other addresses are not served: every page comes from the render servers, for this site', async ({ nginxSite }) => {
    const get = getter(nginxSite);
    const shell = nginxSite.shell;
    // The build wrote its pages for npm start's addresses (their images, their remotes): they would name origins
    // this site's CSP does not allow.
    for (const path of ['/', '/about/3']) {
      const written = await get(`${shell}${path}`);
      expect(written.body, path).toContain('id="page-state"');
      expect(written.body, path).not.toContain(SITE_ORIGIN);
    }
    // Nor by its file's name: that is the old address of the home page, redirected.
    const byName = await get(`${shell}/index.html`);
    expect([byName.status, byName.headers.location]).toEqual([301, '/']);
    expect((await get(`${shell}/about/3`)).body).toContain(`<link rel="canonical" href="${shell}/about/3"`);
    // Rendered now, for this site's address.
    for (const [path, status, cacheControl] of [
      ['/about/3', 200, 'no-cache'],
      ['/wuyou/1', 200, 'public, max-age=60, stale-while-revalidate=600'],
      ['/wuyou/999', 404, 'public, max-age=60, stale-while-revalidate=600'],
      ['/search/%E8%AF%BE%E7%A8%8B', 200, 'no-store'],
      ['/no/such/page', 200, 'no-cache'],
    ] as const) {
      const page = await get(`${shell}${path}`);
      expect(page.status, path).toBe(status);
      expect(page.headers['cache-control'], path).toBe(cacheControl);
      expect(page.body, path).toContain('id="page-state"');
    }
    expect((await get(`${shell}/wuyou/1`)).body).toContain(`<link rel="canonical" href="${shell}/wuyou/1">`);
  });
});
