import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { MANIFEST_FILE, RUNTIME_CONFIG_FILE } from '@wenrun/shared/node';
import { startGuard } from '@wenrun/deploy/ops/release/guard';
import { historyFileBeside, readHistory } from '@wenrun/deploy/ops/release/history';
import { takeStep } from '@wenrun/deploy/ops/release/release';
import { expect, test } from '../support/fixtures';
import { ARTIFACTS, copyBuild, deployShellCopy, distOf, waitForApp } from '../support/site';

/** Visitors on each side; the guard judges from MIN_VIEWS views on (the config's `canaryGuard.minViews`), one beacon to spare. */
const VISITORS = 4;
const MIN_VIEWS = 3;

/** remote-about built again as the next version, whose exposed module throws as it loads: a botched release. */
function throwingCanary(): string {
  const dir = copyBuild(distOf('remote-about'), path.join(ARTIFACTS, 'about-canary-throws'));
  const versionFile = path.join(dir, 'version.json');
  fs.writeFileSync(versionFile, JSON.stringify({ ...(JSON.parse(fs.readFileSync(versionFile, 'utf8')) as object), version: '9.9.9-canary' }));
  const exposed = fs.readdirSync(dir).filter((name) => name.startsWith('__federation_expose_') && name.endsWith('.js'));
  expect(exposed.length).toBeGreaterThan(0);
  for (const name of exposed) {
    fs.writeFileSync(path.join(dir, name), `throw new Error('灰度版本故障（测试）');\n${fs.readFileSync(path.join(dir, name), 'utf8')}`);
    // The compressed copies would still hold the module as built.
    for (const copy of ['.br', '.gz']) fs.rmSync(path.join(dir, name + copy), { force: true });
  }
  return dir;
}

/** Whether this page loaded anything from `origin`. */
const loadedFrom = (page: Page, origin: string) =>
  page.evaluate((prefix) => performance.getEntriesByType('resource').some((entry) => entry.name.startsWith(prefix)), `${origin}/`);

/**
 * One visitor of `/about/1` with the canary bucket `bucket` (0: inside any canary, 99: outside), who then leaves:
 * the page is hidden and its field data sent by beacon.
 */
async function visit(browser: Browser, origin: string, bucket: number, look?: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript((kept) => localStorage.setItem('wenrun:canary-bucket', kept), String(bucket));
  await page.route(/\.(png|jpe?g)$/, (route) => route.abort());
  await page.goto(`${origin}/about/1`);
  await waitForApp(page);
  await look?.(page);
  await page.goto(`${origin}/robots.txt`);
  await context.close();
}

test('a canary whose module throws: its visitors fall back, their field data arrives, the guard aborts it, and the next visitors get the stable build', async ({
  browser,
  hosts,
}) => {
  const canary = await hosts.serve(throwingCanary());
  // Every browser here is one client (loopback): none is left out, and one is enough (guard-attacks.test.ts and
  // attacker-fielddata.spec.ts play the clients that push the figures).
  const shellDir = deployShellCopy('shell-guarded', (config) => (config.canaryGuard = { minViews: MIN_VIEWS, minClients: 1, leaveOutClients: 0 }));
  const shell = await hosts.serve(shellDir);
  const configFile = path.join(shellDir, RUNTIME_CONFIG_FILE);
  const canaryEntry = `${canary.origin}/${MANIFEST_FILE}`;
  await takeStep({ configFile, verb: 'canary', remote: 'about', entry: canaryEntry, percent: 50, reason: '浏览器测试' });

  const lines: string[] = [];
  // Field data from the site's reference API (the config's apiBaseUrl, demo mode); a check every half second.
  const guard = startGuard({ configFile, intervalMs: 500, log: (line) => lines.push(line) });
  try {
    await Promise.all([
      (async () => {
        for (let visitor = 0; visitor < VISITORS; visitor += 1) {
          await visit(browser, shell.origin, 0, async (page) => {
            // The canary was tried and failed (the guard cannot have judged before these visitors' beacons: the
            // spare one may meet it aborted already); the stable build answered, and the page works.
            if (visitor < MIN_VIEWS) expect(await loadedFrom(page, canary.origin)).toBe(true);
            await expect(page.locator('.remote-slot--failed')).toHaveCount(0);
          });
        }
      })(),
      (async () => {
        for (let visitor = 0; visitor < VISITORS; visitor += 1) await visit(browser, shell.origin, 99);
      })(),
    ]);

    await expect.poll(() => (JSON.parse(fs.readFileSync(configFile, 'utf8')) as { remotes: Record<string, unknown> }).remotes.about, { timeout: 15_000 }).not.toHaveProperty('canary');
    const abort = readHistory(historyFileBeside(configFile)).at(-1);
    expect(abort).toMatchObject({ verb: 'abort', remote: 'about', before: { canary: { entry: canaryEntry } } });
    expect(abort?.reason).toMatch(/^守卫：(错误率|加载失败率)：灰度 \d+\.\d%（\d+\/\d+）高于/);
    expect(lines.join('\n')).toContain(`[guard] 已中止 about 的灰度 ${canaryEntry}`);

    // A visitor inside the canary's bucket now gets the stable build, and never asks the canary's host.
    await visit(browser, shell.origin, 0, async (page) => {
      expect(await loadedFrom(page, canary.origin)).toBe(false);
      await expect(page.locator('.remote-slot--failed')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });

    // The status page shows the step, newest first.
    const page = await browser.newPage();
    await page.goto(`${shell.origin}/status.html`);
    const history = page.locator('section').filter({ has: page.getByRole('heading', { name: '发布记录', exact: true }) });
    await expect(history.locator('tbody tr').first()).toContainText(/中止\s*about/);
    await expect(history.locator('tbody tr').first()).toContainText('守卫：');
    await expect(history.locator('tbody tr')).toHaveCount(2);
    await page.close();
  } finally {
    guard.stop();
  }
});
