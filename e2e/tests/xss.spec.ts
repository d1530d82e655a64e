import type { Page } from '@playwright/test';
import { API_PATHS } from '@wenrun/shared/node';
import { expect, test } from '../support/fixtures';
import { API_ORIGIN } from '../support/login-modal';
import { openClientRendered } from '../support/activities';
import { deployShellCopy, waitForApp } from '../support/site';

/** Each payload sets the canary if the browser ever runs it. */
const PAYLOADS = [
  '<script>window.__pwned="script"</script>',
  '<img src=x onerror="window.__pwned=\'img\'">',
  '"><svg onload="window.__pwned=\'svg\'">',
  '<a href="javascript:window.__pwned=\'link\'">点我</a>',
  "'};window.__pwned='js';//",
];

/** Fails the test on any dialog, and returns a reader of the canary. */
async function armCanary(page: Page): Promise<() => Promise<unknown>> {
  page.on('dialog', (dialog) => {
    throw new Error(`dialog opened: ${dialog.message()}`);
  });
  return () => page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned);
}

/** Clicks every link the payloads may have become, so a `javascript:` URL would run. */
async function clickPayloadLinks(page: Page): Promise<void> {
  for (const link of await page.locator('a[href^="javascript:" i]').all()) await link.click({ force: true });
}

test('payloads in the search path run nothing and show as text', async ({ page }) => {
  const canary = await armCanary(page);
  for (const payload of PAYLOADS) {
    await page.goto(`/search/${encodeURIComponent(payload)}`);
    await waitForApp(page);
    await expect(page.locator('main#main')).toContainText(payload.slice(0, 8));
    await clickPayloadLinks(page);
    expect(await canary()).toBeUndefined();
  }
});

test('payloads as search result titles run nothing', async ({ page }) => {
  const canary = await armCanary(page);
  await page.route(`${API_ORIGIN}${API_PATHS.search}`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as {
      data: { courses: { list: { title: string; summary: string }[] }; experts: { list: { name: string; intro: string }[] } };
    };
    body.data.courses.list.forEach((course, index) => {
      course.title = PAYLOADS[index % PAYLOADS.length] ?? '';
      course.summary = PAYLOADS[(index + 1) % PAYLOADS.length] ?? '';
    });
    body.data.experts.list.forEach((expert, index) => {
      expert.name = PAYLOADS[index % PAYLOADS.length] ?? '';
      expert.intro = PAYLOADS[(index + 2) % PAYLOADS.length] ?? '';
    });
    expect(body.data.courses.list.length + body.data.experts.list.length).toBeGreaterThan(0);
    await route.fulfill({ response, json: body });
  });
  // The results the browser asks for (a server-rendered page asked on the server).
  await openClientRendered(page, `/search/${encodeURIComponent('课程')}`);
  await expect(page.locator('main#main')).toContainText('window.__pwned');
  await clickPayloadLinks(page);
  expect(await canary()).toBeUndefined();
});

test('the activity whose content holds markup (id 6) renders it as text', async ({ page }) => {
  const canary = await armCanary(page);
  await page.goto('/wuyou/6');
  await expect(page.locator('.activity-hero__title')).toBeVisible();
  await expect(page.locator('body')).toContainText('<script');
  await clickPayloadLinks(page);
  await page.waitForLoadState('networkidle');
  expect(await canary()).toBeUndefined();
});

test('payloads in the runtime config contact text: footer and header show them as text, nothing runs', async ({ page, hosts }) => {
  const shell = await hosts.serve(
    deployShellCopy('shell-xss', (config) => {
      const contact = config.contact as Record<string, string>;
      // Each field also ends in an <img> whose error handler runs even when written with innerHTML (a <script>
      // written so does not): a field ever rendered as HTML sets the canary.
      const field = (name: string, payload: string | undefined) =>
        `${payload ?? ''}<img src=x onerror="window.__pwned='${name}'">`;
      config.contact = {
        ...contact,
        company: field('company', PAYLOADS[0]),
        hotline: field('hotline', PAYLOADS[1]),
        email: field('email', PAYLOADS[3]),
        address: field('address', PAYLOADS[2]),
        icp: field('icp', PAYLOADS[4]),
      };
    }),
  );
  const canary = await armCanary(page);
  await page.goto(`${shell.origin}/no-such-page`);
  await expect(page.locator('footer.site-footer')).toContainText('window.__pwned');
  await clickPayloadLinks(page);
  await page.waitForLoadState('networkidle');
  expect(await canary()).toBeUndefined();
});
