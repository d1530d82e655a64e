import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import {
  ABOUT_SECTIONS,
  aboutPath,
  API_PATHS,
  DEFAULT_RUNTIME_CONFIG,
  type Envelope,
  type HomeContent,
} from '@wenrun/shared/node';
import { ACTIVITIES } from '@wenrun/reference-api/seed/activities';
import { STARTUP_FAILURE_TEXT } from '@wenrun/shell/app/startupFailure';
import { openClientRendered } from '../support/activities';
import { SITE_ORIGIN } from '../support/ports';
import { holdRequests, waitForApp, watchErrors } from '../support/site';

const INTEGRATE_URL = `${DEFAULT_RUNTIME_CONFIG.apiBaseUrl}${API_PATHS.integrate}`;

async function homeContent(page: Page): Promise<HomeContent> {
  const response = await page.request.post(INTEGRATE_URL);
  return ((await response.json()) as Envelope<HomeContent>).data;
}

test.describe('routes', () => {
  // docs/SPEC.md §2: only /search/{key} and /wuyou/{id} are those pages; any other path shows home.
  for (const path of ['/', '/nope', '/a/b/c', '/%E4%ZZ', '/index.html', '/home', '/search', '/search/', '/wuyou', '/wuyou/']) {
    test(`${path} shows the home page without an error`, async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('让每一位教师都被看见、被支持、被成就');
      await expect(page.locator('footer.site-footer')).toBeVisible();
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/);
      expect(errors).toEqual([]);
    });
  }

  // One rule for letter case (React Router's: patterns match regardless of it), for matching and for reading the
  // path alike, on the server and in the browser.
  const inAnyCase = [
    { path: '/ABOUT/3', html: ['site-header--about', 'data-section="3"'], shows: (page: Page) => page.locator('.about-page[data-section="3"]') },
    { path: '/Search/x', html: ['data-testid="search-keyword">x<'], shows: (page: Page) => page.getByTestId('search-keyword').filter({ hasText: /^x$/ }) },
    { path: '/WUYOU/1', html: [`<h1`, ACTIVITIES[0]?.title ?? '?'], shows: (page: Page) => page.getByRole('heading', { level: 1, name: ACTIVITIES[0]?.title ?? '' }) },
  ];
  for (const { path, html, shows } of inAnyCase) {
    test(`${path} is that page, rendered by the server and hydrated, and when the app navigates there`, async ({ page, request }) => {
      const errors = watchErrors(page);
      const served = await request.get(path);
      expect(served.status()).toBe(200);
      const markup = await served.text();
      for (const marker of html) expect(markup).toContain(marker);
      await page.goto(path);
      await waitForApp(page);
      await expect(shows(page)).toBeVisible();
      if (path === '/ABOUT/3') await expect(page.locator('header.site-header--about')).toBeVisible();
      await page.goto('/');
      await waitForApp(page);
      await page.evaluate((target) => {
        history.pushState(null, '', target);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await expect(shows(page)).toBeVisible();
      expect(errors).toEqual([]);
    });
  }

  test('/about/../../etc stays on the site', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/about/../../etc');
    await expect(page.locator('main#main')).toBeVisible();
    await expect(page.locator('footer.site-footer')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('/wuyou/1 has neither header nor footer', async ({ page }) => {
    await page.goto('/wuyou/1');
    await expect(page.getByRole('heading', { name: '报名信息' })).toBeVisible();
    await expect(page.locator('header.site-header')).toHaveCount(0);
    await expect(page.locator('footer.site-footer')).toHaveCount(0);
  });
});

test.describe('home page', () => {
  test('shows the content of the integrate API', async ({ page }) => {
    const content = await homeContent(page);
    await page.goto('/');
    for (const item of [content.courses[0], content.experts[0], content.news[0], content.partners[0]]) {
      const name = item && ('title' in item ? item.title : item.name);
      await expect(page.getByText(name ?? '').first()).toBeVisible();
    }
    await expect(page.locator('.home-notice')).toHaveCount(0);
  });

  test('server-rendered, with the API down: the content it was rendered with stays, no error', async ({ page }) => {
    const content = await homeContent(page);
    const errors = watchErrors(page);
    await page.route(INTEGRATE_URL, (route) => route.abort('connectionrefused'));
    await page.goto('/');
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await expect(page.getByText(content.courses[0]?.title ?? '').first()).toBeVisible();
    await expect(page.locator('.home-notice')).toHaveCount(0);
    expect(errors.filter((error) => !error.includes('ERR_CONNECTION_REFUSED'))).toEqual([]);
  });

  // The home page rendered in the browser (reached through the app's links, or when no server could render it).
  test('client-rendered, with the API down: the built-in content and a Chinese notice, and a retry that works', async ({
    page,
  }) => {
    let down = true;
    await page.route(INTEGRATE_URL, (route) => (down ? route.abort('connectionrefused') : route.continue()));
    await openClientRendered(page, '/nope');
    await expect(page.locator('.home-notice')).toContainText('暂时无法加载');
    await expect(page.locator('.home-offerings li')).toHaveCount(6);
    down = false;
    await page.getByRole('button', { name: '重新加载' }).click();
    await expect(page.locator('.home-notice')).toHaveCount(0);
    await expect(page.locator('#home-courses')).toBeVisible();
  });

  test('client-rendered, with a slow API: skeletons first, then the content in their place', async ({ page }) => {
    const release = await holdRequests(page, INTEGRATE_URL);
    await openClientRendered(page, '/nope');
    await expect(page.locator('.home-skeleton').first()).toBeVisible();
    await expect(page.locator('.home-offerings li')).toHaveCount(6);
    release();
    await expect(page.locator('.home-skeleton')).toHaveCount(0);
    await expect(page.locator('.home-courses li img').first()).toBeVisible();
  });
});

test.describe('footer', () => {
  test('the six about links open their section in a new tab', async ({ page }) => {
    await page.goto('/');
    const links = page.locator('footer.site-footer nav a');
    await expect(links).toHaveCount(6);
    for (const [index, section] of ABOUT_SECTIONS.entries()) {
      const link = links.nth(index);
      await expect(link).toHaveText(section.title);
      await expect(link).toHaveAttribute('href', `/about/${section.key}`);
      await expect(link).toHaveAttribute('target', '_blank');
    }
  });

  test('each official account shows a QR code of its URL on hover and on focus', async ({ page }) => {
    await page.goto('/');
    // The server's footer has no handlers until hydration: hover the live one.
    await waitForApp(page);
    const accounts = DEFAULT_RUNTIME_CONFIG.officialAccounts;
    for (const [index, account] of accounts.entries()) {
      const trigger = page.locator('.account-code__name').nth(index);
      await trigger.hover();
      const image = page.locator('.account-code__popup img').nth(index);
      await expect(image).toBeVisible();
      expect(await decodeQr(page, index)).toBe(account.url);
      await page.mouse.move(0, 0);
      await expect(image).toBeHidden();
      await trigger.focus();
      await expect(image).toBeVisible();
      await trigger.blur();
    }
  });
});

/** Reads the pixels of the n-th QR image in the page and decodes them. */
async function decodeQr(page: Page, index: number): Promise<string | undefined> {
  const { width, height, data } = await page.evaluate((n) => {
    const image = document.querySelectorAll<HTMLImageElement>('.account-code__popup img')[n];
    if (!image) throw new Error('no QR image');
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    return { width: pixels.width, height: pixels.height, data: Array.from(pixels.data) };
  }, index);
  return jsQR(Uint8ClampedArray.from(data), width, height)?.data;
}

test.describe("the shell's own code cannot load", () => {
  // Every chunk of the shell but its entry script: React, the router, the app, the layout.
  const SHELL_CHUNK = new RegExp(`^${SITE_ORIGIN}/\\d+\\.[0-9a-f]{8}\\.(js|css)$`);

  for (const { path, serverRendered } of [
    { path: `/search/${encodeURIComponent('课程')}`, serverRendered: false },
    { path: aboutPath(2), serverRendered: true },
  ]) {
    test(`${decodeURIComponent(path)}: a Chinese notice with 重新加载, never a white screen; the reload recovers`, async ({ page }) => {
      await page.route(SHELL_CHUNK, (route) => route.abort('internetdisconnected'));
      await page.goto(path);
      const notice = page.getByRole('alert').filter({ hasText: STARTUP_FAILURE_TEXT.message });
      await expect(notice).toBeVisible();
      // A server-rendered page stays readable under the notice.
      if (serverRendered) await expect(page.getByRole('heading', { level: 1 })).toHaveText(ABOUT_SECTIONS[1]?.title ?? '');

      await page.unroute(SHELL_CHUNK);
      await notice.getByRole('button', { name: STARTUP_FAILURE_TEXT.reload }).click();
      await waitForApp(page);
      await expect(notice).toHaveCount(0);
      await expect(page.locator('header.site-header')).toBeVisible();
    });
  }
});
