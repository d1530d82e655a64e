import { expect, test, type Page } from '@playwright/test';
import { aboutSectionFromPath, searchKeywordFromPath, seededRandom } from '@wenrun/shared/node';
import { BAD_PATH_COUNT, BROWSER_PATHS, badPathsSeed, generateBadPaths, routeKindOf, type RouteKind } from '../support/bad-paths';

const SEED = badPathsSeed();
/** Paths the site is asked for as a first request: each answer is checked over HTTP, which a browser need not do. */
const FIRST_REQUESTS = 60;
/** Of those, the ones loaded in the browser too, to see the app hydrate or render the page each one gets. */
const FULL_LOADS = 15;
/** Client-side visits per round trip to the browser: few round trips, yet a stuck batch is found quickly. */
const BATCH = 100;
/** How long a page may take to show (the first visit of each kind loads its remote); the site answers in far less. */
const SETTLE_MS = 5_000;
/** Enough to see what is wrong; past it the run stops instead of waiting out every broken path. */
const MAX_PROBLEMS = 20;

/** What the page must show for one path, worked out here from the pathname the browser made of it. */
interface Expected {
  kind: RouteKind;
  /** About: the section `data-section` must name. */
  section?: number;
  /** Search: the keyword the results page must show. */
  keyword?: string;
}

/** What the page showed; `problem` is set when it did not settle on the expected page. */
interface Observed {
  path: string;
  pathname: string;
  textLength: number;
  failedSlots: number;
  pwned: boolean;
  problem?: string;
}

function expectedFor(pathname: string): Expected {
  const kind = routeKindOf(pathname);
  if (kind === 'about') return { kind, section: aboutSectionFromPath(pathname) };
  if (kind === 'search') return { kind, keyword: searchKeywordFromPath(pathname) };
  return { kind };
}

function problemsOf(observations: Observed[]): string[] {
  return observations.flatMap((seen) => {
    const problems = [
      seen.problem,
      seen.textLength === 0 ? 'white screen (no visible text)' : undefined,
      seen.failedSlots > 0 ? `${seen.failedSlots} failed remote slot(s)` : undefined,
      seen.pwned ? 'window.__pwned was set' : undefined,
    ].filter(Boolean);
    return problems.length ? [`${JSON.stringify(seen.path.slice(0, 160))} → ${seen.pathname.slice(0, 160)}: ${problems.join('; ')}`] : [];
  });
}

/**
 * In the page: optionally navigates to each path the way a link in the app would (pushState, then the popstate
 * the router listens to), then waits until the shell shows the expected page with its remote loaded.
 */
async function visitInPage(
  page: Page,
  visits: { path: string; expected: Expected }[],
  navigate: boolean,
  /** Stops after this many paths that did not settle (each costs SETTLE_MS): a dead app must not eat the run. */
  maxUnsettled = MAX_PROBLEMS,
): Promise<Observed[]> {
  return page.evaluate(
    async ({ visits, navigate, SETTLE_MS, maxUnsettled }) => {
      // A zero-delay yield (setTimeout is clamped to 4 ms when nested); React schedules its work the same way.
      const channel = new MessageChannel();
      const tick = () =>
        new Promise<void>((resolve) => {
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        });
      const markers: Record<string, string> = {
        home: '.home',
        about: 'article.about-page',
        search: '.search-page',
        activity: '.activity-page',
      };
      const shows = (expected: (typeof visits)[number]['expected']): boolean => {
        if (document.querySelector('.remote-slot--loading')) return false;
        if (expected.kind === 'about') {
          return document.querySelector(`article.about-page[data-section="${expected.section}"]`) !== null;
        }
        if (expected.kind === 'search') {
          if (!document.querySelector('.search-page')) return false;
          const keyword = document.querySelector('[data-testid="search-keyword"]');
          return expected.keyword?.trim() === '' ? keyword === null : keyword?.textContent === expected.keyword;
        }
        return document.querySelector(markers[expected.kind] ?? '') !== null;
      };
      const results = [];
      let unsettled = 0;
      for (const { path, expected } of visits) {
        if (unsettled >= maxUnsettled) break;
        let problem: string | undefined;
        try {
          if (navigate) {
            history.pushState(null, '', `${location.origin}${path}`);
            dispatchEvent(new PopStateEvent('popstate', { state: null }));
          }
          const deadline = performance.now() + SETTLE_MS;
          while (!shows(expected) && performance.now() < deadline) await tick();
          if (!shows(expected)) {
            const seen = Object.entries(markers).find(([, selector]) => document.querySelector(selector))?.[0] ?? 'nothing';
            problem = `expected the ${expected.kind} page ${JSON.stringify(expected)}, saw ${seen}`;
            unsettled += 1;
          }
        } catch (error) {
          problem = `navigation threw: ${String(error)}`;
        }
        results.push({
          path,
          pathname: location.pathname,
          textLength: document.body.innerText.trim().length,
          failedSlots: document.querySelectorAll('.remote-slot--failed').length,
          pwned: '__pwned' in window,
          problem,
        });
      }
      return results;
    },
    { visits, navigate, SETTLE_MS, maxUnsettled },
  );
}

/**
 * Uncaught errors and rejections: Playwright's pageerror, plus the page's own record of each with the path it was
 * on (read it before the page is left: a full load starts a new record).
 */
