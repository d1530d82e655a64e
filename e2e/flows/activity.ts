import { expect } from '@playwright/test';
import { activityPath } from '@wenrun/shared/node';
import { ACTIVITY_TEXT } from '@wenrun/remote-wuyou/activity/text';
import { SAMPLE_ACTIVITY } from '../support/activities';
import { mainHeading, waitForApp, type VisitorFlow } from './flow';

/** The phone bar's call to action: on a phone it stays on screen while the visitor reads. */
const callInBar = { css: '.activity-bar a.activity-call' };

export const ACTIVITY_FLOWS: VisitorFlow[] = [
  {
    name: 'activity sign-up on a phone: the call to action stays on screen and a tap on it dials the sign-up number',
    run: async (page) => {
      await page.setViewport({ width: 375, height: 812 });
      await page.goto(activityPath(SAMPLE_ACTIVITY.id));
      await waitForApp(page);
      await expect.poll(() => mainHeading(page)).toEqual([SAMPLE_ACTIVITY.title]);
      expect((await page.texts({ css: 'section.activity-signup' })).join(' ')).toContain(SAMPLE_ACTIVITY.signUp.contact);

      const href = await page.attribute(callInBar, 'href');
      expect(href).toMatch(/^tel:\d+$/);
      expect(SAMPLE_ACTIVITY.signUp.phone.replace(/\D/g, '')).toContain(href?.slice('tel:'.length));
      expect(await page.texts(callInBar)).toEqual([expect.stringContaining(ACTIVITY_TEXT.callToSignUp)]);
      const inViewport = () =>
        page.inspect(callInBar, ([link]) => {
          const box = link?.getBoundingClientRect();
          return Boolean(box && box.top >= 0 && box.bottom <= window.innerHeight && box.width > 0);
        });
      expect(await inViewport()).toBe(true);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
      expect(await inViewport()).toBe(true);

      // What the tap reaches: the link, as the visitor's own click. Dialling is the phone's part, not the page's:
      // the tap is kept from leaving the page for the tel: handler, which a headless browser does not have.
      await page.evaluate(() => {
        const taps: string[] = [];
        Object.assign(window, { __taps: taps });
        document.addEventListener('click', (event) => {
          const link = (event.target as Element).closest('a');
          if (event.isTrusted && link) taps.push(link.href);
          event.preventDefault();
        });
      });
      await page.click(callInBar);
      await expect.poll(() => page.evaluate(() => (window as unknown as { __taps: string[] }).__taps)).toEqual([href]);
    },
  },
];
