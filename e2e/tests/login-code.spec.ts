import { expect, test } from '@playwright/test';
import { API_PATHS, CODE_COUNTDOWN_SECONDS, MESSAGES } from '@wenrun/shared/node';
import {
  countRequests,
  expectLoggedInAs,
  maskedMobile,
  modalField,
  openLoginModal,
  readDevCode,
  sendCodeButton,
  submitButton,
  unusedMobile,
} from '../support/login-modal';

/** Logging in with a code sent to the mobile: the send button's countdown, one request per send, the code login. */
test.describe('login modal', () => {
  test('code login: send the code, count 60 s down on the clock, 重新获取, log in with the code read the dev way', async ({
    page,
    request,
  }) => {
    const mobile = unusedMobile();
    await page.clock.install();
    await page.goto('/');
    const modal = await openLoginModal(page);
    await modal.getByRole('tab', { name: '验证码登录' }).click();
    await modalField(modal, '手机号').fill(mobile);
    // From here on the page's time moves only when the test moves it.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

    const button = sendCodeButton(modal);
    await expect(button).toHaveText(MESSAGES.sendCode);
    const sent = page.waitForResponse((response) => response.url().endsWith(API_PATHS.sendCode));
    await button.click();
    expect((await sent).ok()).toBe(true);
    await expect(button).toHaveText(`${CODE_COUNTDOWN_SECONDS}s`);
    await expect(button).toBeDisabled();
    await expect(modalField(modal, '验证码')).toBeFocused();

    await page.clock.runFor(1000);
    await expect(button).toHaveText(`${CODE_COUNTDOWN_SECONDS - 1}s`);
    await page.clock.runFor((CODE_COUNTDOWN_SECONDS - 2) * 1000);
    await expect(button).toHaveText('1s');
    await expect(button).toBeDisabled();
    await page.clock.runFor(1000);
    await expect(button).toHaveText(MESSAGES.retryCode);
    await expect(button).toBeEnabled();
    await page.clock.resume();

    await modalField(modal, '验证码').fill(await readDevCode(request, mobile));
    await submitButton(modal).click();
    await expect(page.getByText(MESSAGES.loginSuccess)).toBeVisible();
    await expect(modal).toBeHidden();
    await expectLoggedInAs(page, maskedMobile(mobile));
  });

  test('send code: a double click sends one request, and the countdown survives closing and reopening', async ({
    page,
  }) => {
    const sendCodeRequests = countRequests(page, API_PATHS.sendCode);
    const mobile = unusedMobile();
    await page.goto('/');
    let modal = await openLoginModal(page);
    await modal.getByRole('tab', { name: '验证码登录' }).click();
    await modalField(modal, '手机号').fill(mobile);
    const sent = page.waitForResponse((response) => response.url().endsWith(API_PATHS.sendCode));
    await sendCodeButton(modal).dblclick();
    await sent;
    await expect(sendCodeButton(modal)).toHaveText(/^\d+s$/);

    await modal.getByRole('button', { name: '关闭' }).click();
    await expect(modal).toBeHidden();
    modal = await openLoginModal(page);
    await expect(modal.getByRole('tab', { name: '验证码登录' })).toHaveAttribute('aria-selected', 'true');
    await expect(modalField(modal, '手机号')).toHaveValue(mobile);
    await expect(sendCodeButton(modal)).toHaveText(/^\d+s$/);
    await expect(sendCodeButton(modal)).toBeDisabled();
    expect(sendCodeRequests()).toBe(1);
  });
});
