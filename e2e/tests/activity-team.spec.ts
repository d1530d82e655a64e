import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { activityPath, API_PORT, APP_PAGE, DAY_MS, MANIFEST_FILE, RUNTIME_CONFIG_FILE, VERSION_FILE } from '@wenrun/shared/node';
import { sha384Of } from '@wenrun/deploy/assemble/digests/buildDigests';
import { pageFile } from '@wenrun/deploy/assemble/pages/pageFiles';
import { compressFolder } from '@wenrun/deploy/assemble/compress';
import {
  besideTarget,
  filesOfManifest,
  isHashedFile,
  listFiles,
  missingFiles,
  publishBuild,
  readBuildInfo,
} from '@wenrun/deploy/ops/publish';
import { expect, test } from '../support/fixtures';
import { LISTED_ACTIVITIES, OFFLINE_ACTIVITY_ID, SAMPLE_ACTIVITY } from '../support/activities';
import {
  ARTIFACTS,
  copyBuild,
  deployShellCopy,
  distOf,
  folderFingerprint,
  manifestUrl,
  ROOT,
  setRemote,
  waitForApp,
  watchErrors,
} from '../support/site';

const API_ORIGIN = `http://localhost:${API_PORT}`;
const NEW_VERSION = '0.1.1-redeploy';
const STEPS_VERSION = '0.1.2-steps';
const PAGES_VERSION = '0.1.3-pages';
const deployed = path.join(ARTIFACTS, 'wuyou-deployed');
let shellDir = '';
/** The served remote-wuyou folder the team deploys into, and the shell that loads it: kept for the whole group. */
let deployOrigin = '';
let shellOrigin = '';
/** The served folder's manifest as the shell's config lists it: what a deploy pins the new build's digests for. */
let deployEntry = '';

/** A served folder as the activity team found it: the current build, and no deploy history beside it. */
function freshServedFolder(dir: string): string {
  for (const suffix of ['retired.json', 'deploy.lock']) fs.rmSync(besideTarget(dir, suffix), { force: true });
  return copyBuild(distOf('remote-wuyou'), dir);
}

function hashedFiles(dir: string): string[] {
  return listFiles(dir).filter(isHashedFile);
}

/**
 * Every file of the shell's folder but its activity pages and its config (where a deploy with --entry records the
 * new build's digests), with a hash of its content.
 */
function shellBesidesActivityPages(dir: string): string[] {
  return listFiles(dir)
    .filter((file) => !file.startsWith('wuyou/') && file !== RUNTIME_CONFIG_FILE)
    .map((file) => `${file} ${createHash('sha256').update(fs.readFileSync(path.join(dir, file))).digest('hex')}`);
}

function runDeploy(args: string[], version: string) {
  return spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'deploy/ops/deployRemote.ts'), '--remote', 'wuyou', ...args], {
    cwd: ROOT,
    env: { ...process.env, BUILD_VERSION: version },
    encoding: 'utf8',
  });
}

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async ({ workerHosts }) => {
  freshServedFolder(deployed);
  const served = await workerHosts.serve(deployed);
  deployOrigin = served.origin;
  deployEntry = manifestUrl(served.port);
  shellDir = deployShellCopy('shell-activity', (config) => setRemote(config, 'wuyou', deployEntry));
  shellOrigin = (await workerHosts.serve(shellDir)).origin;
});

