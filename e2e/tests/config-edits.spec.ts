import fs from 'node:fs';
import path from 'node:path';
import { aboutPath, activityPath, API_PORT, RUNTIME_CONFIG_FILE, SHELL_PART } from '@wenrun/shared/node';
import { SAMPLE_ACTIVITY } from '../support/activities';
import { expect, test } from '../support/fixtures';
import { request } from '../support/https';
import { distOf, waitForApp, watchErrors } from '../support/site';

/**
 * An ops edit of the runtime config (the API moved to another origin, a new hotline) is in every page within a
 * minute, under `npm start` and under the production form: pages written at build for the old config are no longer
 * sent (deploy/serve/writtenPages.ts); the render server renders for the new one.
 *
 * Its own project after the site's tests: it edits the config `npm start` serves, for a moment.
 */
test.use({ ignoreHTTPSErrors: true });

const PAGES = ['/', aboutPath(3), activityPath(SAMPLE_ACTIVITY.id)];
const NEW_HOTLINE = '400-800-6060';
/** How long an edit may take to reach every page (the minute). */
const WITHIN_MS = 60_000;

/** The config as ops edit it: every address on the API's old origin moved to the new one, and a new hotline. */
function movedConfig(text: string, from: string, to: string): string {
  const config = JSON.parse(text.split(from).join(to)) as { contact: Record<string, string> };
  config.contact.hotline = NEW_HOTLINE;
  return JSON.stringify(config, null, 2);
}

/** Waits until every page, as served now, names each of `present` and none of `absent`. */
async function expectPagesFollow(get: (pathname: string) => Promise<string>, present: string[], absent: string[]): Promise<void> {
  for (const pathname of PAGES) {
    await expect
      .poll(
        async () => {
          const body = await get(pathname);
          return [...present.filter((text) => !body.includes(text)), ...absent.filter((text) => body.includes(text))];
        },
        { message: `${pathname}: what it should name and does not, or names and should not`, timeout: WITHIN_MS, intervals: [500] },
      )
      .toEqual([]);
  }
}

test('npm start: the API origin and hotline edited in runtime-config.json are in /, /about/3 and /wuyou/1 within a minute', async ({ page }) => {
  test.setTimeout(4 * WITHIN_MS);
  const file = path.join(distOf(SHELL_PART.folder), RUNTIME_CONFIG_FILE);
  const original = fs.readFileSync(file, 'utf8');
  const oldOrigin = `http://localhost:${API_PORT}`;
  // The same API under the machine's loopback address: another origin, as a move to another host would be.
  const newOrigin = `http://127.0.0.1:${API_PORT}`;
  const shell = `http://localhost:${SHELL_PART.port}`;
  const get = async (pathname: string) => (await request(`${shell}${pathname}`)).body;
  try {
    fs.writeFileSync(file, movedConfig(original, oldOrigin, newOrigin));
    await expectPagesFollow(get, [newOrigin, NEW_HOTLINE], [oldOrigin]);

    // What the visitor sees: the new hotline in the footer, pictures from the new origin, a page that hydrates.
    const errors = watchErrors(page);
    await page.goto('/');
    await waitForApp(page);
    await expect(page.locator('footer').getByText(NEW_HOTLINE)).toBeVisible();
    const pictures = await page.locator('main img').evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src));
    expect(pictures.length).toBeGreaterThan(0);
    expect(pictures.filter((src) => !src.startsWith(`${newOrigin}/`))).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    fs.writeFileSync(file, original);
  }
  // Back as it was, for the tests after these.
  await expectPagesFollow(get, [oldOrigin], [newOrigin, NEW_HOTLINE]);
});

