import { expect, test } from '@playwright/test';
import { escapeHtml } from '../../deploy/prerenderHtml';
import { activityDescription } from '../../remote-wuyou/src/activity/description';
import { ACTIVITY_TEXT } from '../../remote-wuyou/src/activity/text';
import { API_PATHS } from '../../shared/src/api/endpoints';
import { ABOUT_SECTIONS, aboutPath } from '../../shared/src/content/aboutSections';
import { activityPath } from '../../shared/src/content/routes';
import { DEFAULT_RUNTIME_CONFIG } from '../../shared/src/config/runtimeConfig';
import { courseCards } from '../support/about-page';
import { DEMO_TEACHER } from '../support/accounts';
import { loginWithPassword } from '../support/login';
import {
  LISTED_ACTIVITIES,
  OFFLINE_ACTIVITY_ID,
  openClientRendered,
  prerenderedRootMarkup,
  SAMPLE_ACTIVITY,
} from '../support/prerendered';
import { holdRequests, waitForApp, watchErrors, watchLayoutShift } from '../support/site';

const HOME_HEADING = '让每一位教师都被看见、被支持、被成就';
const PHONE = { width: 375, height: 812 };
const ACTIVITY = SAMPLE_ACTIVITY;
const ACTIVITY_PATH = activityPath(ACTIVITY.id);

/** The HTML as a crawler gets it: no JavaScript at all. */
async function fetchHtml(request: import('@playwright/test').APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  return response.text();
}

test.describe('the first response is already the page', () => {
  test('/ holds its heading, text, title, description and canonical link', async ({ request }) => {
    const html = await fetchHtml(request, '/');
    expect(html).toContain(`<h1>${HOME_HEADING}</h1>`);
    expect(html).toContain('我们提供');
    expect(html).toMatch(/<title>[^<]*文润教育[^<]*<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}">/);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:3000\/">/);
    expect(html).toContain('"@type":"Organization"');
  });

  for (const section of ABOUT_SECTIONS) {
    test(`/about/${section.key} holds ${section.title} with its body text`, async ({ request }) => {
      const html = await fetchHtml(request, `/about/${section.key}`);
      expect(html).toContain(`<title>${section.title} - `);
      expect(html).toMatch(new RegExp(`<h1[^>]*>${section.title}</h1>`));
      // Body text, not only the heading: at least a few hundred Chinese characters inside #root.
      const body = html.slice(html.indexOf('<div id="root">'));
      expect(body.match(/[\u4e00-\u9fff]/g)?.length ?? 0).toBeGreaterThan(300);
      expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/about/${section.key}">`);
      expect(html).toContain('<meta property="og:image"');
    });
  }

  test('/about/3 describes its courses as structured data', async ({ request }) => {
    expect(await fetchHtml(request, '/about/3')).toContain('"@type":"Course"');
  });

  test(`${ACTIVITY_PATH} holds the activity: title, body text, its own description, canonical link, Open Graph`, async ({
    request,
  }) => {
    const html = await fetchHtml(request, ACTIVITY_PATH);
    expect(html).toContain(`<title>${ACTIVITY.title} - `);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${ACTIVITY.title}</h1>`));
    expect(html).toContain(ACTIVITY.subtitle);
    // The body: its first text as the API wrote it (plain paragraphs pass the sanitiser unchanged), its lists.
    expect(html).toContain(ACTIVITY.blocks.find((block) => block.type === 'text')?.html);
    for (const block of ACTIVITY.blocks) {
      if (block.type === 'list') expect(html).toContain(`<li>${block.items[0] ?? ''}</li>`);
    }
    expect(html).toContain(ACTIVITY.signUp.note);
    const description = escapeHtml(activityDescription(ACTIVITY));
    expect(html).toContain(`<meta name="description" content="${description}">`);
    expect(html).toContain(`<meta property="og:description" content="${description}">`);
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000${ACTIVITY_PATH}">`);
    expect(html).toContain(`<meta property="og:url" content="http://localhost:3000${ACTIVITY_PATH}">`);
    expect(html).toContain('<meta property="og:image"');
  });

  test('every activity the API lists has its page; one taken offline and unknown ids stay client-rendered', async ({
    request,
  }) => {
    for (const activity of LISTED_ACTIVITIES) {
      expect(await fetchHtml(request, activityPath(activity.id))).toContain(`<title>${escapeHtml(activity.title)} - `);
    }
    for (const path of [activityPath(OFFLINE_ACTIVITY_ID), '/wuyou/999', '/wuyou/']) {
      expect(await fetchHtml(request, path), path).toContain('<div id="root"></div>');
    }
  });

  test('search results and unknown paths stay client-rendered; robots.txt and the sitemap are served', async ({
    request,
  }) => {
    for (const path of ['/search/%E8%AF%BE%E7%A8%8B', '/nope']) {
      const html = await fetchHtml(request, path);
      expect(html).toContain('<div id="root"></div>');
    }
    expect(await fetchHtml(request, '/robots.txt')).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    const sitemap = await fetchHtml(request, '/sitemap.xml');
    expect(sitemap).toContain('<loc>http://localhost:3000/about/3</loc>');
    expect(sitemap).toContain('<loc>http://localhost:3000/wuyou/1</loc>');
    expect(sitemap).not.toContain('/search/');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/ shows the footer: the six about links and the hotline', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOME_HEADING);
    const footer = page.locator('footer.site-footer');
    await expect(footer.locator('nav a')).toHaveCount(6);
    for (const section of ABOUT_SECTIONS) {
      await expect(footer.getByRole('link', { name: section.title })).toHaveAttribute('href', `/about/${section.key}`);
    }
    await expect(footer).toContainText(DEFAULT_RUNTIME_CONFIG.contact.hotline);
  });
});

