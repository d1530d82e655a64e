import { ABOUT_SECTIONS, aboutPath, activityDescription, activityPath } from '@wenrun/shared/node';
import { escapeHtml } from '@wenrun/render-server/render/document';
import { LISTED_ACTIVITIES, OFFLINE_ACTIVITY_ID, SAMPLE_ACTIVITY as ACTIVITY } from '../support/activities';
import { expect, test } from '../support/fixtures';
import { SITE_ORIGIN } from '../support/ports';
import { ACTIVITY_PATH, BUILT_PAGES, fetchHtml, HOME_HEADING } from '../support/server-rendering';

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
