import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
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

for (const folder of Object.values(REMOTE_PARTS).map((part) => part.folder)) {
  test(`developer: npm test -w ${folder} runs that part's tests alone`, async () => {
    const run = spawnSync('npm', ['test', '-w', folder], { cwd: ROOT, encoding: 'utf8' });
    const output = run.stdout + run.stderr;
    expect(run.status, output).toBe(0);
    expect(output).toContain(folder);
    for (const other of Object.values(REMOTE_PARTS).map((part) => part.folder).filter((name) => name !== folder)) {
      expect(output).not.toContain(`${other}/src/`);
    }
  });
}
