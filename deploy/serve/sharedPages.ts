import { ACTIVITY_ROUTE, buildPaths } from '@wenrun/shared/node';

/**
 * How long a cached page is sent as it is before it is rendered again (in the background: visitors keep getting the
 * cached page meanwhile). What no key can show, a remote released or an activity edited, reaches the cached pages within
 * this plus the render server's own look (RENDER_CHECK_INTERVAL_MS, 5 s). An edit of the config changes the key
 * (`configDigest`), and a page the render server rendered for another config is not kept under it.
 */
export const SHARED_PAGE_FRESH_S = 5;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The request targets, exactly as sent, of the pages that are the same for every visitor: those written at build
 * (the route manifest's) and each activity's. Kept by nginx and by `npm start`'s shell server once rendered. Nothing
 * with a query, no other spelling (`/index.html`, `/about/%33`), no search and no other path: those are rendered per
 * request, so a visitor cannot fill the cache with made-up targets, and a result of what one visitor typed is never
 * another's. Whether the visitor is in a canary is not in the page (the bucket lives in the browser's local storage,
 * and the server renders the stable builds, which a canary visitor's browser swaps in as it hydrates), so one copy
 * serves both.
 */
export const SHARED_PAGE_TARGET = new RegExp(
  `^(${[...buildPaths().map(escaped), escaped(ACTIVITY_ROUTE).replace(':id', '[1-9][0-9]{0,9}')].join('|')})$`,
);