test('activity team: a redeployed remote-wuyou shows on the next load, the shell untouched', async ({ page, request }) => {
  const shellBefore = folderFingerprint(shellDir);
  const shellDistBefore = folderFingerprint(distOf('shell'));
  const oldFiles = hashedFiles(deployed);

  await page.goto(`${shellOrigin}/wuyou/1`);
  const version = page.getByTestId('activity-version');
  await expect(version).toBeVisible();
  await expect(version).not.toContainText(NEW_VERSION);
  await expect(page.locator('header.site-header')).toHaveCount(0);
  await expect(page.locator('footer.site-footer')).toHaveCount(0);

  // Deploy with the team's own script: a new build of remote-wuyou alone, published into the served folder, its
  // digests recorded in the shell's config for the entry that serves it (issue 51: nobody pins by hand).
  const configFile = path.join(shellDir, RUNTIME_CONFIG_FILE);
  const deploy = runDeploy(['--target', deployed, '--entry', deployEntry, '--config', configFile], NEW_VERSION);
  expect(deploy.status, deploy.stderr + deploy.stdout).toBe(0);
  expect(deploy.stdout).toContain(`已发布 @wenrun/remote-wuyou ${NEW_VERSION}`);
  const pinned = (JSON.parse(fs.readFileSync(configFile, 'utf8')) as { digests: Record<string, Record<string, string>> }).digests[deployEntry];
  // Every file the published manifest names is pinned, each to the bytes now served (the folder also keeps the old
  // build's files for its grace period: those are not the release's).
  expect(Object.keys(pinned ?? {})).toEqual(expect.arrayContaining([MANIFEST_FILE, ...filesOfManifest(deployed)]));
  for (const [file, digest] of Object.entries(pinned ?? {})) expect(sha384Of(fs.readFileSync(path.join(deployed, file))), file).toBe(digest);

  await page.reload();
  await expect(version).toContainText(NEW_VERSION);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(folderFingerprint(shellDir)).toBe(shellBefore);
  expect(folderFingerprint(distOf('shell'))).toBe(shellDistBefore);

  // Ops read the live version without running the page; the manifest the shell loaded says the same.
  const served = deployOrigin;
  const versionFile = await request.get(`${served}/${VERSION_FILE}`);
  expect(versionFile.headers()['cache-control']).toBe('no-cache');
  const info = (await versionFile.json()) as { version: string; gitHash: string; builtAt: string };
  expect(info.version).toBe(NEW_VERSION);
  expect(info.gitHash).toMatch(/^([0-9a-f]{7,}|unknown)$/);
  expect(Number.isNaN(Date.parse(info.builtAt))).toBe(false);
  await expect(version).toContainText(info.gitHash);
  const manifest = (await (await request.get(`${served}/${MANIFEST_FILE}`)).json()) as {
    metaData: { buildInfo: { buildVersion: string } };
  };
  expect(manifest.metaData.buildInfo.buildVersion).toBe(NEW_VERSION);

  // A page opened before the deploy may still ask for the old build's chunks: they stay for the grace period.
  const afterDeploy = new Set(listFiles(deployed));
  expect(oldFiles.filter((file) => !afterDeploy.has(file))).toEqual([]);
  expect(missingFiles(deployed)).toEqual([]);
});

test('activity team: at every step of a deploy the served manifest names only files that are there', async () => {
  const target = path.join(ARTIFACTS, 'wuyou-steps');
  freshServedFolder(target);
  const oldFiles = hashedFiles(target);

  // A second build to publish over the first; publishing moves files out of staging, so each run gets a copy.
  const newBuild = path.join(ARTIFACTS, 'wuyou-steps-build');
  const build = spawnSync(path.join(ROOT, 'node_modules/.bin/webpack'), ['--mode', 'production'], {
    cwd: path.join(ROOT, 'remote-wuyou'),
    env: { ...process.env, OUT_DIR: newBuild, BUILD_VERSION: STEPS_VERSION },
    encoding: 'utf8',
  });
  expect(build.status, build.stderr + build.stdout).toBe(0);
  // As published: with the compressed copies the publish makes of every file worth it.
  compressFolder(newBuild);
  const newFiles = hashedFiles(newBuild);
  const retired = oldFiles.filter((file) => !newFiles.includes(file));
  // Builds that shared every file would show nothing about the order.
  expect(retired.length).toBeGreaterThan(0);
  const staged = (build: string) => copyBuild(build, path.join(ARTIFACTS, 'wuyou-steps-staging'));

  const steps: string[] = [];
  const result = publishBuild({
    staging: staged(newBuild),
    target,
    onStep: (step) => {
      steps.push(`${step.kind} ${step.file}`);
      // The manifest being served at this moment, old or new, names only files that exist …
      expect(missingFiles(target), steps.join('\n')).toEqual([]);
      // … no old file has gone, and once anything says the new build is current, all its files are there.
      const present = new Set(listFiles(target));
      expect(oldFiles.filter((file) => !present.has(file))).toEqual([]);
      if (steps.some((done) => done.startsWith('replaced'))) {
        expect(newFiles.filter((file) => !present.has(file))).toEqual([]);
      }
    },
  });
  expect(result.info.version).toBe(STEPS_VERSION);
  expect(readBuildInfo(target).version).toBe(STEPS_VERSION);
  const firstReplaced = steps.findIndex((step) => step.startsWith('replaced'));
  expect(steps.slice(firstReplaced).filter((step) => !step.startsWith('replaced'))).toEqual([]);
  const uncompressedSteps = steps.filter((step) => !/\.(br|gz)$/.test(step));
  expect(uncompressedSteps.slice(-2)).toEqual([`replaced ${MANIFEST_FILE}`, `replaced ${VERSION_FILE}`]);
  // Each compressed copy goes just before its file.
  expect(steps[steps.indexOf(`replaced ${MANIFEST_FILE}`) - 1]).toMatch(new RegExp(`^replaced ${MANIFEST_FILE}\\.(br|gz)$`));
  expect(result.kept).toBe(retired.length);

  // Rolling back is deploying the old build again; with --prune the newer build's own files go at once.
  const rolledBack = publishBuild({ staging: staged(distOf('remote-wuyou')), target, prune: true });
  expect(rolledBack.kept).toBe(0);
  expect(hashedFiles(target)).toEqual(oldFiles);
  expect(missingFiles(target)).toEqual([]);

  // Without --prune an old file stays until it has been out of the live build for the whole grace period.
  const deployedAt = Date.now();
  const publishAfterDays = (days: number) =>
    publishBuild({ staging: staged(newBuild), target, now: new Date(deployedAt + days * DAY_MS), graceDays: 7 });
  publishAfterDays(0);
  expect(publishAfterDays(6).removed).toBe(0);
  expect(hashedFiles(target)).toEqual(expect.arrayContaining(retired));
  expect(publishAfterDays(7).removed).toBe(retired.length);
  expect(hashedFiles(target)).toEqual(newFiles);
  expect(missingFiles(target)).toEqual([]);
});

