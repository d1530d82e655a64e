import { expect, test, type Page } from '@playwright/test';
import { ABOUT_SECTIONS, SERVICE_IMAGE_WIDTH } from '@wenrun/shared/node';
import { ABOUT_PATH_CASES, activeAboutTab } from '../support/about-page';
import { DEMO_TEACHER } from '../support/accounts';
import {
  horizontalOverflow,
  openPage,
  openSearchBox,
  servedRuntimeConfig,
  siteHeader,
} from '../support/header-search';
import { submitPasswordLogin } from '../support/login-modal';
import { watchErrors } from '../support/site';

/** The heights the shell keeps for the header slot while it loads; the header must match them exactly. */
const HEADER_HEIGHT = { normal: 64, about: 112 } as const;

/** Fully transparent white: it fades into white without passing through grey. */
const TRANSPARENT = 'rgba(255, 255, 255, 0)';
const WHITE = 'rgb(255, 255, 255)';

async function headerHeight(page: Page): Promise<number | undefined> {
  return (await siteHeader(page).boundingBox())?.height;
}

test.describe('normal header', () => {
  test('on /: logo home, search trigger, 客服, 进入研训系统 in a new tab, 登录; exactly 64 px', async ({ page, context }) => {
    const errors = watchErrors(page);
    await openPage(page, '/no-such-page');
    const header = siteHeader(page);
    await expect(header).toBeVisible();
    expect(await headerHeight(page)).toBe(HEADER_HEIGHT.normal);

    await header.getByRole('link', { name: '文润教育首页' }).click();
    await expect(page).toHaveURL(/\/$/);

    await header.getByRole('button', { name: '搜索课程或专家' }).click();
    await expect(header.getByRole('searchbox')).toBeFocused();
    await expect(header.getByRole('button', { name: '搜索', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(header.getByRole('searchbox')).toHaveCount(0);
    await expect(header.getByRole('button', { name: '搜索课程或专家' })).toBeFocused();

    await expect(header.getByRole('button', { name: '客服' })).toBeVisible();
    await expect(header.getByRole('button', { name: '登录', exact: true })).toBeVisible();

    const { trainingSystemUrl } = await servedRuntimeConfig(page);
    const training = header.getByRole('link', { name: '进入研训系统' });
    await expect(training).toHaveAttribute('href', trainingSystemUrl);
    await expect(training).toHaveAttribute('target', '_blank');
    await expect(training).toHaveAttribute('rel', 'noopener noreferrer');
    const [tab] = await Promise.all([context.waitForEvent('page'), training.click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(trainingSystemUrl);
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await expect(tab.getByRole('heading', { level: 1 })).toContainText('研训系统');
    await tab.close();
    await expect(page).toHaveURL(/\/$/);
    expect(errors).toEqual([]);
  });

  test('the customer-service modal shows the service image 410 px wide and closes with Esc', async ({ page }) => {
    await openPage(page, '/');
    const trigger = siteHeader(page).getByRole('button', { name: '客服' });
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: '在线客服' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog.getByRole('button', { name: '关闭' })).toBeFocused();

    const image = dialog.getByRole('img', { name: /客服/ });
    const { apiBaseUrl } = await servedRuntimeConfig(page);
    await expect(image).toHaveAttribute('src', new URL('/images/service.svg', apiBaseUrl).href);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect((await image.boundingBox())?.width).toBe(SERVICE_IMAGE_WIDTH);

    // Tab stays in the dialog.
    for (let step = 0; step < 3; step += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    await trigger.click();
    await dialog.getByRole('button', { name: '关闭' }).click();
    await expect(dialog).toBeHidden();
  });

  test('the login entry follows the shared store at once: 登录, then avatar and masked mobile, then 退出登录', async ({
    page,
  }) => {
    await openPage(page, '/');
    const header = siteHeader(page);
    await submitPasswordLogin(page, DEMO_TEACHER);
    await expect(header.getByTestId('header-user-mobile')).toHaveText(DEMO_TEACHER.masked);
    const avatar = header.locator('.header-user__avatar');
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await headerHeight(page)).toBe(HEADER_HEIGHT.normal);

    await header.getByRole('button', { name: '退出登录' }).click();
    await expect(header.getByRole('button', { name: '登录', exact: true })).toBeVisible();
    await expect(header.getByTestId('header-user-mobile')).toHaveCount(0);
  });
});

test.describe('about header', () => {
  test('on /about/4: logo, search box, 进入研训系统, 登录, six tabs; 112 px; transparent at 0, white with a shadow once scrolled', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await openPage(page, '/about/4');
    const header = siteHeader(page);
    await expect(header.getByRole('navigation', { name: '关于我们栏目' })).toBeVisible();
    expect(await headerHeight(page)).toBe(HEADER_HEIGHT.about);
    await expect(header.getByRole('link', { name: '文润教育首页' })).toHaveAttribute('href', '/');
    await expect(header.getByRole('searchbox')).toBeVisible();
    await expect(header.getByRole('link', { name: '进入研训系统' })).toHaveAttribute('target', '_blank');
    await expect(header.getByRole('button', { name: '登录', exact: true })).toBeVisible();
    const tabs = header.getByRole('navigation', { name: '关于我们栏目' }).getByRole('link');
    await expect(tabs).toHaveText(ABOUT_SECTIONS.map((section) => section.title));
    await expect(activeAboutTab(page)).toHaveText('智慧云');

    await expect(header).toHaveCSS('background-color', TRANSPARENT);
    await expect(header).toHaveCSS('box-shadow', 'none');
    const mainTop = await page.locator('main#main').evaluate((main) => main.getBoundingClientRect().top + window.scrollY);

    await page.evaluate(() => window.scrollTo(0, 1));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1);
    await expect(header).toHaveCSS('background-color', WHITE);
    await expect(header).not.toHaveCSS('box-shadow', 'none');

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveCSS('background-color', TRANSPARENT);
    await expect(header).toHaveCSS('box-shadow', 'none');

    // Only colours changed: the page below did not move.
    expect(await page.locator('main#main').evaluate((main) => main.getBoundingClientRect().top + window.scrollY)).toBe(mainTop);
    expect(await headerHeight(page)).toBe(HEADER_HEIGHT.about);
    expect(errors).toEqual([]);
  });

  // The about issue's paths, and /about/x3 of this issue: the last character decides.
  const ACTIVE_TAB_BY_PATH: [string, number][] = [...ABOUT_PATH_CASES, ['/about/x3', 3]];

  test('marks the active tab from the last character of the path', async ({ page }) => {
    for (const [path, key] of ACTIVE_TAB_BY_PATH) {
      await openPage(page, path);
      const title = ABOUT_SECTIONS.find((section) => section.key === key)?.title ?? '';
      await expect(activeAboutTab(page), path).toHaveText(title);
      await expect(activeAboutTab(page), path).toHaveCount(1);
    }
  });

  test('a tab click moves to its section and marks it, without reloading the page', async ({ page }) => {
    await openPage(page, '/about/1');
    await page.evaluate(() => Object.assign(window, { __samePage: true }));
    await siteHeader(page).getByRole('link', { name: '观测评价' }).click();
    await expect(page).toHaveURL(/\/about\/5$/);
    await expect(activeAboutTab(page)).toHaveText('观测评价');
    expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true);
  });
});

test.describe('phone width (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('nothing overflows sideways: both headers, the open search with its message, a logged-in user', async ({ page }) => {
    await openPage(page, '/');
    await expect(siteHeader(page)).toBeVisible();
    expect(await headerHeight(page)).toBe(HEADER_HEIGHT.normal);
    expect(await horizontalOverflow(page)).toBe(0);

    const box = await openSearchBox(page);
    await box.press('Enter');
    await expect(siteHeader(page).getByRole('alert')).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    await siteHeader(page).getByRole('button', { name: '收起搜索框' }).click();
    await expect(siteHeader(page).getByRole('button', { name: '客服' })).toBeVisible();

    await submitPasswordLogin(page, DEMO_TEACHER);
    await expect(siteHeader(page).getByRole('button', { name: '退出登录' })).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);

    await openPage(page, '/about/6');
    await expect(activeAboutTab(page)).toHaveText('项目合作');
    // The tab strip scrolls inside itself and keeps the active tab in sight.
    await expect(activeAboutTab(page)).toBeInViewport();
    expect(await headerHeight(page)).toBe(HEADER_HEIGHT.about);
    expect(await horizontalOverflow(page)).toBe(0);
  });
});
