import { expect, test, type Page } from '@playwright/test';
import { searchPath } from '@wenrun/shared/node';
import { waitForApp, watchErrors } from '../support/site';

/**
 * React Router as the shell owns it (docs/ARCHITECTURE.md, "Routing"): the site's links and forms move the page
 * without reloading it, back and forward step through what was visited, a redirect replaces the address it was
 * asked for, and a page whose code is still on its way keeps the current page on screen until it is ready.
 */

const mainHeading = (page: Page) => page.locator('main h1').first();

/** Moves the app the way its links do (the history API), counting the documents loaded meanwhile. */
async function navigateInApp(page: Page, target: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, target);
}

test('links move the page without a reload; back and forward step through the visited pages', async ({ page }) => {
  const errors = watchErrors(page);
  let documents = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents += 1;
  });
  await page.goto('/');
  await waitForApp(page);
  await page.locator('.home-offerings a').first().click();
  await expect(page).toHaveURL('/about/1');
  await expect(mainHeading(page)).toHaveText('公司简介');
  await page.getByRole('navigation', { name: '关于我们栏目' }).getByRole('link', { name: '精品课程' }).click();
  await expect(page).toHaveURL('/about/3');
  await page.getByRole('searchbox').fill('课程');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  // The keyword travels percent-encoded and reads back decoded.
  await expect(page).toHaveURL(searchPath('课程'));
  await expect(page.getByTestId('search-keyword')).toHaveText('课程');

  await page.goBack();
  await expect(page).toHaveURL('/about/3');
  await expect(mainHeading(page)).toHaveText('精品课程');
  await page.goBack();
  await expect(page).toHaveURL('/about/1');
  await page.goForward();
  await expect(mainHeading(page)).toHaveText('精品课程');
  await page.goForward();
  await expect(page.getByTestId('search-keyword')).toHaveText('课程');
  expect(documents).toBe(1);
  expect(errors).toEqual([]);
});

test('an old address reached in the app is replaced by its page: back skips it', async ({ page }) => {
  await page.goto('/about/2');
  await waitForApp(page);
  await navigateInApp(page, '/Index.HTML');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('让每一位教师都被看见、被支持、被成就');
  await page.goBack();
  await expect(page).toHaveURL('/about/2');
  await expect(mainHeading(page)).toHaveText('研训体系');
});

test('a page whose remote is still loading: the current page stays, with the progress bar, until it is ready', async ({
  page,
}) => {
  const errors = watchErrors(page);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/__federation_expose_SearchResults\.[0-9a-f]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/about/3');
  await waitForApp(page);
  await page.getByRole('searchbox').fill('课程');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(page).toHaveURL(searchPath('课程'));
  await expect(page.getByRole('progressbar', { name: '正在加载' })).toBeVisible();
  // Still the about page, never a skeleton in its place.
  await expect(mainHeading(page)).toHaveText('精品课程');
  await expect(page.locator('.remote-slot--loading')).toHaveCount(0);
  release();
  await expect(page.getByTestId('search-keyword')).toHaveText('课程');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  expect(errors).toEqual([]);
});
