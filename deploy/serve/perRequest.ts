import { SITE_ROUTES } from '@wenrun/shared/node';

/**
 * Where the servers in front (the shell's part server, nginx) send a page to the render server whatever the folder
 * holds, read from the route manifest: each route rendered per request, by the part of its pattern before the first
 * param (`/wuyou/:id` ⇒ `/wuyou/`, `/search/:keyword` ⇒ `/search/`). The catch-all (`*`, any other path) has none:
 * its pages are the paths no file names, which both send to the render server anyway.
 */
export const PER_REQUEST_PREFIXES: readonly string[] = SITE_ROUTES.filter((route) => route.rendered === 'request')
  .map((route) => route.path.split(/[:*]/)[0] ?? '')
  .filter((prefix) => prefix.length > 1);
