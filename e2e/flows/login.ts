import { expect } from '@playwright/test';
import { LOGIN_STORAGE_KEY, MESSAGES } from '@wenrun/shared/node';
import { DEMO_TEACHER } from '../support/accounts';
import { maskedMobile, readDevCode, unusedMobile } from '../support/login-modal';
import type { Target, VisitorPage } from '../support/visitor-page';
import { expectToast, inHeader, openWithLiveHeader, type VisitorFlow } from './flow';

const loginModal: Target = { css: '.login-modal' };
const modalField = (label: '手机号' | '密码' | '验证码'): Target => ({ css: '.login-modal input', name: label });
const submitButton: Target = { css: '.login-modal button[type="submit"]', name: '登录' };
const headerMobile: Target = { css: 'header.site-header [data-testid="header-user-mobile"]' };

async function openLoginModal(page: VisitorPage): Promise<void> {
  await openWithLiveHeader(page, '/');
  await page.click(inHeader('button', '登录'));
  await expect.poll(() => page.count(loginModal)).toBe(1);
}

/** 登录成功 shown, the modal gone, the header showing the masked mobile, the login stored for the next visit. */
async function expectLoggedIn(page: VisitorPage, mobile: string): Promise<void> {
  await expectToast(page, MESSAGES.loginSuccess);
  await expect.poll(() => page.count(loginModal)).toBe(0);
  await expect.poll(() => page.texts(headerMobile)).toEqual([maskedMobile(mobile)]);
  expect(await page.count(inHeader('button', '登录'))).toBe(0);
  const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as Record<string, string> | null, LOGIN_STORAGE_KEY);
  expect(stored).toMatchObject({ mobile, token: expect.stringMatching(/./) });
}

export const LOGIN_FLOWS: VisitorFlow[] = [
  {
    name: 'login by password: 登录成功, the header shows the teacher, the login is stored',
    run: async (page) => {
      await openLoginModal(page);
      await page.fill(modalField('手机号'), DEMO_TEACHER.mobile);
      await page.fill(modalField('密码'), DEMO_TEACHER.password);
      await page.click(submitButton);
      await expectLoggedIn(page, DEMO_TEACHER.mobile);
    },
  },
  {
    name: 'login by code: the code is sent, the button counts down, the code read the dev way logs in',
    run: async (page, { request }) => {
      const mobile = unusedMobile();
      await openLoginModal(page);
      await page.click({ css: '.login-modal [role="tab"]', name: '验证码登录' });
      await page.fill(modalField('手机号'), mobile);
      const sendCode: Target = { css: '.login-modal .login-send-code' };
      expect(await page.texts(sendCode)).toEqual([MESSAGES.sendCode]);
      await page.click(sendCode);
      await expect.poll(() => page.texts(sendCode)).toEqual([expect.stringMatching(/^\d+s$/)]);
      expect(await page.inspect(sendCode, (elements) => (elements[0] as HTMLButtonElement).disabled)).toBe(true);
      await page.fill(modalField('验证码'), await readDevCode(request, mobile));
      await page.click(submitButton);
      await expectLoggedIn(page, mobile);
    },
  },
];