async function recordPageErrors(page: Page): Promise<{ uncaught: string[]; withPath: () => Promise<string[]> }> {
  await page.addInitScript(() => {
    const errors: string[] = [];
    Object.assign(window, { __badPathErrors: errors });
    addEventListener('error', (event) => errors.push(`${location.pathname}: ${event.message}`));
    addEventListener('unhandledrejection', (event) => errors.push(`${location.pathname}: ${String(event.reason)}`));
  });
  const uncaught: string[] = [];
  page.on('pageerror', (error) => uncaught.push(`pageerror: ${error.message}`));
  return {
    uncaught,
    withPath: () => page.evaluate(() => (window as unknown as { __badPathErrors: string[] }).__badPathErrors),
  };
}

function failureReport(problems: string[], errors: string[]): string {
  return [
    `seed ${SEED} (replay: BAD_PATHS_SEED=${SEED})`,
    ...problems.slice(0, 20),
    problems.length > 20 ? `…and ${problems.length - 20} more` : '',
    ...errors.slice(0, 20),
  ].join('\n');
}

test.describe(`bad paths, seed ${SEED}`, () => {
  const paths = generateBadPaths(SEED, BAD_PATH_COUNT);

  test(`${BROWSER_PATHS} of ${BAD_PATH_COUNT} generated paths by client-side navigation: never a white screen, an error or a failed slot`, async ({
    page,
  }) => {
    expect(paths).toHaveLength(BAD_PATH_COUNT);
    const pageErrors = await recordPageErrors(page);
    await page.goto('/');
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });

    // The pathnames as Chromium's URL parser makes them (it differs from Node's in which characters it escapes).
    const visited = paths.slice(0, BROWSER_PATHS);
    const pathnames = await page.evaluate(
      (list) => list.map((path) => new URL(`${location.origin}${path}`).pathname),
      visited,
    );
    const visits = visited.map((path, index) => ({ path, expected: expectedFor(pathnames[index] ?? '') }));
    // Every kind of page is visited many times, so that the router really switches between them.
    for (const kind of ['home', 'about', 'search', 'activity'] as const) {
      expect(visits.filter((visit) => visit.expected.kind === kind).length).toBeGreaterThan(BROWSER_PATHS / 10);
    }

    const problems: string[] = [];
    for (let start = 0; start < visits.length && problems.length < MAX_PROBLEMS; start += BATCH) {
      problems.push(
        ...problemsOf(await visitInPage(page, visits.slice(start, start + BATCH), true, MAX_PROBLEMS - problems.length)),
      );
    }
    const errors = [...pageErrors.uncaught, ...(await pageErrors.withPath())];
    expect(problems.length + errors.length, failureReport(problems, errors)).toBe(0);
  });

  /** The paths asked for as a first request, the same on every run of a seed. */
  const firstRequests = (() => {
    const random = seededRandom(SEED + 1);
    return Array.from({ length: FIRST_REQUESTS }, () => paths[Math.floor(random() * paths.length)] ?? '/');
  })();

  test(`${FIRST_REQUESTS} of them as a first request: a page of the site (never a server error), or a redirect on the site`, async ({
    baseURL,
  }) => {
    const problems: string[] = [];
    for (const path of firstRequests) {
      // Absolute: resolved against the base, a path like `//x` would name another host.
      const response = await fetch(`${baseURL}${path}`, { redirect: 'manual' });
      const body = await response.text();
      const location = response.headers.get('location') ?? '';
      // A path the site refuses (400, or 404 for an activity that cannot exist) still gets the site's page.
      const good =
        response.status >= 300 && response.status < 400
          ? new URL(location, baseURL).origin === new URL(baseURL ?? '').origin
          : response.status < 500 && body.includes('<div id="root">');
      if (!good) problems.push(`${JSON.stringify(path.slice(0, 160))}: HTTP ${response.status}${location ? ` → ${location}` : ''}`);
    }
    expect(problems, failureReport(problems, [])).toEqual([]);
  });

  test(`${FULL_LOADS} of them as full page loads: the app hydrates or renders the page`, async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const pageErrors = await recordPageErrors(page);
    const sample = firstRequests.slice(0, FULL_LOADS);
    const problems: string[] = [];
    const errors: string[] = [];
    for (const path of sample) {
      if (problems.length >= MAX_PROBLEMS) break;
      // Absolute: resolved against the base, a path like `//x` would name another host.
      const response = await page.goto(`${baseURL}${path}`, { waitUntil: 'domcontentloaded' });
      const status = response?.status() ?? 0;
      const ready = await page
        .locator('html[data-app-ready]')
        .waitFor({ state: 'attached', timeout: SETTLE_MS })
        .then(() => true, () => false);
      // A path the site refuses (400, or 404 for an activity that cannot exist) still gets the site, live.
      if (status >= 500 || !ready) {
        problems.push(`${JSON.stringify(path.slice(0, 160))}: HTTP ${status}, ${ready ? 'app started' : 'the app never started'}`);
        continue;
      }
      const pathname = await page.evaluate(() => location.pathname);
      problems.push(...problemsOf(await visitInPage(page, [{ path, expected: expectedFor(pathname) }], false)));
      errors.push(...(await pageErrors.withPath()));
    }
    errors.push(...pageErrors.uncaught);
    expect(problems.length + errors.length, failureReport(problems, errors)).toBe(0);
  });
});