test.describe('an activity without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test(`${ACTIVITY_PATH} reads on a phone: the activity, its sign-up and the call to action`, async ({ page }) => {
    await page.goto(ACTIVITY_PATH);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ACTIVITY.title);
    await expect(page.locator('.activity-hero')).toContainText(ACTIVITY.place);
    await expect(page.getByRole('region', { name: ACTIVITY_TEXT.signUpTitle })).toContainText(ACTIVITY.signUp.contact);
    await expect(page.locator('.activity-bar').getByRole('link')).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});

test.describe('taken over by the app', () => {
  let layoutShift: Awaited<ReturnType<typeof watchLayoutShift>>;
  test.beforeEach(async ({ page }) => {
    layoutShift = await watchLayoutShift(page);
  });

  for (const path of ['/', '/about/3', '/about/6', ACTIVITY_PATH]) {
    test(`${path}: no console error, no layout shift`, async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(1000);
      expect(errors).toEqual([]);
      expect(await layoutShift.total(), await layoutShift.shifted()).toBeLessThanOrEqual(0.02);
    });
  }

  test('/about/3 rendered in the browser on a phone (no prerendered page) keeps the footer still while it loads', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await openClientRendered(page, aboutPath(3));
    // Only what the about page does counts, not the page the app started on.
    await layoutShift.reset();
    await expect(courseCards(page).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await layoutShift.total(), await layoutShift.shifted()).toBeLessThanOrEqual(0.02);
  });

  test(`${ACTIVITY_PATH} on a phone is shown and taken over before the API answers, with the same markup`, async ({
    page,
    request,
  }) => {
    const errors = watchErrors(page);
    const prerendered = prerenderedRootMarkup(await fetchHtml(request, ACTIVITY_PATH));
    // Hold the activity's API call: what the page shows until it answers came with the page.
    const release = await holdRequests(page, `**${API_PATHS.activityPage}`);
    await page.setViewportSize(PHONE);
    await page.goto(ACTIVITY_PATH);
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ACTIVITY.title);
    await expect(page.locator('.activity--skeleton')).toHaveCount(0);
    expect(await page.locator('#root').innerHTML()).toBe(prerendered);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', activityDescription(ACTIVITY));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `http://localhost:3000${ACTIVITY_PATH}`);

    release();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ACTIVITY.title);
    expect(errors).toEqual([]);
    expect(await layoutShift.total(), await layoutShift.shifted()).toBeLessThanOrEqual(0.02);
  });

  test('what a visitor types and submits before the app takes over is not lost', async ({ page }) => {
    // Hold the header remote back, so the page stays the prerendered markup while the visitor acts.
    const release = await holdRequests(page, 'http://localhost:3001/mf-manifest.json');
    await page.goto('/about/2', { waitUntil: 'domcontentloaded' });
    const search = page.getByRole('searchbox');
    await search.fill('课程');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/about\/2$/);
    release();
    await expect(page).toHaveURL(/\/search\/%E8%AF%BE%E7%A8%8B$/);
  });

  test('Enter pressed before any script has run reloads nothing, and the text is still there when the app takes over', async ({
    page,
  }) => {
    // Hold the shell's entry script: the page is the prerendered markup alone, with no handler on the form.
    const release = await holdRequests(page, /\/main\.[0-9a-f]+\.js$/);
    await page.goto('/about/2', { waitUntil: 'commit' });
    const search = page.getByRole('searchbox');
    await search.fill('课程');
    // Marks this document: a native submission would replace it with a fresh one.
    await page.evaluate(() => Object.assign(window, { __typedHere: true }));
    await search.press('Enter');
    await page.waitForTimeout(300);
    expect(page.url()).toBe('http://localhost:3000/about/2');
    release();
    await waitForApp(page);
    await expect(search).toHaveValue('课程');
    await expect(page).toHaveURL(/\/about\/2$/);
    expect(await page.evaluate(() => (window as { __typedHere?: boolean }).__typedHere)).toBe(true);
  });

  test('login and search work right after load', async ({ page }) => {
    await page.goto('/');
    await loginWithPassword(page, DEMO_TEACHER);
    await expect(page.getByTestId('header-user-mobile')).toHaveText(DEMO_TEACHER.masked);
    await page.goto('/about/2');
    const search = page.getByRole('searchbox');
    await search.fill('课程');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/search\/%E8%AF%BE%E7%A8%8B$/);
  });
});
