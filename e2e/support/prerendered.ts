import path from 'node:path';
import type { Page } from '@playwright/test';
import { ACTIVITIES } from '../../reference-api/src/seed/activities';
import { PRERENDER_DATA_ID } from '../../shared/src/prerender/snapshot';

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

const CLIENT_PAGE = path.resolve(__dirname, '../../shell/dist/app.html');

/**
 * Serves `pathname` as a path without prerendered HTML is served (the shell's client page): an activity published
 * since the last prerender, say. What a page shows when its API call fails is seen only there; a prerendered page
 * keeps showing what it was made with.
 */
export async function withoutPrerenderedPage(page: Page, pathname: string): Promise<void> {
  await page.route(`**${pathname}`, (route) =>
    route.request().resourceType() === 'document'
      ? route.fulfill({ path: CLIENT_PAGE, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' } })
      : route.fallback(),
  );
}
