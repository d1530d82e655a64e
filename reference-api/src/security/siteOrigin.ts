import type { FastifyRequest } from 'fastify';
import { ApiFailure, CODES } from '../envelope';

export const CROSS_SITE_MESSAGE = '只接受本站页面提交的请求';

/**
 * A form on another site can post here in a visitor's browser (a plain form post needs no CORS permission), and
 * every visitor it reaches sends from their own address: refused when the browser says the page was not one of the
 * site's (`Origin`, which browsers put on every POST; `null` from a sandboxed or data: page). A request without
 * `Origin` comes from no browser page, and whoever sends it could write any value there: the per-address, per-number
 * and global limits are what hold such a sender.
 */
export function assertSiteOrigin(request: FastifyRequest, siteOrigins: ReadonlySet<string>): void {
  const origin = request.headers.origin;
  if (origin !== undefined && !siteOrigins.has(origin)) throw new ApiFailure(CODES.forbidden, CROSS_SITE_MESSAGE);
}
