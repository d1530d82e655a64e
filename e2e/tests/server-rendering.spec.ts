import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  ABOUT_SECTIONS,
  aboutPath,
  activityDescription,
  activityPath,
  API_PATHS,
  buildPaths,
  DEFAULT_RUNTIME_CONFIG,
} from '@wenrun/shared/node';
import { ACTIVITY_TEXT } from '@wenrun/remote-wuyou/activity/text';
import { escapeHtml } from '@wenrun/render-server/render/document';
import { courseCards } from '../support/about-page';
import { LISTED_ACTIVITIES, OFFLINE_ACTIVITY_ID, openClientRendered, renderedRootMarkup, SAMPLE_ACTIVITY } from '../support/activities';
import { expect, test } from '../support/fixtures';
import { SITE_ORIGIN } from '../support/ports';
import {
  ARTIFACTS,
  copyBuild,
  deployShellCopy,
  distOf,
  ENTRY_SCRIPT,
  holdRequests,
  manifestUrl,
  setRemote,
  waitForApp,
  watchErrors,
  watchLayoutShift,
} from '../support/site';

const HOME_HEADING = '让每一位教师都被看见、被支持、被成就';
const PHONE = { width: 375, height: 812 };
const ACTIVITY = SAMPLE_ACTIVITY;
const ACTIVITY_PATH = activityPath(ACTIVITY.id);
/** Every page written at build: the manifest's, and the sample activity's. */
const BUILT_PAGES = [...buildPaths(), ACTIVITY_PATH];

/** The HTML as a crawler gets it: no JavaScript at all. */
async function fetchHtml(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return response.text();
}

/** The structured data of a page, parsed. */
function jsonLdOf(html: string): { '@type': string }[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1] ?? '{}'));
}

