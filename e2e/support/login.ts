import { expect, type Page } from '@playwright/test';

/** Opens the login modal from the header and logs in with a password. */
export async function loginWithPassword(page: Page, account: { mobile: string; password: string }): Promise<void> {
  await page.getByRole('button', { name: '登录', exact: true }).click();
  const modal = page.locator('.login-modal');
  await expect(modal).toBeVisible();
  await modal.getByLabel('手机号').fill(account.mobile);
  await modal.getByLabel('密码').fill(account.password);
  await modal.getByRole('button', { name: '登录', exact: true }).click();
}
