import { expect, test, type Page } from '@playwright/test';
import { ACTIVITY_PROBLEM_TITLES, API_PATHS, MESSAGES } from '@wenrun/shared/node';
import { ACTIVITY_TEXT } from '@wenrun/remote-wuyou/activity/text';
import { CONTENT_MESSAGES } from '@wenrun/reference-api/routes/content';
import { ACTIVITIES, XSS_TEST_ACTIVITY_ID } from '@wenrun/reference-api/seed/activities';
import { openClientRendered } from '../support/activities';
import { waitForApp, watchErrors, watchLayoutShift } from '../support/site';

const PHONE = { width: 375, height: 812 };
const ACTIVITY_CALL = `**${API_PATHS.activityPage}`;
const SHOWN_ACTIVITIES = ACTIVITIES.filter((activity) => activity.online && activity.id !== XSS_TEST_ACTIVITY_ID);

async function expectNoSiteLayout(page: Page): Promise<void> {
  await expect(page.locator('header.site-header')).toHaveCount(0);
  await expect(page.locator('footer.site-footer')).toHaveCount(0);
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test.describe('activity page', () => {
  test('the reference API offers five activities to show', () => {
    expect(SHOWN_ACTIVITIES.map((activity) => activity.id)).toEqual([1, 2, 3, 4, 5]);
  });

  for (const activity of SHOWN_ACTIVITIES) {
    test(`/wuyou/${activity.id} shows ${activity.title} on its own page, on a phone`, async ({ page }) => {
      const errors = watchErrors(page);
      await page.setViewportSize(PHONE);
      await page.goto(`/wuyou/${activity.id}`);
      // Server-rendered: hydrated by the app before the checks, which press its buttons.
      await waitForApp(page);

      await expect(page.getByRole('heading', { level: 1 })).toHaveText(activity.title);
      await expect(page).toHaveTitle(new RegExp(`^${activity.title} - `));
      const hero = page.locator('.activity-hero');
      await expect(hero).toContainText(activity.subtitle);
      await expect(hero).toContainText(activity.place);
      await expect(hero).toContainText(activity.organizer);
      for (const block of activity.blocks) {
        if (block.type === 'image') {
          const picture = page.getByRole('img', { name: block.alt });
          await expect(picture).toHaveAttribute('width', String(block.width));
          await expect(picture).toHaveAttribute('height', String(block.height));
          await picture.scrollIntoViewIfNeeded();
          await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
        } else if (block.title) {
          await expect(page.getByRole('heading', { level: 2, name: block.title })).toBeVisible();
        }
        if (block.type === 'list') await expect(page.getByText(block.items[0] ?? '', { exact: true })).toBeVisible();
      }

      const signUp = page.getByRole('region', { name: ACTIVITY_TEXT.signUpTitle });
      await expect(signUp).toContainText(activity.signUp.contact);
      await expect(signUp).toContainText(activity.signUp.note);
      const call = signUp.getByRole('link', { name: new RegExp(ACTIVITY_TEXT.callToSignUp) });
      await expect(call).toHaveAttribute('href', /^tel:\d+$/);
      // On a phone the call to action is on screen from the first view.
      await expect(page.locator('.activity-bar').getByRole('link')).toBeInViewport();

      await expectNoSiteLayout(page);
      await expectNoSidewaysScroll(page);
      expect(errors).toEqual([]);
    });
  }

  test('/wuyou/1 has no site header or footer, and its link leads back to the home page', async ({ page }) => {
    await page.goto('/wuyou/1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ACTIVITIES[0]?.title ?? '');
    await expectNoSiteLayout(page);
    // The live link: a press before hydration would be a plain navigation (down on the server's element, up on
    // the new) is no click at all.
    await waitForApp(page);
    await page.getByRole('link', { name: ACTIVITY_TEXT.homeLink }).click();
    await expect(page).toHaveURL('/');
    await expect(page.locator('header.site-header')).toBeVisible();
    await expect(page.locator('footer.site-footer')).toBeVisible();
  });

  const problems = [
    { path: '/wuyou/999', title: ACTIVITY_PROBLEM_TITLES.notFound, message: CONTENT_MESSAGES.activityNotFound },
    { path: '/wuyou/7', title: ACTIVITY_PROBLEM_TITLES.notFound, message: CONTENT_MESSAGES.activityNotFound },
    { path: '/wuyou/abc', title: ACTIVITY_PROBLEM_TITLES.invalid, message: ACTIVITY_TEXT.invalidId },
  ];
  for (const { path, title, message } of problems) {
    test(`${path} says so in Chinese (HTTP 404), with the way home, without a layout shift`, async ({ page }) => {
      // The page's own 404 status is what the browser logs as a failed resource; nothing else may be.
      const errors = watchErrors(page, [/status of 404/]);
      const layoutShift = await watchLayoutShift(page);
      await page.setViewportSize(PHONE);
      await page.goto(path);
      const alert = page.getByRole('alert');
      await expect(alert.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(alert).toContainText(message);
      await expectNoSiteLayout(page);
      await expectNoSidewaysScroll(page);
      expect(await layoutShift.total(), await layoutShift.shifted()).toBeLessThanOrEqual(0.02);
      expect(errors).toEqual([]);
      await alert.getByRole('link', { name: ACTIVITY_TEXT.backHome }).click();
      await expect(page).toHaveURL('/');
      await expect(page.locator('header.site-header')).toBeVisible();
    });
  }

  test('with the API down the page says so and offers another try', async ({ page }) => {
    await page.route(ACTIVITY_CALL, (route) => route.abort('connectionrefused'));
    await openClientRendered(page, '/wuyou/2');
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { level: 1 })).toHaveText(ACTIVITY_PROBLEM_TITLES.unavailable);
    await expect(alert).toContainText(MESSAGES.network);
    await expect(alert.getByRole('link', { name: ACTIVITY_TEXT.backHome })).toBeVisible();

    await page.unroute(ACTIVITY_CALL);
    await alert.getByRole('button', { name: ACTIVITY_TEXT.retry }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ACTIVITIES[1]?.title ?? '');
  });

  test('while the API is slow the page shows its loading state, then the activity', async ({ page }) => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route(ACTIVITY_CALL, async (route) => {
      await answered;
      await route.continue();
    });
    await openClientRendered(page, '/wuyou/3');
    await expect(page.getByRole('status').filter({ hasText: ACTIVITY_TEXT.loading })).toBeAttached();
    await expect(page.locator('.activity--skeleton .activity-hero')).toBeVisible();
    answer();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ACTIVITIES[2]?.title ?? '');
    await expect(page.locator('.activity--skeleton')).toHaveCount(0);
  });

  // Server-rendered, the page carries text the server sanitised; client-rendered, the browser fetches the sanitiser.
  for (const rendered of ['server', 'client'] as const) {
    test(`rich text with scripts, event handlers and javascript: links runs nothing and still reads (${rendered}-rendered)`, async ({ page }) => {
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      if (rendered === 'server') await page.goto(`/wuyou/${XSS_TEST_ACTIVITY_ID}`);
      else await openClientRendered(page, `/wuyou/${XSS_TEST_ACTIVITY_ID}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('安全测试活动');
      await expect(page.getByText('这一句是正常的加粗文字。')).toBeVisible();
      await expect(page.getByText('图片事件')).toBeVisible();
      // Tags in plain-text fields are shown as text, not made into elements.
      await expect(page.getByText('<b>不应加粗</b>')).toBeVisible();
      await expect(page.getByRole('region', { name: ACTIVITY_TEXT.signUpTitle })).toContainText('<script>');

      const words = page.getByText('点击链接');
      await expect(words).toBeVisible();
      await expect(page.locator('.activity-richtext a[href^="javascript" i]')).toHaveCount(0);
      await words.click();
      // Give a dropped onerror or a late script every chance to run.
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
      await expect(page.locator('.activity-page script, .activity-page img[onerror]')).toHaveCount(0);
      expect(dialogs).toEqual([]);
      await expect(page).toHaveURL(`/wuyou/${XSS_TEST_ACTIVITY_ID}`);
    });
  }

  test('on a wide screen the sign-up card stands beside the text and the phone bar is gone', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/wuyou/1');
    // Measured once the app is live, as the visitor will see it.
    await waitForApp(page);
    const signUp = page.getByRole('region', { name: ACTIVITY_TEXT.signUpTitle });
    await expect(signUp).toBeInViewport();
    await expect(page.locator('.activity-bar')).toBeHidden();
    const [body, card] = await Promise.all([
      page.locator('.activity-blocks').boundingBox(),
      signUp.boundingBox(),
    ]);
    expect(card?.x ?? 0).toBeGreaterThan((body?.x ?? 0) + (body?.width ?? 0));
    await expectNoSidewaysScroll(page);
  });
});
