import { expect, test, type Page, type Route } from '@playwright/test';
import {
  API_PATHS,
  CODE_COUNTDOWN_SECONDS,
  LOGIN_STORAGE_KEY,
  MESSAGES,
  REQUEST_TIMEOUT_MS,
} from '@wenrun/shared/node';
import { DEMO_TEACHER, DEMO_TEACHER_WITHOUT_AVATAR } from '../support/accounts';
import {
  API_ORIGIN,
  countRequests,
  expectHeaderAvatar,
  loginModal,
  maskedMobile,
  modalField,
  openLoginModal,
  readDevCode,
  sendCodeButton,
  storedLogin,
  submitButton,
  submitPasswordLogin,
  unusedMobile,
} from '../support/login-modal';
import { holdRequests, watchErrors } from '../support/site';
import { shortenTimeouts } from '../support/api-faults';

const headerMobile = (page: Page) => page.locator('header.site-header').getByTestId('header-user-mobile');
const headerLoginButton = (page: Page) =>
  page.locator('header.site-header').getByRole('button', { name: '登录', exact: true });

async function expectLoggedInAs(page: Page, masked: string) {
  await expect(headerMobile(page)).toHaveText(masked);
  await expect(headerLoginButton(page)).toHaveCount(0);
}

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

test.describe('login modal when the API fails (docs/SPEC.md §8)', () => {
  /** Never answers the login request, so the client's time-out ends it; let go once the page is closed. */
  async function tooSlow(route: Route) {
    await route.request().frame().page().waitForEvent('close', { timeout: 0 });
    await route.abort().catch(() => undefined);
  }

  const failures: { name: string; handle: (route: Route) => Promise<void>; shown: string; timesOut?: boolean }[] = [
    { name: 'API down', handle: (route) => route.abort('connectionrefused'), shown: MESSAGES.network },
    { name: `API slower than ${REQUEST_TIMEOUT_MS / 1000} s`, handle: tooSlow, shown: MESSAGES.timeout, timesOut: true },
    {
      name: 'non-200 envelope with resultStr',
      handle: (route) =>
        route.fulfill({
          json: { header: { code: '503', codeMsg: '系统维护中' }, data: { resultStr: '登录服务维护中，请十分钟后再试' } },
        }),
      shown: '登录服务维护中，请十分钟后再试',
    },
    {
      name: 'non-200 envelope without data',
      handle: (route) => route.fulfill({ json: { header: { code: '500', codeMsg: '账号服务暂不可用' }, data: null } }),
      shown: '账号服务暂不可用',
    },
    { name: 'HTTP 502', handle: (route) => route.fulfill({ status: 502, body: 'Bad Gateway' }), shown: MESSAGES.httpStatus(502) },
  ];

  for (const failure of failures) {
    test(`${failure.name}: the Chinese message, the button usable again, nothing lost`, async ({ page }) => {
      const loginRequests = countRequests(page, API_PATHS.passwordLogin);
      const timeouts = failure.timesOut ? await shortenTimeouts(page, API_PATHS.passwordLogin) : undefined;
      await page.route(`${API_ORIGIN}${API_PATHS.passwordLogin}`, failure.handle);
      await page.goto('/');
      const modal = await submitPasswordLogin(page, DEMO_TEACHER);
      const button = submitButton(modal);

      await expect(modal.getByRole('alert')).toHaveText(failure.shown);
      if (timeouts) expect(await timeouts.asked()).toEqual([REQUEST_TIMEOUT_MS]);
      expect(loginRequests()).toBe(1);
      await expect(button).not.toHaveClass(/loading/);
      await expect(button).toBeEnabled();
      await expect(modalField(modal, '手机号')).toHaveValue(DEMO_TEACHER.mobile);
      await expect(modalField(modal, '密码')).toHaveValue(DEMO_TEACHER.password);
      await expect(headerLoginButton(page)).toBeVisible();
      expect((await storedLogin(page))?.token ?? '').toBe('');

      // The retry meets the real API, whose password hashing takes longer than the shortened wait on a busy machine.
      await timeouts?.restore();
      await page.unroute(`${API_ORIGIN}${API_PATHS.passwordLogin}`);
      await button.click();
      await expect(page.getByText(MESSAGES.loginSuccess)).toBeVisible();
      await expectLoggedInAs(page, DEMO_TEACHER.masked);
    });
  }
});

test.describe('login store in local storage', () => {
  const corruptions: { name: string; piece: string; times: number }[] = [
    { name: 'truncated JSON', piece: '{"token":', times: 1 },
    { name: 'an array', piece: '[]', times: 1 },
    // Close to Chromium's limit of about 5 M characters per origin; the key takes a few of them.
    { name: '5 MB of junk', piece: '#', times: 5 * 1000 * 1000 },
  ];

  for (const corruption of corruptions) {
    test(`holding ${corruption.name}: the site loads logged out and login still works`, async ({ page }) => {
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
      const errors = watchErrors(page);
      // Before any script of the site runs, once per tab, so that the reload below sees the saved login.
      await page.addInitScript(
        ({ key, piece, times }) => {
          if (sessionStorage.getItem('e2e-corrupted')) return;
          sessionStorage.setItem('e2e-corrupted', '1');
          localStorage.setItem(key, piece.repeat(times));
        },
        { key: LOGIN_STORAGE_KEY, piece: corruption.piece, times: corruption.times },
      );
      await page.goto('/');

      await expect.poll(() => warnings.some((warning) => warning.includes(LOGIN_STORAGE_KEY))).toBe(true);
      expect(await storedLogin(page)).toBeNull();
      // Only a logged-out header offers 登录, and only the live one (hydrated, not the server's markup) opens the modal.
      await submitPasswordLogin(page, DEMO_TEACHER);
      await expectLoggedInAs(page, DEMO_TEACHER.masked);
      await page.reload();
      await expectLoggedInAs(page, DEMO_TEACHER.masked);
      expect(errors.filter((error) => error.startsWith('pageerror'))).toEqual([]);
    });
  }
});
