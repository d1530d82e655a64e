import { MEASURED_PATHS } from '../deploy/budgets/data';

/**
 * What the benchmark measures and where it serves it. Its own ports (3030-3039), so it never collides with
 * `npm start`, the e2e suite or another engineer's run, and needs no lock.
 */
export const BENCH_PORTS = {
  shell: 3030,
  header: 3031,
  about: 3032,
  auth: 3033,
  wuyou: 3034,
  api: 3035,
  oneBundle: 3036,
  /** The federated site with its prerendered pages removed: client-rendered, like the one-bundle baseline. */
  shellClientRendered: 3037,
  /** Chromium's DevTools port for Lighthouse. */
  lighthouseChromium: 3038,
  /** The render server of the federated site (activity and search pages, per request). */
  render: 3039,
} as const;

/** The home page, an about section, a search, the activity page: the budgets' measured pages. */
export const BENCH_ROUTES = MEASURED_PATHS;

export { CHROMIUM_ARGS as CHROMIUM_FLAGS, CHROMIUM_PATH } from '../deploy/chromium';

export function localOrigin(port: number): string {
  return `http://localhost:${port}`;
}

/** Where a page of a site variant is, as a URL Chromium can open (the search keyword percent-encoded). */
export function routeUrl(origin: string, route: string): string {
  return new URL(encodeURI(route), origin).href;
}
