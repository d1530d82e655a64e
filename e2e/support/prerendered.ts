import type { Page } from '@playwright/test';
import { ACTIVITIES } from '../../reference-api/src/seed/activities';
import { PRERENDER_DATA_ID } from '../../shared/src/prerender/snapshot';
import { waitForApp } from './site';

const ROOT_OPEN = '<div id="root">';

/** The markup of a prerendered page's `#root`, as the prerender step wrote it (the data script follows it). */
export function prerenderedRootMarkup(html: string): string {
  const start = html.indexOf(ROOT_OPEN);
  const end = html.indexOf(`</div>\n<script type="application/json" id="${PRERENDER_DATA_ID}">`);
  if (start < 0 || end < start) throw new Error('这不是预渲染的页面：没有预渲染的 #root 和数据');
  return html.slice(start + ROOT_OPEN.length, end);
}

/** The reference API's activities that get a prerendered page, and one it has taken offline (no page). */
export const LISTED_ACTIVITIES = ACTIVITIES.filter((activity) => activity.online);
export const OFFLINE_ACTIVITY_ID = ACTIVITIES.find((activity) => !activity.online)?.id ?? 0;

const [firstListed] = LISTED_ACTIVITIES;
if (!firstListed) throw new Error('参考 API 没有上线的活动');
/** The activity the tests open: the first one listed. */
export const SAMPLE_ACTIVITY = firstListed;

/** An activity path that is never prerendered and asks the API nothing (no id): where the app starts in the browser. */
const CLIENT_RENDERED_START = '/wuyou';

/**
 * Opens activity page `pathname` as it is shown where there is no prerendered HTML for it (an activity published
 * since the last prerender, or reached through the app's own links): rendered in the browser from the API's
 * answer. What the page shows when that call fails is seen only there: a prerendered page keeps what it was made
 * with. The app starts on a path without a page and is moved by the history API, as its links move it; a document
 * faked with page.route would be denied the other local origins by Chromium's local network access checks.
 */
export async function openClientRendered(page: Page, pathname: string): Promise<void> {
  await page.goto(CLIENT_RENDERED_START);
  await waitForApp(page);
  await page.evaluate((target) => {
    history.pushState(null, '', target);
    dispatchEvent(new PopStateEvent('popstate'));
  }, pathname);
}
