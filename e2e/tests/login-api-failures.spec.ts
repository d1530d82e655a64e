import { expect, test, type Route } from '@playwright/test';
import { API_PATHS, MESSAGES, REQUEST_TIMEOUT_MS } from '@wenrun/shared/node';
import { DEMO_TEACHER } from '../support/accounts';
import {
  API_ORIGIN,
  countRequests,
  expectLoggedInAs,
  headerLoginButton,
  modalField,
  storedLogin,
  submitButton,
  submitPasswordLogin,
} from '../support/login-modal';
import { shortenTimeouts } from '../support/api-faults';

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
