import { expect, test } from '@playwright/test';
import { API_PATHS, MESSAGES } from '@wenrun/shared/node';
import { DEMO_TEACHER, DEMO_TEACHER_WITHOUT_AVATAR } from '../support/accounts';
import {
  API_ORIGIN,
  countRequests,
  expectHeaderAvatar,
  expectLoggedInAs,
  headerLoginButton,
  loginModal,
  modalField,
  openLoginModal,
  storedLogin,
  submitButton,
  submitPasswordLogin,
} from '../support/login-modal';
import { holdRequests, watchErrors } from '../support/site';

/** Logging in with a mobile and password in the header's login modal: success, a refusal, a request in flight. */
test.describe('login modal', () => {
  test('password login: 登录成功, the modal goes, the header shows the avatar, a reload keeps the login', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await page.goto('/');
    const reply = page.waitForResponse((response) => response.url().endsWith(API_PATHS.passwordLogin));
    await submitPasswordLogin(page, DEMO_TEACHER);
    const body = (await (await reply).json()) as { data: { teacherIcon: string } };

    await expect(page.getByText(MESSAGES.loginSuccess)).toBeVisible();
    await expect(loginModal(page)).toBeHidden();
    await expectLoggedInAs(page, DEMO_TEACHER.masked);
    expect(await storedLogin(page)).toMatchObject({ mobile: DEMO_TEACHER.mobile, avatar: body.data.teacherIcon });
    // The reply's teacherIcon is a path on the API host, which serves the image to the page on another origin.
    const avatar = new URL(body.data.teacherIcon, API_ORIGIN).href;
    await expectHeaderAvatar(page, avatar);

    await page.reload();
    await expectLoggedInAs(page, DEMO_TEACHER.masked);
    await expectHeaderAvatar(page, avatar);

    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(headerLoginButton(page)).toBeVisible();
    expect((await storedLogin(page))?.token).toBe('');
    expect(errors).toEqual([]);
  });

  test('a wrong password shows the server resultStr, nothing typed is lost; the right one logs in with the default avatar', async ({
    page,
  }) => {
    await page.goto('/');
    const modal = await openLoginModal(page);
    await modalField(modal, '手机号').fill(DEMO_TEACHER_WITHOUT_AVATAR.mobile);
    await modalField(modal, '密码').fill('Wrong@2026');
    const refused = page.waitForResponse((response) => response.url().endsWith(API_PATHS.passwordLogin));
    await submitButton(modal).click();
    const body = (await (await refused).json()) as { header: { code: string }; data: { resultStr: string } };
    expect(body.header.code).not.toBe('200');
    expect(body.data.resultStr).not.toBe('');

    await expect(modal.getByRole('alert')).toHaveText(body.data.resultStr);
    await expect(modalField(modal, '手机号')).toHaveValue(DEMO_TEACHER_WITHOUT_AVATAR.mobile);
    await expect(modalField(modal, '密码')).toHaveValue('Wrong@2026');
    await expect(headerLoginButton(page)).toBeVisible();

    await modalField(modal, '密码').fill(DEMO_TEACHER_WITHOUT_AVATAR.password);
    const accepted = page.waitForResponse((response) => response.url().endsWith(API_PATHS.passwordLogin));
    await submitButton(modal).click();
    expect(((await (await accepted).json()) as { data: { teacherIcon?: string } }).data.teacherIcon).toBeUndefined();
    await expect(page.getByText(MESSAGES.loginSuccess)).toBeVisible();
    await expectLoggedInAs(page, DEMO_TEACHER_WITHOUT_AVATAR.masked);
    // No teacherIcon in the reply: the store holds the site's default avatar, and the header can draw it.
    const avatar = (await storedLogin(page))?.avatar ?? '';
    expect(avatar).not.toBe('');
    await expectHeaderAvatar(page, avatar);
  });

  test('the login button is busy during the request: a second click or Enter sends nothing more', async ({ page }) => {
    const loginRequests = countRequests(page, API_PATHS.passwordLogin);
    const release = await holdRequests(page, `${API_ORIGIN}${API_PATHS.passwordLogin}`);
    await page.goto('/');
    const modal = await submitPasswordLogin(page, DEMO_TEACHER);
    const button = submitButton(modal);
    await expect(button).toHaveClass(/loading/);
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(modal.locator('form')).toHaveAttribute('aria-busy', 'true');
    await button.click({ force: true });
    await modalField(modal, '密码').press('Enter');

    release();
    await expect(page.getByText(MESSAGES.loginSuccess)).toBeVisible();
    await expectLoggedInAs(page, DEMO_TEACHER.masked);
    expect(loginRequests()).toBe(1);
  });
});
