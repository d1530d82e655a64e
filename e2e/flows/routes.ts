import { expect } from '@playwright/test';
import { ABOUT_SECTIONS, aboutPath, activityPath, searchPath, SITE_ROUTES, type RouteId } from '@wenrun/shared/node';
import { SAMPLE_ACTIVITY } from '../support/activities';
import type { Viewport } from '../support/visitor-page';
import { horizontalOverflow, mainHeading, scrollThrough, siteFooter, siteHeader, waitForApp, waitForLive, type VisitorFlow } from './flow';

/** The widths every route is seen at: a desktop and a phone. */
const WIDTHS: Viewport[] = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
];

/** The home page's heading, as the shell's home page says it; unknown paths show that page too (docs/SPEC.md §2). */
const HOME_HEADING = '让每一位教师都被看见、被支持、被成就';

/**
 * The pages that stand for each route of the manifest, and the heading each shows. Keyed by the manifest's route
 * ids: a new route fails the typecheck until it has its pages here.
 */
const ROUTE_PAGES: Record<RouteId, { path: string; heading: string }[]> = {
  home: [{ path: '/', heading: HOME_HEADING }],
  about: ABOUT_SECTIONS.map(({ key, title }) => ({ path: aboutPath(key), heading: title })),
  search: [{ path: searchPath('课程'), heading: '“课程”的搜索结果' }],
  activity: [{ path: activityPath(SAMPLE_ACTIVITY.id), heading: SAMPLE_ACTIVITY.title }],
  other: [{ path: '/no-such-page', heading: HOME_HEADING }],
};

/**
 * Every route at both widths: its heading, the layout the manifest gives it (header and footer, or neither), the
 * header live once hydrated, every image drawn once scrolled to, nothing wider than the screen. A screenshot of the
 * whole page is kept in the test's output folder.
 */
export const ROUTE_FLOWS: VisitorFlow[] = SITE_ROUTES.flatMap((route) =>
  ROUTE_PAGES[route.id].flatMap(({ path, heading }) =>
    WIDTHS.map(
      (viewport): VisitorFlow => ({
        name: `${path} at ${viewport.width} px: ${heading}, ${route.layout ? 'with' : 'without'} the layout`,
        run: async (page, { outputPath }) => {
          await page.setViewport(viewport);
          await page.goto(path);
          await waitForApp(page);
          await expect.poll(() => mainHeading(page)).toEqual([heading]);
          const layoutParts = route.layout ? 1 : 0;
          await expect.poll(() => page.count(siteHeader)).toBe(layoutParts);
          await expect.poll(() => page.count(siteFooter)).toBe(layoutParts);
          if (route.layout) await waitForLive(page, siteHeader);
          // Every picture arrives and can be drawn once the visitor has scrolled past it (those below the fold load lazily).
          await scrollThrough(page);
          const notDrawn = () =>
            page.evaluate(() =>
              Array.from(document.images)
                .filter((image) => !image.complete || image.naturalWidth === 0)
                .map((image) => image.currentSrc || image.src),
            );
          await expect.poll(notDrawn).toEqual([]);
          expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
          await page.screenshot(outputPath(`${viewport.width}px${path.replace(/\//g, '_')}.png`));
        },
      }),
    ),
  ),
);
