import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { expect } from '@playwright/test';
import { ABOUT_SECTIONS, MESSAGES, REMOTE_PARTS, STANDALONE_DIST, type RemoteName } from '@wenrun/shared/node';
import { aboutArticle, courseCards, messageForm } from '../support/about-page';
import { DEMO_TEACHER_WITHOUT_AVATAR } from '../support/accounts';
import { test, type Hosts } from '../support/fixtures';
import { API_ORIGIN, loginModal, modalField } from '../support/login-modal';
import { distOf, ROOT } from '../support/site';

/**
 * A remote's standalone dev page, from its production build: the folder beside `dist`, served as a part is (a
 * developer runs it with `npm run dev -w <remote>`; it is never deployed).
 */
async function standalonePage(hosts: Hosts, remote: RemoteName, pathname = '/'): Promise<{ url: string; origin: string }> {
  const { origin } = await hosts.serve(path.join(ROOT, REMOTE_PARTS[remote].folder, STANDALONE_DIST));
  return { url: `${origin}${pathname}`, origin };
}

test('developer: the header remote renders alone on its dev page', async ({ page, hosts }) => {
  await page.goto((await standalonePage(hosts, 'header')).url);
  await expect(page.locator('header.site-header')).toBeVisible();
  await expect(page.getByRole('link', { name: '进入研训系统' })).toBeVisible();
});

test('developer: the about remote renders all six sections alone', async ({ page, hosts }) => {
  await page.goto((await standalonePage(hosts, 'about', '/about/1')).url);
  const nav = page.getByRole('navigation', { name: '关于我们各栏目' });
  for (const { title, key } of ABOUT_SECTIONS) {
    await nav.getByRole('link', { name: title, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(nav.getByRole('link', { name: title, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(aboutArticle(page).getByRole('heading', { level: 2 }).first()).toBeVisible();
    if (key === 3) await expect(courseCards(page).first()).toBeVisible();
    if (key === 6) await expect(messageForm(page)).toBeVisible();
  }
});

test('developer: the auth remote logs in alone against the reference API', async ({ page, hosts }) => {
  const { url, origin } = await standalonePage(hosts, 'auth');
  const origins = new Set<string>();
  page.on('request', (request) => {
    if (!request.url().startsWith('data:')) origins.add(new URL(request.url()).origin);
  });
  await page.goto(url);
  const state = page.getByTestId('dev-login-state');
  await expect(state).toHaveText('未登录');
  await page.getByRole('button', { name: '打开登录弹窗' }).click();
  const modal = loginModal(page);
  await expect(modal.getByRole('tab', { name: '密码登录' })).toHaveAttribute('aria-selected', 'true');
  await modalField(modal, '手机号').fill(DEMO_TEACHER_WITHOUT_AVATAR.mobile);
  await modalField(modal, '密码').fill(DEMO_TEACHER_WITHOUT_AVATAR.password);
  await modalField(modal, '密码').press('Enter');
  await expect(page.getByText(MESSAGES.loginSuccess)).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(state).toContainText(DEMO_TEACHER_WITHOUT_AVATAR.masked);

  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(state).toHaveText('未登录');
  expect([...origins].sort()).toEqual([origin, API_ORIGIN].sort());
});

test('developer: the activity remote renders an activity alone', async ({ page, hosts }) => {
  await page.goto((await standalonePage(hosts, 'wuyou', '/wuyou/1')).url);
  await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
  await expect(page.getByRole('heading', { name: '报名信息' })).toBeVisible();
});

for (const [remote, part] of Object.entries(REMOTE_PARTS)) {
  test(`developer: ${part.folder}'s deployed folder holds no dev page, and its origin has no page to show`, async ({ request }) => {
    const files = fs.readdirSync(distOf(part.folder), { recursive: true }) as string[];
    expect(files.filter((file) => /\.html$/.test(file))).toEqual([]);
    for (const file of files.filter((name) => /\.js$/.test(name))) {
      expect(fs.readFileSync(path.join(distOf(part.folder), file), 'utf8'), file).not.toContain('独立调试页');
    }
    for (const pathname of ['/', `/${remote}/1`]) {
      expect((await request.get(`http://localhost:${part.port}${pathname}`)).status(), pathname).toBe(404);
    }
  });
}

const REMOTE_FOLDERS = Object.values(REMOTE_PARTS).map((part) => part.folder);

/** `npm test -w <folder>` as a developer runs it, with `args` after `--`. */
function partTests(folder: string, ...args: string[]): { status: number | null; output: string } {
  const run = spawnSync('npm', ['test', '-w', folder, ...(args.length ? ['--', ...args] : [])], { cwd: ROOT, encoding: 'utf8' });
  return { status: run.status, output: stripVTControlCharacters(run.stdout + run.stderr) };
}

/** Every test file under `folder/src`: what its part's tests are. */
function testFilesOf(folder: string): string[] {
  return (fs.readdirSync(path.join(ROOT, folder, 'src'), { recursive: true }) as string[])
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => path.join(ROOT, folder, 'src', file))
    .sort();
}

// Which files each part's command runs is Jest's selection, asked without running them; the whole Jest run runs them
// all. One part's command is run for real, as a developer would.
for (const folder of REMOTE_FOLDERS) {
  test(`developer: npm test -w ${folder} selects that part's tests alone, every one of them`, () => {
    const { status, output } = partTests(folder, '--listTests');
    expect(status, output).toBe(0);
    const listed = output.split('\n').filter((line) => line.startsWith(ROOT)).sort();
    expect(listed).toEqual(testFilesOf(folder));
  });
}

test('developer: npm test -w remote-auth runs that part\'s tests and passes', () => {
  const folder = REMOTE_PARTS.auth.folder;
  // Jest's own account of the run, not its printed lines: those add a file's time when it took over 5 s.
  const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wenrun-developer-')), 'jest.json');
  const { status, output } = partTests(folder, '--json', `--outputFile=${report}`);
  expect(status, output).toBe(0);
  const results = (JSON.parse(fs.readFileSync(report, 'utf8')) as { testResults: { name: string; status: string }[] }).testResults;
  fs.rmSync(path.dirname(report), { recursive: true, force: true });
  expect(results.map(({ name, status: fileStatus }) => `${fileStatus} ${name}`).sort()).toEqual(testFilesOf(folder).map((file) => `passed ${file}`));
});
