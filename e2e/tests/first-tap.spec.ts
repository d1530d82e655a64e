import { expect, test, type Locator, type Page } from '@playwright/test';
import { API_PATHS, REMOTE_PARTS } from '@wenrun/shared/node';
import { messageForm } from '../support/about-page';
import { API_ORIGIN } from '../support/login-modal';
import { EARLY_TAPS, type EarlyTapQueue } from '@wenrun/shell/taps/earlyTaps';

/**
 * A phone on a mobile network (shell/src/taps/README.md): the CPU slowed 4×, every remote's code 1.5 s slow. Each
 * control is tapped as soon as the server-rendered page is painted, before its part of the page is the app's, and
 * must act once: never nothing, never twice.
 */

const REMOTE_SCRIPTS = new RegExp(`^http://localhost:(${Object.values(REMOTE_PARTS).map((part) => part.port).join('|')})/.*\\.js$`);
const REMOTE_DELAY_MS = 1_500;

test.describe.configure({ timeout: 90_000 });

async function openSlowly(page: Page, path: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.route(REMOTE_SCRIPTS, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, REMOTE_DELAY_MS));
    await route.continue().catch(() => undefined);
  });
  await page.goto(path, { waitUntil: 'commit' });
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
}

/** Whether React has taken the element over yet (it sets its props on every element it hydrates). */
function isLive(control: Locator): Promise<boolean> {
  return control.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps$')));
}

/** Taps `control` while it is still the server's markup: the case under test. */
async function tapBeforeTheApp(control: Locator): Promise<void> {
  await control.waitFor();
  expect(await isLive(control), 'the control was already the app’s: nothing tested').toBe(false);
  await control.click();
}

/**
 * Waits until nothing can act on a tap any more: the taps the page held are all let go (each acted on, or given up),
 * and `control` (when the page still shows it) is the app's. What would act twice has acted by then, so a check
 * after this is a check of the end.
 */
async function settled(page: Page, control?: Locator): Promise<void> {
  const held = () => page.evaluate((key) => (window as unknown as Record<string, EarlyTapQueue | undefined>)[key]?.list.length ?? 0, EARLY_TAPS);
  await expect.poll(held, { timeout: 20_000 }).toBe(0);
  if (control) await expect.poll(() => isLive(control), { timeout: 20_000 }).toBe(true);
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

const header = (page: Page) => page.locator('header.site-header');

test('登录 tapped at first paint opens the login dialog once, and no later replay opens it again', async ({ page }) => {
  const errors = watchErrors(page);
  await openSlowly(page, '/');
  const login = header(page).getByRole('button', { name: '登录', exact: true });
  await tapBeforeTheApp(login);
  // Busy meanwhile: the visitor sees the tap was taken.
  await expect(login).toHaveAttribute('aria-busy', 'true');
  const dialog = page.getByRole('dialog', { name: '登录文润教育' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(login).not.toHaveAttribute('aria-busy');
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();
  await settled(page, login);
  await expect(dialog).toBeHidden();
  expect(errors).toEqual([]);
});

test('客服 tapped at first paint opens customer service once', async ({ page }) => {
  const errors = watchErrors(page);
  await openSlowly(page, '/');
  const service = header(page).getByRole('button', { name: '客服' });
  await tapBeforeTheApp(service);
  const dialog = page.getByRole('dialog', { name: '在线客服' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole('button', { name: '关闭' }).click();
  await settled(page, service);
  await expect(dialog).toBeHidden();
  expect(errors).toEqual([]);
});

test('the search trigger tapped at first paint opens the search box once', async ({ page }) => {
  await openSlowly(page, '/');
  const trigger = header(page).getByRole('button', { name: '搜索课程或专家' });
  await tapBeforeTheApp(trigger);
  const box = header(page).getByRole('searchbox');
  await expect(box).toBeVisible({ timeout: 20_000 });
  await expect(box).toBeFocused();
  await settled(page, box);
  await expect(box).toBeVisible();
});

test('an about tab tapped at first paint opens its section once', async ({ page }) => {
  await openSlowly(page, '/about/1');
  const loads: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.push(new URL(request.url()).pathname);
  });
  const tab = page.getByRole('navigation', { name: '关于我们栏目' }).getByRole('link', { name: '精品课程' });
  await tapBeforeTheApp(tab);
  await expect(page).toHaveURL('/about/3', { timeout: 20_000 });
  await expect(page.locator('article.about-page')).toHaveAttribute('data-section', '3', { timeout: 20_000 });
  await settled(page, tab);
  // Once: one page loaded, one step in the history (the app's own same-document update of the address is not a step).
  expect(loads).toEqual(['/about/3']);
  await page.goBack();
  await expect(page).toHaveURL('/about/1');
});

test('the course pager tapped at first paint shows the next page once', async ({ page }) => {
  await openSlowly(page, '/about/3');
  const pager = page.getByRole('navigation', { name: /课程分页/ });
  const next = pager.getByRole('link', { name: '下一页' });
  await tapBeforeTheApp(next);
  await expect(page).toHaveURL(/[?&]page=2\b/, { timeout: 20_000 });
  await expect(page.locator('.course-catalog__summary')).toContainText('第 2 /', { timeout: 20_000 });
  await settled(page, next);
  await expect(page).toHaveURL(/[?&]page=2\b/);
});

test('the message form submitted at first paint is sent once, with what was typed', async ({ page }) => {
  const errors = watchErrors(page);
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url() === `${API_ORIGIN}${API_PATHS.message}` && request.method() === 'POST') sent.push(request.postData() ?? '');
  });
  await openSlowly(page, '/about/6');
  const form = messageForm(page);
  await form.waitFor();
  // Typed into the server's markup, before the app: the app takes the text over when it arrives.
  await form.getByLabel('姓名').fill('赵老师');
  await form.getByLabel('手机号').fill('13700137000');
  await form.getByLabel('留言内容').fill('首屏提交的留言');
  await tapBeforeTheApp(form.getByRole('button', { name: '提交留言' }));
  await expect(page.getByRole('status').filter({ hasText: '留言已提交' })).toBeVisible({ timeout: 30_000 });
  await settled(page);
  expect(sent).toHaveLength(1);
  expect(new URLSearchParams(sent[0]).get('message')).toBe('首屏提交的留言');
  // Never a native submission: the address stays the page's.
  await expect(page).toHaveURL('/about/6');
  expect(errors).toEqual([]);
});

test('the activity’s call to sign up, tapped at first paint, is the phone link once', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { calls: boolean[] }).calls = [];
    document.addEventListener('click', (event) => {
      const link = (event.target as Element | null)?.closest?.('a[href^="tel:"]');
      if (link) (window as unknown as { calls: boolean[] }).calls.push(event.defaultPrevented);
    });
  });
  await openSlowly(page, '/wuyou/1');
  const call = page.locator('.activity-signup .activity-call');
  await tapBeforeTheApp(call);
  await settled(page, call);
  // Followed by the browser (never held: a link needs no app), once.
  expect(await page.evaluate(() => (window as unknown as { calls: boolean[] }).calls)).toEqual([false]);
  await expect(call).not.toHaveAttribute('aria-busy');
});
