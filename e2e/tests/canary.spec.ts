import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { REMOTE_PARTS } from '../../shared/src/config/parts';
import { expect, test } from '../support/fixtures';
import { ARTIFACTS, copyBuild, deployShellCopy, distOf, manifestUrl, setRemote, waitForApp, watchErrors } from '../support/site';

const VISITORS = 200;
const PERCENT = 10;

/** remote-wuyou built again as the next version, deployed to its own host: the canary. */
function canaryBuild(name: string, breakChunks = false): string {
  const dir = copyBuild(distOf('remote-wuyou'), path.join(ARTIFACTS, name));
  const manifestFile = path.join(dir, 'mf-manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { metaData: { buildInfo: { buildVersion: string } } };
  manifest.metaData.buildInfo.buildVersion = '9.9.9-canary';
  fs.writeFileSync(manifestFile, JSON.stringify(manifest));
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

test(`a ${PERCENT} % canary of remote-wuyou: of ${VISITORS} fresh visitors between 10 and 34 see it, and a visitor who saw it sees it again`, async ({
  browser,
  hosts,
}) => {
  test.setTimeout(240_000);
  const canary = await hosts.serve(canaryBuild('wuyou-canary'));
  const shell = await canaryShell(hosts, canary.origin, 'shell-canary');

  // Four visitors at a time, each a new browser context: nothing kept from the one before.
  const visit = async (b: Browser) => {
    const context = await b.newContext();
    const page = await context.newPage();
    await page.goto(`${shell.origin}/wuyou/1`);
    await waitForApp(page);
    const sawCanary = await loadedFrom(page, canary.origin);
    return { context, page, sawCanary };
  };
  let canaryVisitors = 0;
  let returning: Awaited<ReturnType<typeof visit>> | undefined;
  for (let done = 0; done < VISITORS; done += 4) {
    const visits = await Promise.all(Array.from({ length: 4 }, () => visit(browser)));
    for (const one of visits) {
      if (one.sawCanary) canaryVisitors += 1;
      if (one.sawCanary && !returning) returning = one;
      else await one.context.close();
    }
  }
  expect(canaryVisitors).toBeGreaterThanOrEqual(10);
  expect(canaryVisitors).toBeLessThanOrEqual(34);

  if (!returning) throw new Error('没有访客进入灰度');
  for (let reload = 0; reload < 3; reload += 1) {
    await returning.page.reload();
    await waitForApp(returning.page);
    expect(await loadedFrom(returning.page, canary.origin)).toBe(true);
  }
  await returning.context.close();
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
  expect(warnings.join('\n')).toContain(`wuyou 使用备用地址 ${manifestUrl(REMOTE_PARTS.wuyou.port)}`);
  expect(errors).toEqual([]);
});
