import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { REMOTE_NAMES } from '@wenrun/shared/node';
import { answeredAs, ODD_REQUEST_LINES } from '@wenrun/server-plugins';
import { APP_START_SCRIPT_HASH } from '@wenrun/render-server/render/appStart';
import { cspDirectives, watchCsp } from '../support/csp';
import { rawTlsAnswer, request } from '../support/https';
import type { NginxSite } from '@wenrun/deploy/ops/nginx/site';
import { expect, test } from '../support/fixtures';
import { SITE_ORIGIN } from '../support/ports';
import { entryScriptOf, waitForApp, watchErrors } from '../support/site';

/**
 * The built site behind Debian's nginx over HTTPS (deploy/ops/nginx, started per worker by the `nginxSite` fixture with
 * a self-signed certificate and two render server instances), as production serves it.
 */
const PARTS = ['shell', ...REMOTE_NAMES] as const;
const IMMUTABLE = 'public, max-age=31536000, immutable';

test.use({ ignoreHTTPSErrors: true });

function originOf(site: NginxSite, part: (typeof PARTS)[number]): string {
  return part === 'shell' ? site.shell : site.remotes[part];
}

function partOrigins(site: NginxSite): string[] {
  return PARTS.map((part) => originOf(site, part));
}

/** A GET as a browser asking for gzip would send it, trusting this site's certificate. */
function getter(site: NginxSite) {
  return (url: string, headers: Record<string, string> = {}) => request(url, { headers: { 'Accept-Encoding': 'gzip', ...headers }, ca: site.ca });
}

/** What every response of every part carries, a page or not. */
function expectEveryResponseHeaders(headers: Record<string, string | string[] | undefined>): void {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['strict-transport-security']).toMatch(/max-age=(\d+)/);
  expect(Number(/max-age=(\d+)/.exec(String(headers['strict-transport-security']))?.[1])).toBeGreaterThanOrEqual(180 * 24 * 3600);
}

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
});