test.describe('the first response is already the page (written at build, without a browser)', () => {
  for (const path of BUILT_PAGES) {
    test(`${path} holds its heading, body text, head tags and structured data`, async ({ request }) => {
      const html = await fetchHtml(request, path);
      expect(html).toMatch(/<h1[^>]*>[^<]{2,}<\/h1>|<h1[^>]*>.{2,}?<\/h1>/);
      const body = html.slice(html.indexOf('<div id="root">'));
      expect(body.match(/[\u4e00-\u9fff]/g)?.length ?? 0, path).toBeGreaterThan(150);
      expect(html).toMatch(/<title>[^<]+ - [^<]+<\/title>/);
      expect(html).toMatch(/<meta name="description" content="[^"]{10,}">/);
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="${SITE_ORIGIN}/[^"]*">`));
      for (const property of ['og:title', 'og:description', 'og:url', 'og:image', 'og:image:alt']) {
        expect(html).toContain(`<meta property="${property}" content="`);
      }
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
      expect(jsonLdOf(html).map((data) => data['@type'])).toContain('Organization');
      expect(html).toContain('<style data-critical>');
      expect(html).not.toContain('<noscript>');
    });
  }

  test('/ holds the home heading; each about section its own title, heading and canonical link', async ({ request }) => {
    expect(await fetchHtml(request, '/')).toContain(`<h1>${HOME_HEADING}</h1>`);
    for (const section of ABOUT_SECTIONS) {
      const html = await fetchHtml(request, aboutPath(section.key));
      expect(html).toContain(`<title>${section.title} - `);
      expect(html).toMatch(new RegExp(`<h1[^>]*>${section.title}</h1>`));
      expect(html).toContain(`<link rel="canonical" href="${SITE_ORIGIN}/about/${section.key}">`);
    }
  });

  test('/about/3 describes its courses as structured data', async ({ request }) => {
    const types = jsonLdOf(await fetchHtml(request, '/about/3')).map((data) => data['@type']);
    expect(types).toEqual(['Organization', 'ItemList']);
  });

  test(`${ACTIVITY_PATH}: the activity, its own description and picture, and its Event`, async ({ request }) => {
    const html = await fetchHtml(request, ACTIVITY_PATH);
    expect(html).toContain(`<title>${ACTIVITY.title} - `);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${ACTIVITY.title}</h1>`));
    expect(html).toContain(ACTIVITY.subtitle);
    expect(html).toContain(ACTIVITY.blocks.find((block) => block.type === 'text')?.html);
    expect(html).toContain(ACTIVITY.signUp.note);
    const description = escapeHtml(activityDescription(ACTIVITY));
    expect(html).toContain(`<meta name="description" content="${description}">`);
    expect(html).toContain(`<meta property="og:image" content="${SITE_ORIGIN}${ACTIVITY_PATH}/cover.png">`);
    expect(html).toContain(`<meta property="og:image:alt" content="${escapeHtml(ACTIVITY.title)}">`);
    const event = jsonLdOf(html).find((data) => data['@type'] === 'Event') as Record<string, unknown> | undefined;
    expect(event).toMatchObject({ name: ACTIVITY.title, startDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(event).toHaveProperty('endDate');
    expect(event).toHaveProperty('location');
    expect(event).toHaveProperty('organizer');
    expect(event).toHaveProperty('image');
    const picture = await request.get(`${ACTIVITY_PATH}/cover.png`);
    expect(picture.status()).toBe(200);
    expect((await picture.body()).subarray(1, 4).toString()).toBe('PNG');
  });

  test('every activity the API lists has its page; one taken offline and unknown ids answer 404 and say so', async ({ request }) => {
    for (const activity of LISTED_ACTIVITIES) {
      expect(await fetchHtml(request, activityPath(activity.id))).toContain(`<title>${escapeHtml(activity.title)} - `);
    }
    for (const path of [activityPath(OFFLINE_ACTIVITY_ID), '/wuyou/999', '/wuyou/abc']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).toMatch(/没有找到这个活动|活动链接不正确/);
    }
  });

  test('robots.txt, the sitemap (pages and activities, no search) and the shared-link picture are served', async ({ request }) => {
    expect(await fetchHtml(request, '/robots.txt')).toContain(`Sitemap: ${SITE_ORIGIN}/sitemap.xml`);
    const sitemap = await fetchHtml(request, '/sitemap.xml');
    expect(sitemap).toContain(`<loc>${SITE_ORIGIN}/about/3</loc>`);
    expect(sitemap).toContain(`<loc>${SITE_ORIGIN}/wuyou/1</loc>`);
    expect(sitemap).not.toContain(`<loc>${SITE_ORIGIN}/about</loc>`);
    expect(sitemap).not.toContain('/search/');
    expect((await request.get('/og-image.png')).headers()['content-type']).toBe('image/png');
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

  test(`${ACTIVITY_PATH} reads on a phone: the activity, its sign-up and the call to action`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(ACTIVITY_PATH);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ACTIVITY.title);
    await expect(page.locator('.activity-hero')).toContainText(ACTIVITY.place);
    await expect(page.getByRole('region', { name: ACTIVITY_TEXT.signUpTitle })).toContainText(ACTIVITY.signUp.contact);
    await expect(page.locator('.activity-bar').getByRole('link')).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});

/** Marks the page's landmarks as the server sent them, before any script of the page runs. */
async function markServerNodes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const nodes = Array.from(document.querySelectorAll('#root h1, #root header, #root footer'));
      Object.assign(window, { __serverNodes: nodes });
    });
  });
}

/** How many of the landmarks seen at DOMContentLoaded are still the page's nodes now, of how many. */
async function serverNodesKept(page: Page): Promise<{ kept: number; total: number }> {
  return page.evaluate(() => {
    const nodes = (window as unknown as { __serverNodes: Element[] }).__serverNodes;
    return { kept: nodes.filter((node) => node.isConnected).length, total: nodes.length };
  });
}

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

test.describe('a header deployed on its own after the pages were rendered', () => {
  const OLD_TEXT = '进入研训系统';
  const NEW_TEXT = '进入研训平台';
  let shellOrigin = '';

  test.beforeAll(async ({ workerHosts }) => {
    // Another build of the header: its visible text differs, nothing else. Its compressed copies went with the
    // old text, so they go (a deploy publishes them from the new build).
    const header = copyBuild(distOf('remote-header'), path.join(ARTIFACTS, 'header-skew'));
    for (const file of fs.readdirSync(header, { recursive: true }) as string[]) {
      const full = path.join(header, file);
      if (/\.(br|gz)$/.test(file)) fs.rmSync(full);
      else if (file.endsWith('.js')) fs.writeFileSync(full, fs.readFileSync(full, 'utf8').replaceAll(OLD_TEXT, NEW_TEXT));
    }
    const served = await workerHosts.serve(header);
    const shell = deployShellCopy('shell-skew', (config) => setRemote(config, 'header', manifestUrl(served.port)));
    shellOrigin = (await workerHosts.serve(shell)).origin;
  });

  test('only the header is rendered afresh, with its new text, said once and sent to the statistics naming its slot; the rest keeps its nodes; never blank', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.text().startsWith('[hydration]')) warnings.push(message.text());
    });
    // The statistics events the page sends of it (field data's beacons go to the same path, as another type).
    const mismatches: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'POST' || !request.url().endsWith(API_PATHS.statsLog)) return;
      const event = JSON.parse(request.postData() ?? '{}') as { type?: string; detail?: unknown };
      if (event.type === 'hydration-mismatch') mismatches.push(event.detail);
    });
    const errors = watchErrors(page);
    await markServerNodes(page);
    // Whether the header was ever missing from the page, at any change of it once the page is parsed.
    await page.addInitScript(() => {
      const seen = { blank: false };
      Object.assign(window, { __headerSeen: seen });
      document.addEventListener('DOMContentLoaded', () => {
        new MutationObserver(() => {
          if (!document.querySelector('#root header.site-header')) seen.blank = true;
        }).observe(document.body, { childList: true, subtree: true });
      });
    });
    await page.goto(`${shellOrigin}/`);
    await waitForApp(page);
    await expect(page.locator('header.site-header')).toContainText(NEW_TEXT);
    const landmarks = await page.evaluate(() => {
      const nodes = (window as unknown as { __serverNodes: Element[] }).__serverNodes;
      return nodes.map((node) => `${node.tagName.toLowerCase()}${node.closest('header') ? ' (header)' : ''}:${node.isConnected}`);
    });
    expect(landmarks).toEqual(['header (header):false', 'h1:true', 'footer:true']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^\[hydration\] header/);
    await expect.poll(() => mismatches).toEqual([{ remote: 'header', slot: 'header/Header' }]);
    expect(await page.evaluate(() => (window as unknown as { __headerSeen: { blank: boolean } }).__headerSeen.blank)).toBe(false);
    expect(errors).toEqual([]);
  });
});
