import { expect, test, type Page } from '@playwright/test';
import { API_PORT } from '../../shared/src/config/parts';
import { E2E_PORTS } from '../support/ports';
import { waitForApp, watchErrors } from '../support/site';

/** The built site behind Debian's nginx (deploy/nginx, started by playwright.config.ts), as production serves it. */
const SHELL = `http://localhost:${E2E_PORTS.nginxShell}`;
const REMOTES = {
  header: `http://localhost:${E2E_PORTS.nginxHeader}`,
  about: `http://localhost:${E2E_PORTS.nginxAbout}`,
  auth: `http://localhost:${E2E_PORTS.nginxAuth}`,
  wuyou: `http://localhost:${E2E_PORTS.nginxWuyou}`,
};
const API = `http://localhost:${E2E_PORTS.nginxApi}`;
const PART_ORIGINS = [SHELL, ...Object.values(REMOTES)];
/** The pages written at build hold image URLs of the API the build read (the default one); only images may come from it. */
const PRERENDER_API = `http://localhost:${API_PORT}`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Node's fetch asks for gzip and keeps the Content-Encoding header it decoded. */
async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers: { 'Accept-Encoding': 'gzip', ...headers } });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

test.describe('nginx: headers of every part', () => {
  for (const origin of PART_ORIGINS) {
    test(`${origin}: CSP, nosniff, Referrer-Policy, frame-ancestors`, async () => {
      const { status, headers } = await get(`${origin}/`);
      expect(status).toBe(200);
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      const csp = directives(headers.get('content-security-policy') ?? '');
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      // Scripts only from our own origins: nothing inline, no eval, no other host.
      const scripts = csp.get('script-src') ?? [];
      expect(scripts).toContain("'self'");
      for (const source of scripts) expect(source === "'self'" || PART_ORIGINS.includes(source)).toBe(true);
      for (const [name, sources] of csp) {
        for (const source of sources) {
          if (!source.startsWith('http')) continue;
          const allowed = name === 'img-src' ? [...PART_ORIGINS, API, PRERENDER_API] : [...PART_ORIGINS, API];
          expect(allowed, `${name} ${source}`).toContain(source);
        }
      }
    });
  }
});

