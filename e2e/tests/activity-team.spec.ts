import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_PORTS } from '../support/ports';
import {
  ARTIFACTS,
  closeServer,
  copyBuild,
  deployShellCopy,
  distOf,
  folderFingerprint,
  manifestUrl,
  ROOT,
  serveFolder,
  setRemote,
} from '../support/site';

const NEW_VERSION = '0.1.1-redeploy';
const deployed = path.join(ARTIFACTS, 'wuyou-deployed');
const secondBuild = path.join(ARTIFACTS, 'wuyou-second-build');
const servers: http.Server[] = [];
let shellDir = '';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  // The activity team's own pipeline: a new build of remote-wuyou alone, into its own folder.
  const build = spawnSync(path.join(ROOT, 'node_modules/.bin/webpack'), ['--mode', 'production'], {
    cwd: path.join(ROOT, 'remote-wuyou'),
    env: { ...process.env, OUT_DIR: secondBuild, BUILD_VERSION: NEW_VERSION },
    encoding: 'utf8',
  });
  expect(build.status, build.stderr + build.stdout).toBe(0);

  copyBuild(distOf('remote-wuyou'), deployed);
  shellDir = deployShellCopy('shell-activity', (config) =>
    setRemote(config, 'wuyou', manifestUrl(E2E_PORTS.activityDeploy)),
  );
  servers.push(await serveFolder(deployed, E2E_PORTS.activityDeploy));
  servers.push(await serveFolder(shellDir, E2E_PORTS.activityShell));
});

test.afterAll(() => Promise.all(servers.map(closeServer)));

test('activity team: a redeployed remote-wuyou shows on the next load, the shell untouched', async ({ page }) => {
  const shellBefore = folderFingerprint(shellDir);
  const shellDistBefore = folderFingerprint(distOf('shell'));

  await page.goto(`http://localhost:${E2E_PORTS.activityShell}/wuyou/1`);
  const version = page.getByTestId('activity-version');
  await expect(version).toBeVisible();
  await expect(version).not.toContainText(NEW_VERSION);
  await expect(page.locator('header.site-header')).toHaveCount(0);
  await expect(page.locator('footer.site-footer')).toHaveCount(0);

  // Deploy: replace the served folder with the new build.
  fs.rmSync(deployed, { recursive: true, force: true });
  fs.cpSync(secondBuild, deployed, { recursive: true });

  await page.reload();
  await expect(version).toContainText(NEW_VERSION);
  expect(folderFingerprint(shellDir)).toBe(shellBefore);
  expect(folderFingerprint(distOf('shell'))).toBe(shellDistBefore);
});
