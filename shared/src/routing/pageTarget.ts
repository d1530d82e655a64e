import type { Params } from 'react-router-dom';
import { routeOf, type RouteId } from './manifest';

/**
 * The page a request asks for, resolved once: its address parsed as the browser will read it when it hydrates (so
 * normalized the same way: dot segments gone, the query apart) and its route chosen. The render server makes it per
 * request and hands it on (its page cache, its metrics, the shell's render); the build makes it per written page.
 * Plain data, as it crosses from the render server into the shell's server build, which has its own copy of the
 * manifest: the route goes by its id. Node's alone (`@wenrun/shared/node`): in the browser the router reads the
 * address, and no page's code carries the parse's placeholder origin.
 */
export interface PageTarget {
  pathname: string;
  search: string;
  routeId: RouteId;
  params: Params;
  /** `RouteMatch.matched`: false for a path no pattern reads, shown as the home page. */
  matched: boolean;
}

export function pageTarget(url: string): PageTarget {
  const { pathname, search } = new URL(url, 'http://page.invalid');
  const { route, params, matched } = routeOf(pathname);
  return { pathname, search, routeId: route.id, params, matched };
}
