import { spawnSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { REMOTE_PARTS } from '../../shared/src/config/parts';
import { DEMO_TEACHER } from '../support/accounts';
import { ROOT } from '../support/site';

const devPage = (port: number, path = '/') => `http://localhost:${port}${path}`;

test('developer: the header remote renders alone on its dev page', async ({ page }) => {
  await page.goto(devPage(REMOTE_PARTS.header.port));
  await expect(page.locator('header.site-header')).toBeVisible();
  await expect(page.getByRole('link', { name: '进入研训系统' })).toBeVisible();
});

test('developer: the about remote renders all six sections alone', async ({ page }) => {
  await page.goto(devPage(REMOTE_PARTS.about.port, '/about/1'));
  for (const title of ['公司简介', '研训体系', '精品课程', '智慧云', '观测评价', '项目合作']) {
    await page.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  }
});

test('developer: the auth remote logs in alone against the reference API', async ({ page }) => {
  await page.goto(devPage(REMOTE_PARTS.auth.port));
  await expect(page.getByTestId('dev-login-state')).toHaveText('未登录');
  await page.getByRole('button', { name: '打开登录弹窗' }).click();
  const modal = page.locator('.login-modal');
  await modal.getByLabel('手机号').fill(DEMO_TEACHER.mobile);
  await modal.getByLabel('密码').fill(DEMO_TEACHER.password);
  await modal.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByTestId('dev-login-state')).toContainText(DEMO_TEACHER.masked);
});

test('developer: the activity remote renders an activity alone', async ({ page }) => {
  await page.goto(devPage(REMOTE_PARTS.wuyou.port, '/wuyou/1'));
  await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
  await expect(page.getByRole('heading', { name: '报名信息' })).toBeVisible();
});

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
