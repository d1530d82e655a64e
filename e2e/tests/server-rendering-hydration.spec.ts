import type { Page } from '@playwright/test';
import { aboutPath, activityDescription, API_PATHS } from '@wenrun/shared/node';
import { courseCards } from '../support/about-page';
import { openClientRendered, renderedRootMarkup, SAMPLE_ACTIVITY as ACTIVITY } from '../support/activities';
import { expect, test } from '../support/fixtures';
import { ACTIVITY_PATH, BUILT_PAGES, fetchHtml, markServerNodes, PHONE, serverNodesKept } from '../support/server-rendering';
import { ENTRY_SCRIPT, holdRequests, waitForApp, watchErrors, watchLayoutShift } from '../support/site';

/** Records when the shell's entry script joins the page (ms since navigation), to compare with the first paint. */
async function watchEntryScript(page: Page): Promise<() => Promise<{ entryAt?: number; firstPaintAt?: number }>> {
  await page.addInitScript((source) => {
    const entryScript = new RegExp(source);
    new MutationObserver((records, observer) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof HTMLScriptElement && entryScript.test(node.src)) {
            Object.assign(window, { __entryScriptAt: performance.now() });
            observer.disconnect();
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  }, ENTRY_SCRIPT.source);
  return () =>
    page.evaluate(() => ({
      entryAt: (window as unknown as { __entryScriptAt?: number }).__entryScriptAt,
      firstPaintAt: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    }));
}

test.describe('hydrated by the app', () => {
  let layoutShift: Awaited<ReturnType<typeof watchLayoutShift>>;
  test.beforeEach(async ({ page }) => {
    layoutShift = await watchLayoutShift(page);
  });

  for (const path of BUILT_PAGES) {
    test(`${path}: the app starts after the first paint; the server's h1, header and footer are the live nodes; no console error, no layout shift`, async ({ page }) => {
      const errors = watchErrors(page);
      await markServerNodes(page);
      const entryScript = await watchEntryScript(page);
      await page.goto(path, { waitUntil: 'networkidle' });
      await waitForApp(page);
      const { entryAt, firstPaintAt } = await entryScript();
      expect(firstPaintAt).toBeDefined();
      expect(entryAt).toBeGreaterThan(firstPaintAt ?? Number.POSITIVE_INFINITY);
      const { kept, total } = await serverNodesKept(page);
      expect(total).toBeGreaterThanOrEqual(path === ACTIVITY_PATH ? 2 : 3);
      expect(kept).toBe(total);
      expect(errors).toEqual([]);
      expect(await layoutShift.total(), await layoutShift.shifted()).toBeLessThanOrEqual(0.02);
    });
  }

  test(`${ACTIVITY_PATH} on a phone hydrates what the server sent without asking the API again`, async ({ page, request }) => {
    const errors = watchErrors(page);
    const sent = renderedRootMarkup(await fetchHtml(request, ACTIVITY_PATH));
    const asked: string[] = [];
    page.on('request', (call) => {
      if (call.url().includes(API_PATHS.activityPage)) asked.push(call.url());
    });
    await page.setViewportSize(PHONE);
    await page.goto(ACTIVITY_PATH, { waitUntil: 'networkidle' });
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ACTIVITY.title);
    // The server's markup as the browser serialises it (`<img>` for `<img/>`), against the live DOM.
    const sentAsDom = await page.evaluate((html) => Object.assign(document.createElement('template'), { innerHTML: html }).innerHTML, sent);
    expect(await page.locator('#root').innerHTML()).toBe(sentAsDom);
    expect(asked).toEqual([]);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', activityDescription(ACTIVITY));
    expect(errors).toEqual([]);
    expect(await layoutShift.total(), await layoutShift.shifted()).toBeLessThanOrEqual(0.02);
  });

  test('/about/3 rendered in the browser on a phone keeps the footer still while it loads', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await openClientRendered(page, aboutPath(3));
    await layoutShift.reset();
    await expect(courseCards(page).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await layoutShift.total(), await layoutShift.shifted()).toBeLessThanOrEqual(0.02);
  });

  test('text typed into the search box and the cooperation form before the app is live is kept, and used', async ({ page }) => {
    // Hold the shell's entry script: the page is the server's markup alone while the visitor types.
    const release = await holdRequests(page, ENTRY_SCRIPT);
    await page.goto(aboutPath(6), { waitUntil: 'commit' });
    const search = page.getByRole('searchbox');
    await search.fill('课程');
    const name = page.getByLabel('姓名');
    await name.fill('王老师');
    release();
    await waitForApp(page);
    await expect(search).toHaveValue('课程');
    await expect(name).toHaveValue('王老师');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/search\/%E8%AF%BE%E7%A8%8B$/);
  });
});