test.describe('nginx: cache rules and history fallback', () => {
  test('the shell: pages and ops files no-cache, hashed files immutable, missing files 404', async () => {
    const home = await get(`${SHELL}/`);
    expect(home.headers.get('cache-control')).toBe('no-cache');
    expect(home.body).toContain('id="page-state"');
    const script = /src="\/(main\.[0-9a-f]{8}\.js)"/.exec(home.body)?.[1];
    expect(script).toBeTruthy();

    const main = await get(`${SHELL}/${script}`);
    expect(main.status).toBe(200);
    expect(main.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(main.headers.get('content-type')).toMatch(/javascript/);
    expect(main.headers.get('content-encoding')).toBe('gzip');

    for (const file of ['app.html', 'runtime-config.json', 'mf-manifest.json', 'version.json']) {
      const response = await get(`${SHELL}/${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('cache-control'), file).toBe('no-cache');
    }
    // A hashed file that is not there is a broken deploy, not a page: 404, never app.html.
    expect((await get(`${SHELL}/main.00000000.js`)).status).toBe(404);
    expect((await fetch(`${SHELL}/`, { method: 'POST' })).status).toBe(405);
  });

  test('the shell serves the runtime config pointed at the nginx origins', async () => {
    const config = JSON.parse((await get(`${SHELL}/runtime-config.json`)).body) as Record<string, unknown>;
    expect(config.apiBaseUrl).toBe(API);
    expect(config.remotes).toEqual(
      Object.fromEntries(Object.entries(REMOTES).map(([name, origin]) => [name, `${origin}/mf-manifest.json`])),
    );
  });

  test('history mode: a page written at build for /about/N and /wuyou/N, app.html for any other path', async () => {
    for (const path of ['/about/3', '/wuyou/1']) {
      const written = await get(`${SHELL}${path}`);
      expect(written.status, path).toBe(200);
      expect(written.body, path).toContain('id="page-state"');
      expect(written.body, path).toContain(`<link rel="canonical" href="http://localhost:3000${path}"`);
    }
    const appHtml = (await get(`${SHELL}/app.html`)).body;
    for (const path of ['/search/%E8%AF%BE%E7%A8%8B', '/wuyou/999', '/no/such/page']) {
      const page = await get(`${SHELL}${path}`);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('cache-control'), path).toBe('no-cache');
      expect(page.body, path).toBe(appHtml);
    }
  });

  test('remotes: manifest and entry no-cache, chunks immutable and gzipped', async () => {
    for (const origin of Object.values(REMOTES)) {
      const manifest = await get(`${origin}/mf-manifest.json`);
      expect(manifest.headers.get('cache-control')).toBe('no-cache');
      expect(manifest.headers.get('content-encoding')).toBe('gzip');
      expect((await get(`${origin}/remoteEntry.js`)).headers.get('cache-control')).toBe('no-cache');
      const chunk = (JSON.parse(manifest.body) as { exposes: { assets: { js: { sync: string[] } } }[] }).exposes[0]
        ?.assets.js.sync[0];
      expect(chunk).toMatch(/\.[0-9a-f]{8}\.js$/);
      const response = await get(`${origin}/${chunk}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
    }
  });
});

test('CORS: remotes answer only the parts’ origins; the shell answers nobody', async () => {
  for (const origin of Object.values(REMOTES)) {
    for (const reader of PART_ORIGINS) {
      const response = await get(`${origin}/mf-manifest.json`, { Origin: reader });
      expect(response.headers.get('access-control-allow-origin')).toBe(reader);
    }
    const foreign = await get(`${origin}/mf-manifest.json`, { Origin: 'http://evil.example' });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    // The dev servers' origins are not part of this deployment either.
    const devShell = await get(`${origin}/mf-manifest.json`, { Origin: 'http://localhost:3000' });
    expect(devShell.headers.get('access-control-allow-origin')).toBeNull();
  }
  const shell = await get(`${SHELL}/runtime-config.json`, { Origin: REMOTES.header });
  expect(shell.headers.get('access-control-allow-origin')).toBeNull();
});

test('the API proxy forwards to the API and keeps its CORS for the shell', async () => {
  const response = await fetch(`${API}/healthz`);
  expect(response.status).toBe(200);
  expect(((await response.json()) as { status: string }).status).toBe('ok');
  const search = await fetch(`${API}/website/websiteSearch1.0`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SHELL },
    body: new URLSearchParams({ keyword: '课程' }),
  });
  expect(search.headers.get('access-control-allow-origin')).toBe(SHELL);
  expect(((await search.json()) as { header: { code: string } }).header.code).toBe('200');
});

/** Collects CSP violations as the page reports them. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

const SMOKE_PAGES = [
  { path: '/', shows: 'main#main', text: '我们提供' },
  { path: '/about/3', shows: 'main#main', text: '课程' },
  { path: `/search/${encodeURIComponent('课程')}`, shows: 'main#main', text: '课程' },
  { path: '/wuyou/1', shows: 'body', text: '报名' },
];

for (const { path, shows, text } of SMOKE_PAGES) {
  test(`through nginx ${decodeURIComponent(path)}: renders, no console error, no CSP violation`, async ({ page }) => {
    const errors = watchErrors(page);
    const violations = await watchCsp(page);
    await page.goto(`${SHELL}${path}`);
    await waitForApp(page);
    await expect(page.locator(shows)).toContainText(text);
    await expect(page.locator('.remote-slot--failed')).toHaveCount(0);
    if (path !== '/wuyou/1') await expect(page.locator('header.site-header')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test('the CSP watch itself sees an inline script being blocked', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto(`${SHELL}/`);
  await waitForApp(page);
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.body.append(script);
  });
  await expect.poll(violations).toContainEqual(expect.stringMatching(/^script-src/));
  expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
});
