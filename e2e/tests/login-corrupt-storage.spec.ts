import { expect, test } from '@playwright/test';
import { LOGIN_STORAGE_KEY } from '@wenrun/shared/node';
import { DEMO_TEACHER } from '../support/accounts';
import { expectLoggedInAs, storedLogin, submitPasswordLogin } from '../support/login-modal';
import { watchErrors } from '../support/site';

/** A login value in local storage the site cannot read; storage.spec.ts has values of a foreign shape. */
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
