import { ABOUT_SECTIONS, DEFAULT_RUNTIME_CONFIG } from '@wenrun/shared/node';
import { ACTIVITY_TEXT } from '@wenrun/remote-wuyou/activity/text';
import { SAMPLE_ACTIVITY as ACTIVITY } from '../support/activities';
import { expect, test } from '../support/fixtures';
import { ACTIVITY_PATH, HOME_HEADING, PHONE } from '../support/server-rendering';

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
