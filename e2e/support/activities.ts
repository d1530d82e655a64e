import type { Page } from '@playwright/test';
import { PAGE_STATE_ID } from '@wenrun/shared/node';
import { ACTIVITIES } from '@wenrun/reference-api/seed/activities';
import { waitForApp } from './site';

const ROOT_OPEN = '<div id="root">';

/** The markup of a server-rendered page's `#root`, as the server wrote it (the page's state follows it). */
export function renderedRootMarkup(html: string): string {
  const start = html.indexOf(ROOT_OPEN);
  const end = html.indexOf(`</div><script type="application/json" id="${PAGE_STATE_ID}">`);
  if (start < 0 || end < start) throw new Error('这不是服务器渲染的页面：没有渲染好的 #root 和页面数据');
  return html.slice(start + ROOT_OPEN.length, end);
}

/** The reference API's activities that get a page at build, and one it has taken offline (no page). */
export const LISTED_ACTIVITIES = ACTIVITIES.filter((activity) => activity.online);
export const OFFLINE_ACTIVITY_ID = ACTIVITIES.find((activity) => !activity.online)?.id ?? 0;

const [firstListed] = LISTED_ACTIVITIES;
if (!firstListed) throw new Error('参考 API 没有上线的活动');
/** The activity the tests open: the first one listed. */
export const SAMPLE_ACTIVITY = firstListed;

/**
 * An activity path that is never written at build and asks the API nothing (an id that cannot be one): where the
 * app starts in the browser.
 */
const CLIENT_RENDERED_START = '/wuyou/not-an-id';

/**
 * Opens activity page `pathname` as it is shown when the browser renders it (reached through the app's own links,
 * or served the client page because no server could render it): from the API's answer. What the page shows when
 * that call fails is seen only there: a server-rendered page shows what it was rendered with. The app starts on a path without a page and is moved by the history API, as its links move it; a document
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
