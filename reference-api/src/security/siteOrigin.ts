import type { FastifyRequest } from 'fastify';
import { ApiFailure, CODES } from '../envelope';

export const CROSS_SITE_MESSAGE = '只接受本站页面提交的请求';

/** What `Sec-Fetch-Site` says of a page that is not one of the site's: another site, or a sibling subdomain's page. */
const OTHER_SITES = new Set(['cross-site', 'same-site']);

/**
 * A form on another site can post here in a visitor's browser (a plain form post or a text/plain beacon needs no
 * CORS permission), and every visitor it reaches sends from their own address: refused when the browser says the page
 * was not one of the site's (`Origin`, which browsers put on every POST; `null` from a sandboxed or data: page;
 * without `Origin`, `Sec-Fetch-Site: cross-site` or `same-site`, a sibling subdomain whose page is not the site's).
 * `Origin` decides when present: the site's own origins say which pages are its own, and a site whose API is on
 * another registrable domain than its pages is cross-site to its own pages. A request with neither comes from no
 * browser page, and whoever sends it could write any value there: the per-client, per-number and global limits are
 * what hold such a sender.
 */
export function assertSiteOrigin(request: FastifyRequest, siteOrigins: ReadonlySet<string>): void {
  if (!isFromOtherSite(request, siteOrigins)) return;
  throw new ApiFailure(CODES.forbidden, CROSS_SITE_MESSAGE);
}

/** The same judgement, for a route that answers a refusal its own way (field data travels as HTTP 200). */
export function isFromOtherSite(request: FastifyRequest, siteOrigins: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  const fetchSite = request.headers['sec-fetch-site'];
  return origin !== undefined ? !siteOrigins.has(origin) : typeof fetchSite === 'string' && OTHER_SITES.has(fetchSite);
}

/** What a page may ask of any origin without changing anything (a link, an image, a CORS preflight). */
const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Demo mode's development endpoints write without a token (publish, edit, take an activity offline), and a
 * developer's `npm start` is reachable from any page their browser opens: every write there must come from one of
 * the site's own pages, or from no page at all (the tests, curl, the release tooling).
 */
export function siteOriginWritesOnly(siteOrigins: ReadonlySet<string>) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!READ_ONLY_METHODS.has(request.method)) assertSiteOrigin(request, siteOrigins);
  };
}
