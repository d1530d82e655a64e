import { expect, test, type Page, type Route } from '@playwright/test';
import { API_PATHS, MESSAGES, REQUEST_TIMEOUT_MS } from '@wenrun/shared/node';
import { fillMessage, messageForm, waitForLiveForm } from '../support/about-page';
import { modalField, openLoginModal, sendCodeButton, submitButton } from '../support/login-modal';
import { expectNoWhiteScreen } from '../support/chaos-remotes';
import { openClientRendered } from '../support/activities';
import { answerCalls, corsHeaders, shortenTimeouts } from '../support/api-faults';


/** Every call the site makes on screen, and how a visitor makes it. */
interface ApiCall {
  name: string;
  path: (typeof API_PATHS)[keyof typeof API_PATHS];
  trigger: (page: Page) => Promise<void>;
}

async function openCodeLogin(page: Page) {
  const modal = await openLoginModal(page);
  await modal.getByRole('tab', { name: '验证码登录' }).click();
  return modal;
}

const CALLS: ApiCall[] = [
  // A page rendered on the server asks the API nothing in the browser: these calls fail where the browser makes them.
  { name: 'home content (integrate)', path: API_PATHS.integrate, trigger: (page) => openClientRendered(page, '/no-such-page') },
  { name: 'search', path: API_PATHS.search, trigger: (page) => openClientRendered(page, `/search/${encodeURIComponent('课程')}`) },
  { name: 'course list', path: API_PATHS.courseList,
    // Page 2: page 1 is rendered at build with its list, which the browser never asks for again.
    trigger: (page) => page.goto('/about/3?page=2').then(() => undefined) },
  {
    name: 'message',
    path: API_PATHS.message,
    trigger: async (page) => {
      await page.goto('/about/6');
      await waitForLiveForm(page);
      await fillMessage(page, { name: '王老师', phone: '13800138000', message: '想了解研训合作。' });
      await messageForm(page).getByRole('button', { name: '提交留言' }).click();
    },
  },
  {
    name: 'send code',
    path: API_PATHS.sendCode,
    trigger: async (page) => {
      await page.goto('/no-such-page');
      const modal = await openCodeLogin(page);
      await modalField(modal, '手机号').fill('13600000001');
      await sendCodeButton(modal).click();
    },
  },
  {
    name: 'password login',
    path: API_PATHS.passwordLogin,
    trigger: async (page) => {
      await page.goto('/no-such-page');
      const modal = await openLoginModal(page);
      await modalField(modal, '手机号').fill('13800138000');
      await modalField(modal, '密码').fill('Wenrun@2026');
      await submitButton(modal).click();
    },
  },
  {
    name: 'code login',
    path: API_PATHS.codeLogin,
    trigger: async (page) => {
      await page.goto('/no-such-page');
      const modal = await openCodeLogin(page);
      await modalField(modal, '手机号').fill('13800138000');
      await modalField(modal, '验证码').fill('123456');
      await submitButton(modal).click();
    },
  },
  {
    name: 'activity page',
    path: API_PATHS.activityPage,
    trigger: (page) => openClientRendered(page, '/wuyou/1'),
  },
];

/** The faults a server can answer with, and the docs/SPEC.md §8 message each must give. */
const FAULTS: { name: string; answer: (route: Route) => Promise<void>; message: string }[] = [
  {
    name: 'HTTP 500',
    answer: (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }),
    message: MESSAGES.httpStatus(500),
  },
  {
    name: 'non-"200" envelope without a message',
    answer: (route) =>
      route.fulfill({ json: { header: { code: '500', codeMsg: '' }, data: null }, headers: corsHeaders(route) }),
    message: MESSAGES.envelopeFallback,
  },
  {
    name: 'HTML instead of JSON',
    answer: (route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: '<!doctype html><title>502</title><h1>网关错误</h1>',
        headers: corsHeaders(route),
      }),
    message: MESSAGES.badResponse,
  },
  {
    name: 'empty body',
    answer: (route) => route.fulfill({ contentType: 'application/json', body: '', headers: corsHeaders(route) }),
    message: MESSAGES.badResponse,
  },
];

function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (/Uncaught|unhandled/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

/**
 * Which message each fault gives is the client's (shared/src/api/client.test.ts, every fault below): here each call
 * meets one of them in the browser, in turn, so that every fault is met by two calls and every call shows its failure
 * on screen without an uncaught error.
 */
for (const [index, call] of CALLS.entries()) {
  const fault = FAULTS[index % FAULTS.length] as (typeof FAULTS)[number];
  test(`API ${call.name}, ${fault.name}: shows 「${fault.message}」, nothing uncaught`, async ({ page }) => {
    const errors = watchPageErrors(page);
    const answered = await answerCalls(page, call.path, fault.answer);
    await call.trigger(page);
    await expect.poll(answered).toBeGreaterThan(0);
    await expect(page.getByText(fault.message).first()).toBeVisible();
    await expectNoWhiteScreen(page);
    expect(errors).toEqual([]);
  });
}

test(`every call: no answer within ${REQUEST_TIMEOUT_MS / 1000} s shows 「${MESSAGES.timeout}」`, async ({ browser }) => {
  // One call after another: eight pages loading at once starve a busy 2-core machine, and each waits only half a second.
  const context = await browser.newContext();
  for (const call of CALLS) {
    await test.step(call.name, async () => {
      const page = await context.newPage();
      const held: Route[] = [];
      const errors = watchPageErrors(page);
      const timeouts = await shortenTimeouts(page, call.path);
      await answerCalls(page, call.path, async (route) => {
        held.push(route);
      });
      await call.trigger(page);
      await expect(page.getByText(MESSAGES.timeout).first()).toBeVisible();
      await expectNoWhiteScreen(page);
      expect(errors).toEqual([]);
      // The client asked the browser for the site's timeout.
      const asked = await timeouts.asked();
      expect(asked.length > 0 && asked.every((ms) => ms === REQUEST_TIMEOUT_MS), String(asked)).toBe(true);
      for (const route of held) await route.abort().catch(() => undefined);
      await page.close();
    });
  }
  await context.close();
});