test('production form: the API origin and hotline edited in the served config are in every page within a minute, and no page over HTTPS names an http: URL', async ({
  nginxSite,
}) => {
  test.setTimeout(4 * WITHIN_MS);
  const original = fs.readFileSync(nginxSite.runtimeConfigFile, 'utf8');
  const oldOrigin = nginxSite.api;
  // The same nginx API proxy by its IP address (the certificate names it too): another origin.
  const newOrigin = nginxSite.api.replace('//localhost:', '//127.0.0.1:');
  expect(newOrigin).not.toBe(oldOrigin);
  const get = async (pathname: string) => (await request(`${nginxSite.shell}${pathname}`, { ca: nginxSite.ca })).body;
  const httpUrls = (body: string) => (body.match(/http:\/\/[^\s"'<>)]+/g) ?? []).filter((url) => !url.startsWith('http://www.w3.org/'));
  try {
    for (const pathname of PAGES) expect(httpUrls(await get(pathname)), pathname).toEqual([]);
    fs.writeFileSync(nginxSite.runtimeConfigFile, movedConfig(original, oldOrigin, newOrigin));
    await expectPagesFollow(get, [newOrigin, NEW_HOTLINE], [oldOrigin]);
    for (const pathname of PAGES) expect(httpUrls(await get(pathname)), pathname).toEqual([]);
  } finally {
    fs.writeFileSync(nginxSite.runtimeConfigFile, original);
  }
  await expectPagesFollow(get, [oldOrigin], [newOrigin, NEW_HOTLINE]);
});

/**
 * Issue 42: pages that are the same for every visitor stay at file speed after an ops edit: within a minute of it,
 * `/` and `/about/3` carry the edit and are sent from the cache in front of the render servers (nginx's, or the
 * shell server's under `npm start`), not rendered for each request. `X-Cache-Status` tells the two apart.
 */
const CACHED_PAGES = ['/', aboutPath(3)];

/** What nginx and the shell server call an answer sent from the pages they keep. */
const FROM_CACHE = ['HIT', 'STALE', 'UPDATING', 'REVALIDATED'];

/**
 * Waits, until `deadline`, for every cached page to be sent from the cache and name each of `present` and none of
 * `absent`. Meanwhile, once the answers' CSP is the edited config's (nginx has reloaded, the shell server has read
 * it), no page may come from the cache that does not follow the edit: the render server reads the edit a moment
 * later, and a page it renders in that moment is sent, never kept under the new config.
 */
async function expectCachedPagesFollow(get: (pathname: string) => Promise<{ headers: Record<string, unknown>; body: string }>, present: string[], absent: string[], deadline: number): Promise<void> {
  const origins = (texts: string[]) => texts.filter((text) => URL.canParse(text));
  const cachedAgainstTheEdit: string[] = [];
  for (const pathname of CACHED_PAGES) {
    await expect
      .poll(
        async () => {
          const { headers, body } = await get(pathname);
          const csp = String(headers['content-security-policy'] ?? '');
          const served = origins(present).every((origin) => csp.includes(origin)) && !origins(absent).some((origin) => csp.includes(origin));
          const follows = present.every((text) => body.includes(text)) && !absent.some((text) => body.includes(text));
          const cache = String(headers['x-cache-status']);
          if (served && FROM_CACHE.includes(cache) && !follows) cachedAgainstTheEdit.push(`${pathname} ${cache}`);
          return { cache, follows };
        },
        { message: `${pathname}: from the cache (X-Cache-Status) and true to the edited config`, timeout: Math.max(deadline - Date.now(), 1), intervals: [100] },
      )
      .toEqual({ cache: 'HIT', follows: true });
  }
  expect(cachedAgainstTheEdit, 'pages kept under the edited config that were rendered for the one before').toEqual([]);
}

test('production form: an edit of the hotline and an origin is in / and /about/3 within a minute, sent from nginx\'s page cache', async ({ nginxSite }) => {
  test.setTimeout(4 * WITHIN_MS);
  const original = fs.readFileSync(nginxSite.runtimeConfigFile, 'utf8');
  const oldOrigin = nginxSite.api;
  const newOrigin = nginxSite.api.replace('//localhost:', '//127.0.0.1:');
  const get = (pathname: string) => request(`${nginxSite.shell}${pathname}`, { ca: nginxSite.ca, headers: { 'accept-encoding': 'br, gzip' } });
  try {
    fs.writeFileSync(nginxSite.runtimeConfigFile, movedConfig(original, oldOrigin, newOrigin));
    await expectCachedPagesFollow(get, [newOrigin, NEW_HOTLINE], [oldOrigin], Date.now() + WITHIN_MS);
    // A search result is never kept: rendered for each request.
    const search = await get(`/search/${encodeURIComponent('课程')}`);
    expect(search.headers['x-cache-status']).toBe('BYPASS');
  } finally {
    fs.writeFileSync(nginxSite.runtimeConfigFile, original);
  }
  await expectCachedPagesFollow(get, [oldOrigin], [newOrigin, NEW_HOTLINE], Date.now() + WITHIN_MS);
});

test('production form: a canary started by an edit: the canary and the stable visitor get the same cached page, and each browser loads its own build', async ({
  nginxSite,
  browser,
}) => {
  test.setTimeout(4 * WITHIN_MS);
  const original = fs.readFileSync(nginxSite.runtimeConfigFile, 'utf8');
  const stable = nginxSite.remotes.header;
  // The same build of the header from another origin (the certificate names 127.0.0.1 too): the canary's entry.
  const canary = stable.replace('//localhost:', '//127.0.0.1:');
  const config = JSON.parse(original) as { remotes: Record<string, unknown>; digests: Record<string, unknown> };
  config.remotes.header = { entries: [`${stable}/mf-manifest.json`], canary: { entry: `${canary}/mf-manifest.json`, percent: 50 } };
  // Ops release content, not addresses: the canary's entry is pinned to its build's digests (here the stable build's,
  // served from another origin), as a release records them; an entry pinned to nothing does not run.
  config.digests[`${canary}/mf-manifest.json`] = config.digests[`${stable}/mf-manifest.json`];
  const get = (pathname: string) => request(`${nginxSite.shell}${pathname}`, { ca: nginxSite.ca, headers: { 'accept-encoding': 'br, gzip' } });
  try {
    fs.writeFileSync(nginxSite.runtimeConfigFile, JSON.stringify(config, null, 2));
    await expectCachedPagesFollow(get, [`${canary}/mf-manifest.json`], [], Date.now() + WITHIN_MS);
    // Bucket 0 is in a 50 % canary, bucket 99 is not (shell/src/canary): the bucket lives in the browser alone.
    const visit = async (bucket: string) => {
      const context = await browser.newContext({ ignoreHTTPSErrors: true });
      await context.addInitScript((kept) => window.localStorage.setItem('wenrun:canary-bucket', kept), bucket);
      const page = await context.newPage();
      const errors = watchErrors(page);
      const entry = page.waitForRequest((asked) => [canary, stable].some((origin) => asked.url() === `${origin}/remoteEntry.js`));
      const response = await page.goto(`${nginxSite.shell}/`);
      const loaded = (await entry).url();
      const visited = { cache: response?.headers()['x-cache-status'], body: await response?.text(), loaded, errors };
      await waitForApp(page);
      await context.close();
      return visited;
    };
    const inCanary = await visit('0');
    const outside = await visit('99');
    expect(inCanary.cache).toBe('HIT');
    expect(outside.cache).toBe('HIT');
    expect(inCanary.body).toBe(outside.body);
    expect(inCanary.loaded).toBe(`${canary}/remoteEntry.js`);
    expect(outside.loaded).toBe(`${stable}/remoteEntry.js`);
    expect([...inCanary.errors, ...outside.errors]).toEqual([]);
  } finally {
    fs.writeFileSync(nginxSite.runtimeConfigFile, original);
  }
});

test('npm start: after an edit of the hotline and the API origin, / and /about/3 carry it within a minute, sent from the shell server\'s cached pages', async () => {
  test.setTimeout(4 * WITHIN_MS);
  const file = path.join(distOf(SHELL_PART.folder), RUNTIME_CONFIG_FILE);
  const original = fs.readFileSync(file, 'utf8');
  const oldOrigin = `http://localhost:${API_PORT}`;
  const newOrigin = `http://127.0.0.1:${API_PORT}`;
  const shell = `http://localhost:${SHELL_PART.port}`;
  const get = (pathname: string) => request(`${shell}${pathname}`, { headers: { 'accept-encoding': 'br, gzip' } });
  try {
    fs.writeFileSync(file, movedConfig(original, oldOrigin, newOrigin));
    await expectCachedPagesFollow(get, [newOrigin, NEW_HOTLINE], [oldOrigin], Date.now() + WITHIN_MS);
    expect((await get(`/search/${encodeURIComponent('课程')}`)).headers['x-cache-status']).toBe('BYPASS');
  } finally {
    fs.writeFileSync(file, original);
  }
  await expectPagesFollow(async (pathname) => (await get(pathname)).body, [oldOrigin], [newOrigin, NEW_HOTLINE]);
});
