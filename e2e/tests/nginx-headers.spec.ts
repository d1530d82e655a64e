import { REMOTE_NAMES } from '@wenrun/shared/node';
import { APP_START_SCRIPT_HASH } from '@wenrun/render-server/render/appStart';
import { cspDirectives } from '../support/csp';
import { expect, test } from '../support/fixtures';
import { expectEveryResponseHeaders, getter, partOrigins } from '../support/nginx-answers';
import { entryScriptOf } from '../support/site';

test.describe('nginx: headers of every part', () => {
  test('the shell\'s page: CSP, nosniff, Referrer-Policy, frame-ancestors', async ({ nginxSite }) => {
    const get = getter(nginxSite);
    const origins = partOrigins(nginxSite);
    const { status, headers } = await get(`${nginxSite.shell}/`);
    expect(status).toBe(200);
    expectEveryResponseHeaders(headers);
    expect(headers['permissions-policy']).toContain('camera=()');
    // One cookie only: the visitor key nginx signs for its budgets (issue 50), for this origin alone, out of scripts' reach.
    expect(headers['set-cookie']).toEqual([expect.stringMatching(/^__Host-wenrun-visitor=[0-9a-f]{32}\.[\w-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/)]);
    const csp = cspDirectives(String(headers['content-security-policy'] ?? ''));
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    // Scripts only from our own origins: inline only the app's loader by its hash, no eval, no other host.
    const scripts = csp.get('script-src') ?? [];
    expect(scripts).toContain("'self'");
    for (const source of scripts) expect(source === "'self'" || source === APP_START_SCRIPT_HASH || origins.includes(source)).toBe(true);
    for (const [name, sources] of csp) {
      for (const source of sources) {
        if (!source.startsWith('http')) continue;
        expect([...origins, nginxSite.api], `${name} ${source}`).toContain(source);
      }
    }
  });

  for (const remote of REMOTE_NAMES) {
    test(`${remote}: no page (its dev page is not deployed), a missing file is a Chinese 404 with the site's headers`, async ({ nginxSite }) => {
      const get = getter(nginxSite);
      for (const path of ['/', '/index.html', `/${remote}/1`, '/main.00000000.js']) {
        const { status, headers, body } = await get(`${nginxSite.remotes[remote]}${path}`);
        expect(status, path).toBe(404);
        expect(body, path).toBe('404 未找到');
        expect(headers['content-type'], path).toMatch(/^text\/plain/);
        expectEveryResponseHeaders(headers);
        // Not a document: the page policies are not sent.
        expect(headers['content-security-policy'], path).toBeUndefined();
      }
    });
  }

  test("a page's policies on documents only: pages from the folder and the render servers, no script or manifest", async ({
    nginxSite,
  }) => {
    const get = getter(nginxSite);
    const policies = ['content-security-policy', 'permissions-policy', 'x-frame-options'];
    const home = await get(`${nginxSite.shell}/`);
    const script = entryScriptOf(home.body);
    const files = [
      `${nginxSite.shell}/${script}`,
      `${nginxSite.shell}/runtime-config.json`,
      ...Object.values(nginxSite.remotes).flatMap((origin) => [`${origin}/remoteEntry.js`, `${origin}/mf-manifest.json`]),
    ];
    for (const url of files) {
      const { status, headers } = await get(url);
      expect(status, url).toBe(200);
      for (const name of policies) expect(headers[name], `${url} ${name}`).toBeUndefined();
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['strict-transport-security'], url).toBeTruthy();
    }
    for (const url of [`${nginxSite.shell}/`, `${nginxSite.shell}/wuyou/1`, `${nginxSite.shell}/search/${encodeURIComponent('课程')}`]) {
      const { headers } = await get(url);
      expect(headers['content-type'], url).toMatch(/^text\/html/);
      for (const name of policies) expect(headers[name], `${url} ${name}`).toBeTruthy();
    }
  });
});
