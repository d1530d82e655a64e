import { MEASURED_PATHS } from '@wenrun/deploy/assemble/budgets/data';
import { REMOTE_NAMES } from '@wenrun/shared/node';

/** The benchmark's own block of ports (3030-3039): it never collides with `npm start`, the e2e suite or another run. */
const FIRST_PORT = 3030;
const LAST_PORT = 3039;

/**
 * What the benchmark serves, each on the next port of its block, so it needs no lock: the federated site's shell and
 * its remotes (the parts table's, in its order), then the rest.
 */
const SERVED = [
  'shell',
  ...REMOTE_NAMES,
  'api',
  'oneBundle',
  /** The federated site with its prerendered pages removed: client-rendered, like the one-bundle baseline. */
  'shellClientRendered',
  /** Chromium's DevTools port for Lighthouse. */
  'lighthouseChromium',
  /** The render server of the federated site (activity and search pages, per request). */
  'render',
] as const;

if (FIRST_PORT + SERVED.length - 1 > LAST_PORT) {
  throw new Error(`基准测试的端口 ${FIRST_PORT}-${LAST_PORT} 不够用：需要 ${SERVED.length} 个`);
}

export const BENCH_PORTS = Object.fromEntries(SERVED.map((name, index) => [name, FIRST_PORT + index])) as Readonly<
  Record<(typeof SERVED)[number], number>
>;

/** The home page, an about section, a search, the activity page: the budgets' measured pages. */
export const BENCH_ROUTES = MEASURED_PATHS;

export { CHROMIUM_ARGS as CHROMIUM_FLAGS, CHROMIUM_PATH } from '@wenrun/e2e/tools/chromium';

export function localOrigin(port: number): string {
  return `http://localhost:${port}`;
}

/** Where a page of a site variant is, as a URL Chromium can open (the search keyword percent-encoded). */
export function routeUrl(origin: string, route: string): string {
  return new URL(encodeURI(route), origin).href;
}
