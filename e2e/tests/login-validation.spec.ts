import { expect, test } from '@playwright/test';
import { API_PATHS, MESSAGES } from '@wenrun/shared/node';
import { DEMO_TEACHER } from '../support/accounts';
import { modalField, openLoginModal, sendCodeButton, submitButton } from '../support/login-modal';

/** The login modal checks what was typed before it sends anything. */
test.describe('login modal', () => {
  test('each validation message, next to its field, the first invalid field focused, nothing sent', async ({
    page,
  }) => {
    const loginCalls = [API_PATHS.sendCode, API_PATHS.passwordLogin, API_PATHS.codeLogin];
    const sent: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (loginCalls.some((path) => path === pathname)) sent.push(pathname);
    });
    await page.goto('/');
    const modal = await openLoginModal(page);
    const mobile = modalField(modal, '手机号');
    const password = modalField(modal, '密码');

    await submitButton(modal).click();
    await expect(mobile).toHaveAccessibleDescription(MESSAGES.invalidMobile);
    await expect(password).toHaveAccessibleDescription(MESSAGES.passwordRequired);
    await expect(mobile).toBeFocused();
    await expect(modal.getByText(MESSAGES.invalidMobile)).toBeVisible();

    for (const wrong of ['1380013800', '11800138000', '1380013800a']) {
      await mobile.fill(wrong);
      await password.press('Enter');
      await expect(mobile).toHaveAccessibleDescription(MESSAGES.invalidMobile);
      await expect(mobile).toBeFocused();
    }

    await mobile.fill(DEMO_TEACHER.mobile);
    await password.fill('');
    await mobile.press('Enter');
    await expect(mobile).toHaveAccessibleDescription('');
    await expect(password).toHaveAccessibleDescription(MESSAGES.passwordRequired);
    await expect(password).toBeFocused();

    await modal.getByRole('tab', { name: '验证码登录' }).click();
    const code = modalField(modal, '验证码');
    await mobile.fill('1380013');
    await sendCodeButton(modal).click();
    await expect(mobile).toHaveAccessibleDescription(MESSAGES.invalidMobile);
    await expect(mobile).toBeFocused();
    await mobile.fill(DEMO_TEACHER.mobile);
    await submitButton(modal).click();
    await expect(code).toHaveAccessibleDescription(MESSAGES.codeRequired);
    await expect(code).toBeFocused();
    await expect(modal.getByText(MESSAGES.codeRequired)).toBeVisible();

    expect(sent).toEqual([]);
  });
});
