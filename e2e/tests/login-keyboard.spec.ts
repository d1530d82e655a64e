import { expect, test } from '@playwright/test';
import { MESSAGES } from '@wenrun/shared/node';
import { DEMO_TEACHER } from '../support/accounts';
import { expectLoggedInAs, headerLoginButton, modalField, openLoginModal, submitButton } from '../support/login-modal';

/** The login modal used from the keyboard alone, as a dialog should be. */
test.describe('login modal', () => {
  test('keyboard: focus starts in the form, Tab stays in the modal, arrows switch tabs, Esc closes, Enter submits', async ({
    page,
  }) => {
    await page.goto('/');
    const opener = headerLoginButton(page);
    const modal = await openLoginModal(page);
    await expect(page.getByRole('dialog', { name: '登录文润教育' })).toHaveAttribute('aria-modal', 'true');
    const mobile = modalField(modal, '手机号');
    const passwordTab = modal.getByRole('tab', { name: '密码登录' });
    await expect(mobile).toBeFocused();

    // The order: mobile, password, 登录, 关闭, then round to the selected tab and the mobile again.
    const order = [modalField(modal, '密码'), submitButton(modal), modal.getByRole('button', { name: '关闭' }), passwordTab, mobile];
    for (const next of order) {
      await page.keyboard.press('Tab');
      await expect(next).toBeFocused();
    }
    await page.keyboard.press('Shift+Tab');
    await expect(passwordTab).toBeFocused();
    await page.keyboard.press('ArrowRight');
    const codeTab = modal.getByRole('tab', { name: '验证码登录' });
    await expect(codeTab).toBeFocused();
    await expect(codeTab).toHaveAttribute('aria-selected', 'true');
    await expect(modalField(modal, '验证码')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(passwordTab).toHaveAttribute('aria-selected', 'true');

    await mobile.fill(DEMO_TEACHER.mobile);
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(opener).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(modal).toBeVisible();
    await expect(mobile).toHaveValue(DEMO_TEACHER.mobile);
    await expect(modalField(modal, '密码')).toBeFocused();
    await page.keyboard.type(DEMO_TEACHER.password);
    await page.keyboard.press('Enter');
    await expect(page.getByText(MESSAGES.loginSuccess)).toBeVisible();
    await expectLoggedInAs(page, DEMO_TEACHER.masked);
  });
});
