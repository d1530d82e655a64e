import { expect, test } from '@playwright/test';
import { ABOUT_SECTIONS } from '../../shared/src/content/aboutSections';
import { DEFAULT_RUNTIME_CONFIG } from '../../shared/src/config/runtimeConfig';
import { DEMO_TEACHER } from '../support/accounts';
import { loginWithPassword } from '../support/login';
import { watchErrors } from '../support/site';

const HOME_HEADING = '让每一位教师都被看见、被支持、被成就';

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

test.describe('taken over by the app', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      const win = window as unknown as { __cls: number };
      win.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
          if (!entry.hadRecentInput) win.__cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
  });

  for (const path of ['/', '/about/3', '/about/6']) {
    test(`${path}: no console error, no layout shift`, async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(1000);
      expect(errors).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBeLessThanOrEqual(0.02);
    });
  }

  test('what a visitor types and submits before the app takes over is not lost', async ({ page }) => {
    // Hold the header remote back, so the page stays the prerendered markup while the visitor acts.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('http://localhost:3001/mf-manifest.json', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/about/2', { waitUntil: 'domcontentloaded' });
    const search = page.getByRole('searchbox');
    await search.fill('课程');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/about\/2$/);
    release();
    await expect(page).toHaveURL(/\/search\/%E8%AF%BE%E7%A8%8B$/);
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
