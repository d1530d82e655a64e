import { matchRoutes, type Params } from 'react-router-dom';

/**
 * Paths of the site (docs/SPEC.md §2), built and read in one place, by React Router's rules: a pattern matches
 * regardless of letter case, the path is percent-decoded once before it is matched (kept as written when it cannot
 * be), and a trailing slash is ignored. The route manifest's patterns are these; the shell's routes, the server and
 * the build all read a path with them.
 */
export const HOME_ROUTE = '/';
export const ABOUT_ROUTE = '/about/*';
/** `/search` and `/search/` have no keyword: they are "any other path", the home page. */
export const SEARCH_ROUTE = '/search/:keyword';
/** `/wuyou` and `/wuyou/` have no id: the home page too. */
export const ACTIVITY_ROUTE = '/wuyou/:id';

/**
 * `pathname` as React Router is given it to match. React Router decodes a path before matching it; when an escape
 * does not decode (`/search/100%`, `%E4%AD`) it matches the path as written, and says so with a `console.warn`
 * naming the path: a line in the render server's log for every reading of such a request's path, of a text the
 * requester chose. Such a path has its `%` escaped first, which decodes back to the path as written: the same match
 * and params, no warning. Not for a router's location: what the pages read of the path would change with it.
 */
export function decodablePath(pathname: string): string {
  try {
    decodeURIComponent(pathname);
    return pathname;
  } catch {
    return pathname.replaceAll('%', '%25');
  }
}

/**
 * The params of `pathname` under `pattern`, or `null` when it does not match: matched as the shell's routes match
 * (React Router's `matchRoutes`, which decodes the path first; `matchPath` alone would not).
 */
export function matchPattern(pattern: string, pathname: string): Params | null {
  return matchRoutes([{ path: pattern }], decodablePath(pathname))?.[0]?.params ?? null;
}

export function searchPath(text: string): string {
  return `/search/${encodeURIComponent(text)}`;
}

export function isSearchPath(pathname: string): boolean {
  return matchPattern(SEARCH_ROUTE, pathname) !== null;
}

/**
 * The keyword of a `/search/{key}` path, decoded (React Router's `keyword` param). A malformed escape (`%E4%ZZ`)
 * is not an error: the raw text is the keyword, as the visitor typed it.
 */
export function searchKeywordFromPath(pathname: string): string {
  return matchPattern(SEARCH_ROUTE, pathname)?.keyword ?? '';
}

export function isAboutPath(pathname: string): boolean {
  return matchPattern(ABOUT_ROUTE, pathname) !== null;
}

export function isActivityPath(pathname: string): boolean {
  return matchPattern(ACTIVITY_ROUTE, pathname) !== null;
}

/** Where the activity pages written at build live, under the shell's folder. */
export const ACTIVITY_PREFIX = '/wuyou/';

export function activityPath(id: number | string): string {
  return `${ACTIVITY_PREFIX}${encodeURIComponent(String(id))}`;
}
