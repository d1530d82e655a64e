import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { REMOTE_PARTS } from '@wenrun/shared/node';
import { expect, test } from '../support/fixtures';
import { ARTIFACTS, copyBuild, deployShellCopy, distOf, manifestUrl, remoteEntryUrl, setRemote, waitForApp, watchErrors } from '../support/site';

/**
 * How visitors spread over the buckets is the unit test's (shell/src/canary/canary.test.ts, 10 000 draws); here a
 * real browser's draw, kept in its storage, decides which build it loads. A half share needs few visitors to tell
 * a working draw (about 20 of 40) from one that puts everyone, no one or a wrong share on the canary.
 */
const VISITORS = 40;
const PERCENT = 50;
const EXPECTED = (VISITORS * PERCENT) / 100;
/** Three standard deviations of the binomial count either side: a working draw falls outside once in 370 runs. */
const SPREAD = 3 * Math.sqrt(VISITORS * (PERCENT / 100) * (1 - PERCENT / 100));
const FEWEST = Math.ceil(EXPECTED - SPREAD);
const MOST = Math.floor(EXPECTED + SPREAD);

/** remote-wuyou built again as the next version, deployed to its own host: the canary. */
function canaryBuild(name: string, breakChunks = false): string {
  const dir = copyBuild(distOf('remote-wuyou'), path.join(ARTIFACTS, name));
  // The next version, as a build says it in its manifest and in its version.json.
  const manifestFile = path.join(dir, 'mf-manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { metaData: { buildInfo: { buildVersion: string } } };
  manifest.metaData.buildInfo.buildVersion = '9.9.9-canary';
  fs.writeFileSync(manifestFile, JSON.stringify(manifest));
  const versionFile = path.join(dir, 'version.json');
  fs.writeFileSync(versionFile, JSON.stringify({ ...(JSON.parse(fs.readFileSync(versionFile, 'utf8')) as object), version: '9.9.9-canary' }));
  // A botched canary: the manifest names an ActivityPage chunk that was never uploaded.
  if (breakChunks) for (const file of fs.readdirSync(dir).filter((name) => name.startsWith('__federation_expose_ActivityPage'))) fs.rmSync(path.join(dir, file));
  return dir;
}

/** Whether this page loaded anything from `origin`, cached or not. */
const loadedFrom = (page: Page, origin: string) =>
  page.evaluate((prefix) => performance.getEntriesByType('resource').some((entry) => entry.name.startsWith(prefix)), `${origin}/`);

async function canaryShell(hosts: { serve(root: string): Promise<{ origin: string }> }, canaryOrigin: string, name: string) {
  return hosts.serve(
    deployShellCopy(name, (config) =>
      setRemote(config, 'wuyou', {
        entries: [manifestUrl(REMOTE_PARTS.wuyou.port)],
        canary: { entry: `${canaryOrigin}/mf-manifest.json`, percent: PERCENT },
      }),
    ),
  );
}

test(`a ${PERCENT} % canary of remote-wuyou: of ${VISITORS} fresh visitors between ${FEWEST} and ${MOST} see it, and a visitor who saw it sees it again`, async ({
  browser,
  hosts,
}) => {
  // Each visit loads and starts the shell: about 15 s on an idle 2-core machine.
  test.setTimeout(120_000);
  const canary = await hosts.serve(canaryBuild('wuyou-canary'));
  const shell = await canaryShell(hosts, canary.origin, 'shell-canary');
  const stable = `http://localhost:${REMOTE_PARTS.wuyou.port}`;

  /**
   * One visit: the build whose remote entry the page asks for. The bucket is drawn before any remote is loaded,
   * so the visit need not go further; pictures are not fetched. A visitor is fresh when nothing is in storage.
   */
  const visit = async (page: Page): Promise<boolean> => {
    const entry = page.waitForRequest((request) => [canary.origin, stable].some((origin) => request.url() === `${origin}/remoteEntry.js`));
    await page.goto(`${shell.origin}/wuyou/1`, { waitUntil: 'commit' });
    return (await entry).url().startsWith(canary.origin);
  };

  let canaryVisitors = 0;
  let returningChecked = false;
  // Four browser contexts side by side, each clearing its storage between visitors.
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.route(/\.(svg|png|jpe?g)$/, (route) => route.abort());
      for (let visitor = 0; visitor < VISITORS / 4; visitor += 1) {
        const sawCanary = await visit(page);
        if (sawCanary) canaryVisitors += 1;
        if (sawCanary && !returningChecked) {
          returningChecked = true;
          // The same visitor comes back: the kept bucket keeps them on the canary.
          for (let reload = 0; reload < 3; reload += 1) expect(await visit(page)).toBe(true);
        }
        await page.evaluate(() => localStorage.clear());
      }
      await context.close();
    }),
  );
  test.info().annotations.push({ type: 'canary visitors', description: `${canaryVisitors} of ${VISITORS}` });
  expect(canaryVisitors).toBeGreaterThanOrEqual(FEWEST);
  expect(canaryVisitors).toBeLessThanOrEqual(MOST);
  expect(returningChecked).toBe(true);
});

test('a canary whose chunks fail: its visitors get the stable build at once, and the page works', async ({ page, hosts }) => {
  const canary = await hosts.serve(canaryBuild('wuyou-canary-broken', true));
  const shell = await canaryShell(hosts, canary.origin, 'shell-canary-broken');
  // This visitor's kept bucket (0) is inside the canary.
  await page.addInitScript(() => localStorage.setItem('wenrun:canary-bucket', '0'));
  // The browser's own report of the missing chunk and the shell's line about it are expected; nothing else.
  const errors = watchErrors(page, [/404/, /Failed to load/, /加载失败/, /ChunkLoadError/]);
  const warnings: string[] = [];
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));

  await page.goto(`${shell.origin}/wuyou/1`);
  await waitForApp(page);
  expect(await loadedFrom(page, canary.origin)).toBe(true);
  await expect(page.locator('.remote-slot--failed')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(warnings.join('\n')).toContain(`wuyou 使用备用地址 ${remoteEntryUrl(REMOTE_PARTS.wuyou.port)}`);
  expect(errors).toEqual([]);
});