test.describe('nginx: cache rules and history fallback', () => {
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

  test('plain HTTP answers with a redirect to HTTPS on the same host, nothing else', async ({ nginxSite }) => {
    const answer = await request(`http://localhost:${nginxSite.httpPort}/about/3?x=1`);
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(`${nginxSite.shell}/about/3?x=1`);
  });

  test('every port answers each odd request line with a status of its own, and keeps serving', async ({ nginxSite }) => {
    // What /etc/passwd holds on any Linux machine: its first line, root's.
    const passwd = fs.readFileSync('/etc/passwd', 'utf8').split('\n')[0] ?? 'root:x:0:0:';
    for (const port of nginxSite.tlsPorts) {
      for (const line of ODD_REQUEST_LINES) {
        const answer = await rawTlsAnswer(port, `${line}\r\nHost: localhost\r\nConnection: close\r\n\r\n`, nginxSite.ca);
        const status = answer.split('\r\n')[0] ?? '';
        // A request line naming another host (absolute form) is for that host, which this site does not serve.
        const expected = /^GET https?:\/\/evil\.example\//.test(line) ? /^HTTP\/1\.1 421 / : answeredAs(line);
        expect(status, `${port} ${line.slice(0, 40)}`).toMatch(expected);
        // A 200 is the site's own page (the shell's port) and never a file from outside the served folders.
        expect(answer, `${port} ${line.slice(0, 40)}`).not.toContain(passwd);
        if (status.startsWith('HTTP/1.1 200 ')) expect([port, line, answer.includes('<div id="root">')]).toEqual([port, line, true]);
      }
      expect((await getter(nginxSite)(`https://localhost:${port}/`)).status).toBeLessThan(500);
    }
  });

  test('a link longer than nginx reads gets the client page under 414, with the site\'s headers, not nginx\'s English page', async ({ nginxSite }) => {
    const answer = await request(`${nginxSite.shell}/search/${'%E8%AF%BE'.repeat(2000)}`, { ca: nginxSite.ca });
    expect(answer.status).toBe(414);
    expect(answer.body).toContain('<div id="root">');
    expect(answer.body).not.toContain('nginx');
    expect(answer.headers['content-security-policy']).toBeTruthy();
    expect((await getter(nginxSite)(`${nginxSite.shell}/`)).status).toBe(200);
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

test('CORS: remotes answer only the parts’ origins; the shell answers nobody', async ({ nginxSite }) => {
  const get = getter(nginxSite);
  for (const origin of Object.values(nginxSite.remotes)) {
    for (const reader of partOrigins(nginxSite)) {
      const response = await get(`${origin}/mf-manifest.json`, { Origin: reader });
      expect(response.headers['access-control-allow-origin']).toBe(reader);
    }
    const foreign = await get(`${origin}/mf-manifest.json`, { Origin: 'http://evil.example' });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    // The dev servers' origins are not part of this deployment either.
    const devShell = await get(`${origin}/mf-manifest.json`, { Origin: SITE_ORIGIN });
    expect(devShell.headers['access-control-allow-origin']).toBeUndefined();
  }
  const shell = await get(`${nginxSite.shell}/runtime-config.json`, { Origin: nginxSite.remotes.header });
  expect(shell.headers['access-control-allow-origin']).toBeUndefined();
});

test('the API proxy forwards to the API and keeps its CORS for the shell', async ({ request: client, nginxSite }) => {
  const { api, shell } = nginxSite;
  const health = await client.get(`${api}/healthz`);
  expect(health.status()).toBe(200);
  expect(((await health.json()) as { status: string }).status).toBe('ok');
  const search = await client.post(`${api}/website/websiteSearch1.0`, { headers: { Origin: shell }, form: { keyword: '课程' } });
  expect(search.headers()['access-control-allow-origin']).toBe(shell);
  expect(((await search.json()) as { header: { code: string } }).header.code).toBe('200');
});

const SMOKE_PAGES = [
  { path: '/', shows: 'main#main', text: '我们提供' },
  { path: '/about/3', shows: 'main#main', text: '课程' },
  { path: `/search/${encodeURIComponent('课程')}`, shows: 'main#main', text: '课程' },
  { path: '/wuyou/1', shows: 'body', text: '报名' },
];

for (const { path, shows, text } of SMOKE_PAGES) {
  test(`through nginx ${decodeURIComponent(path)}: renders, no console error, no CSP violation`, async ({ page, nginxSite }) => {
    const errors = watchErrors(page);
    const violations = await watchCsp(page);
    await page.goto(`${nginxSite.shell}${path}`);
    await waitForApp(page);
    await expect(page.locator(shows)).toContainText(text);
    await expect(page.locator('.remote-slot--failed')).toHaveCount(0);
    if (path !== '/wuyou/1') await expect(page.locator('header.site-header')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test('the CSP watch itself sees an inline script being blocked', async ({ page, nginxSite }) => {
  const violations = await watchCsp(page);
  await page.goto(`${nginxSite.shell}/`);
  await waitForApp(page);
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.body.append(script);
  });
  await expect.poll(violations).toContainEqual(expect.stringMatching(/^script-src/));
  expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
});

/** Which process listens on `port` (Debian's `ss`). */
function pidListeningOn(port: number): number | undefined {
  const output = spawnSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' }).stdout;
  const pid = /pid=(\d+)/.exec(output)?.[1];
  return pid ? Number(pid) : undefined;
}

test('two render servers behind nginx: one killed in the middle of a load run, no request fails', async ({ nginxSite }) => {
  test.setTimeout(60_000);
  const { default: autocannon } = await import('autocannon');
  const [renderPort = 0] = nginxSite.renderPorts;
  const victim = pidListeningOn(renderPort);
  expect(victim, 'render server 1 is running').toBeDefined();
  // autocannon.d.ts leaves out `requests`, which autocannon takes.
  const options: Parameters<typeof autocannon>[0] & { requests: { path: string }[] } = {
    url: nginxSite.shell,
    connections: 10,
    duration: 6,
    requests: [{ path: '/wuyou/1' }, { path: `/search/${encodeURIComponent('课程')}` }],
  };
  const run = autocannon(options);
  setTimeout(() => process.kill(victim ?? 0, 'SIGKILL'), 2_000);
  const result = await run;
  expect(result.requests.total).toBeGreaterThan(50);
  expect(result.errors).toBe(0);
  expect(result.timeouts).toBe(0);
  expect(result.non2xx).toBe(0);
  // Its supervisor starts it again.
  await expect.poll(() => pidListeningOn(renderPort), { timeout: 15_000 }).not.toBe(victim);
});
