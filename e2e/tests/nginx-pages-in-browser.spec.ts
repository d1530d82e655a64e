import { watchCsp } from '../support/csp';
import { expect, test } from '../support/fixtures';
import { waitForApp, watchErrors } from '../support/site';

// The nginx site's certificate is its own, self-signed: the browser and Playwright's request client take it.
test.use({ ignoreHTTPSErrors: true });

const SMOKE_PAGES = [
  { path: '/', shows: 'main#main', text: '我们提供' },
  { path: '/about/3', shows: 'main#main', text: '课程' },
  { path: `/search/${encodeURIComponent('课程')}`, shows: 'main#main', text: '课程' },
  { path: '/wuyou/1', shows: 'body', text: '报名' },
];

for (const { path, shows, text } of SMOKE_PAGES) {
  test(`through nginx ${decodeURIComponent(path)}: renders, no console error, no CSP violation`, async ({ page, nginxSite }) => {
    const errors = watchErrors(page);
    const violations = await watchCsp(page);
    await page.goto(`${nginxSite.shell}${path}`);
    await waitForApp(page);
    await expect(page.locator(shows)).toContainText(text);
    await expect(page.locator('.remote-slot--failed')).toHaveCount(0);
    if (path !== '/wuyou/1') await expect(page.locator('header.site-header')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test('the CSP watch itself sees an inline script being blocked', async ({ page, nginxSite }) => {
  const violations = await watchCsp(page);
  await page.goto(`${nginxSite.shell}/`);
  await waitForApp(page);
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.body.append(script);
  });
  await expect.poll(violations).toContainEqual(expect.stringMatching(/^script-src/));
  expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
});