/** Publishes an activity in the reference API (a dev-only endpoint), as marketing would in the real backend. */
async function publishActivity(request: APIRequestContext, title: string): Promise<number> {
  const response = await request.post(`${API_ORIGIN}/__dev/activities`, {
    form: {
      title,
      subtitle: '刚发布的活动',
      startTime: '2027-06-01 09:00',
      endTime: '2027-06-01 17:00',
      place: '青禾市文润教师发展中心',
      content: '今天发布的活动，今天就能分享。',
    },
  });
  const { header, data } = (await response.json()) as { header: { code: string }; data: { id: number } };
  expect(header.code).toBe('200');
  return data.id;
}

async function takeOffline(request: APIRequestContext, id: number): Promise<void> {
  const { header } = (await (await request.delete(`${API_ORIGIN}/__dev/activities/${id}`)).json()) as { header: { code: string } };
  expect(header.code).toBe('200');
}

test('activity team: with --shell the deploy writes a page for every listed activity, and removes exactly those taken offline', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const shell = shellOrigin;
  const shellBefore = shellBesidesActivityPages(shellDir);
  const published = [await publishActivity(request, `暑期研修班（${Date.now()}）`), await publishActivity(request, `校长论坛（${Date.now()}）`)];
  const listed = [...LISTED_ACTIVITIES.map((activity) => activity.id), ...published];

  const deploy = runDeploy(['--target', deployed, '--shell', shellDir, '--entry', deployEntry], PAGES_VERSION);
  expect(deploy.status, deploy.stderr + deploy.stdout).toBe(0);
  expect(deploy.stdout).toContain(`已发布 @wenrun/remote-wuyou ${PAGES_VERSION}`);
  expect(deploy.stdout).toContain(`渲染了 ${listed.length} 个活动页，删除 0 个`);

  // Every listed activity's page comes from the build just published: its version is in the page's footer.
  for (const id of listed) {
    const html = await (await request.get(`${shell}${activityPath(id)}`)).text();
    expect(html, activityPath(id)).toContain('id="page-state"');
    expect(html, activityPath(id)).toContain(PAGES_VERSION);
  }
  expect(fs.existsSync(path.join(shellDir, `${activityPath(published[0] ?? 0)}/cover.png`))).toBe(true);

  // Two activities taken offline: their pages (and pictures) go, and nothing else.
  for (const id of published) await takeOffline(request, id);
  // No new release: the pages are written again from the version already live.
  const again = runDeploy(['--target', deployed, '--shell', shellDir, '--pages-only'], PAGES_VERSION);
  expect(again.status, again.stderr + again.stdout).toBe(0);
  expect(again.stdout).toContain(`渲染了 ${LISTED_ACTIVITIES.length} 个活动页，删除 2 个`);
  for (const id of published) {
    expect(fs.existsSync(path.join(shellDir, activityPath(id)))).toBe(false);
    expect(await (await request.get(`${shell}${activityPath(id)}`)).text()).toBe(fs.readFileSync(path.join(shellDir, APP_PAGE), 'utf8'));
  }
  for (const activity of LISTED_ACTIVITIES) expect(fs.existsSync(pageFile(shellDir, activityPath(activity.id)))).toBe(true);
  expect(fs.existsSync(pageFile(shellDir, activityPath(OFFLINE_ACTIVITY_ID)))).toBe(false);
  // Nothing else of the shell was touched, and no temporary file was left.
  expect(shellBesidesActivityPages(shellDir)).toEqual(shellBefore);
  expect((fs.readdirSync(shellDir, { recursive: true }) as string[]).filter((file) => file.endsWith('.tmp'))).toEqual([]);

  const errors = watchErrors(page);
  await page.goto(`${shell}${activityPath(SAMPLE_ACTIVITY.id)}`);
  await waitForApp(page);
  await expect(page.getByTestId('activity-version')).toContainText(PAGES_VERSION);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SAMPLE_ACTIVITY.title);
  expect(errors).toEqual([]);
});

test('activity team: the deploy refuses a --shell folder that is not the shell, before building anything', () => {
  const deploy = runDeploy(['--target', deployed, '--shell', path.join(ARTIFACTS, 'no-such-shell')], PAGES_VERSION);
  expect(deploy.status).toBe(1);
  expect(deploy.stderr).toContain(`--shell 目录中没有 ${APP_PAGE}`);
  expect(deploy.stdout).not.toContain('构建 remote-wuyou');
});
