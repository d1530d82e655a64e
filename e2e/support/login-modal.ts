import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { API_PATHS, API_PORT, LOGIN_STORAGE_KEY } from '@wenrun/shared/node';

export const API_ORIGIN = `http://localhost:${API_PORT}`;

export function loginModal(page: Page): Locator {
  return page.locator('.login-modal');
}

/** The header's 登录 button, shown only while nobody is logged in. */
export function headerLoginButton(page: Page): Locator {
  return page.locator('header.site-header').getByRole('button', { name: '登录', exact: true });
}

/** The header shows the logged-in mobile (masked) and no 登录 button. */
export async function expectLoggedInAs(page: Page, masked: string): Promise<void> {
  await expect(page.locator('header.site-header').getByTestId('header-user-mobile')).toHaveText(masked);
  await expect(headerLoginButton(page)).toHaveCount(0);
}

/**
 * Opens the login modal from the header's 登录 button. The server-rendered header is on screen before the shell
 * takes the page over, and a click on it before then does nothing: click again until the modal shows.
 */
export async function openLoginModal(page: Page): Promise<Locator> {
  const modal = loginModal(page);
  const opener = headerLoginButton(page);
  await expect(async () => {
    if (!(await modal.isVisible())) await opener.click({ timeout: 2_000 });
    await expect(modal).toBeVisible({ timeout: 2_000 });
  }).toPass();
  return modal;
}

/** Opens the modal and sends the password form filled in with the account. */
export async function submitPasswordLogin(page: Page, account: { mobile: string; password: string }): Promise<Locator> {
  const modal = await openLoginModal(page);
  await modalField(modal, '手机号').fill(account.mobile);
  await modalField(modal, '密码').fill(account.password);
  await submitButton(modal).click();
  return modal;
}

/** A form field of the modal by its label (exact: 验证码 must not find 获取验证码). */
export function modalField(modal: Locator, label: '手机号' | '密码' | '验证码'): Locator {
  return modal.getByLabel(label, { exact: true });
}

export function submitButton(modal: Locator): Locator {
  return modal.getByRole('button', { name: '登录', exact: true });
}

/** The send-code button, whatever it shows: 获取验证码, the seconds left, or 重新获取. */
export function sendCodeButton(modal: Locator): Locator {
  return modal.locator('.login-send-code');
}

/** Counts the page's requests to one API path, to prove what was (not) sent. */
export function countRequests(page: Page, path: (typeof API_PATHS)[keyof typeof API_PATHS]): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) count += 1;
  });
  return () => count;
}

/** A mobile no test has used yet: the API lets a mobile ask for a code only once a minute. */
const issuedMobiles = new Set<string>();

export function unusedMobile(): string {
  // Never the same twice in a worker: a thousand random draws repeat one about once in two hundred runs, and a
  // repeat within its minute is refused as a resend (attacker-whole-site-code-budget.spec.ts, 2026-11-29).
  for (;;) {
    const mobile = `136${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    if (issuedMobiles.has(mobile)) continue;
    issuedMobiles.add(mobile);
    return mobile;
  }
}

/** How the header shows a mobile: its middle four digits hidden. */
export function maskedMobile(mobile: string): string {
  return `${mobile.slice(0, 3)}****${mobile.slice(7)}`;
}

/** The code the reference API sent, read the documented dev way (`GET /__dev/codes/:mobile`, not in production). */
export async function readDevCode(request: APIRequestContext, mobile: string): Promise<string> {
  const response = await request.get(`${API_ORIGIN}/__dev/codes/${mobile}`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { code: string } };
  return body.data.code;
}

/** What the login store saved in local storage, or null. */
export async function storedLogin(page: Page): Promise<Record<string, string> | null> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), LOGIN_STORAGE_KEY);
  return raw === null ? null : (JSON.parse(raw) as Record<string, string>);
}

/** The header shows this avatar and the browser could draw it (a broken image has no natural width). */
export async function expectHeaderAvatar(page: Page, src: string): Promise<void> {
  const drawnWidth = () =>
    page.evaluate((wanted) => {
      const url = new URL(wanted, location.href).href;
      const image = Array.from(document.querySelectorAll<HTMLImageElement>('header.site-header img')).find(
        (candidate) => candidate.src === url,
      );
      return image?.complete ? image.naturalWidth : 0;
    }, src);
  await expect.poll(drawnWidth).toBeGreaterThan(0);
}
