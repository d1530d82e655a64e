import { expect, type Page } from '@playwright/test';
import { waitForLive } from './site';

/** The site's header (either variant) as the header remote renders it. */
export const siteHeader = (page: Page) => page.locator('header.site-header');

/**
 * Waits until the header is live. `/` and the about pages arrive as server-rendered HTML that the shell hydrates
 * once the remotes are loaded.
 */
export async function waitForLiveHeader(page: Page): Promise<void> {
  await waitForLive(siteHeader(page));
}

/** Opens a page and waits until its header is live. */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForLiveHeader(page);
}

/** Opens the normal header's search box (a trigger first) or uses the about header's open box. */
export async function openSearchBox(page: Page) {
  const trigger = siteHeader(page).getByRole('button', { name: '搜索课程或专家' });
  const box = siteHeader(page).getByRole('searchbox');
  // The header arrives from its remote after the page: wait for one of the two before choosing.
  await expect(trigger.or(box).first()).toBeVisible();
  if (await trigger.isVisible()) await trigger.click();
  await expect(box).toBeVisible();
  return box;
}

/** Types a search text into the header and submits it with Enter, as a visitor does. */
export async function searchFromHeader(page: Page, text: string): Promise<void> {
  const box = await openSearchBox(page);
  await box.fill(text);
  await box.press('Enter');
}

/** The keyword exactly as the results heading shows it (textContent: no whitespace folding). */
export async function shownKeyword(page: Page): Promise<string | null> {
  const keyword = page.getByTestId('search-keyword');
  await expect(keyword).toBeVisible();
  return keyword.evaluate((element) => element.textContent);
}

/** The runtime config the shell serves, so tests compare with what ops configured, not with a copy. */
export async function servedRuntimeConfig(page: Page): Promise<{ apiBaseUrl: string; trainingSystemUrl: string }> {
  const response = await page.request.get('/runtime-config.json');
  return (await response.json()) as { apiBaseUrl: string; trainingSystemUrl: string };
}

/** Page width against viewport width: more means something overflows sideways. */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** A group of the results page: 课程 or 专家, named by its heading with the count. */
export function resultGroup(page: Page, group: '课程' | '专家') {
  return page.getByRole('region', { name: new RegExp(`^${group}\\s*\\d+ [门位]$`) });
}

/** The results page's live status line (the toaster has status roles of its own). */
export function searchStatus(page: Page) {
  return page.locator('.search-page').getByRole('status');
}
