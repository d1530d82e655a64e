/** Paths of the site (docs/SPEC.md §2), built and read in one place. */
export const SEARCH_PREFIX = '/search/';

export function searchPath(text: string): string {
  return `${SEARCH_PREFIX}${encodeURIComponent(text)}`;
}

export function isSearchPath(pathname: string): boolean {
  return pathname.startsWith(SEARCH_PREFIX);
}

/**
 * The keyword of a `/search/{key}` path, decoded. A malformed escape (`%E4%ZZ`) is not an error: the raw text is
 * the keyword, as the visitor typed it.
 */
export function searchKeywordFromPath(pathname: string): string {
  const raw = pathname.startsWith(SEARCH_PREFIX) ? pathname.slice(SEARCH_PREFIX.length) : '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function isAboutPath(pathname: string): boolean {
  return pathname === '/about' || pathname.startsWith('/about/');
}

export const ACTIVITY_PREFIX = '/wuyou/';

export function isActivityPath(pathname: string): boolean {
  return pathname === '/wuyou' || pathname.startsWith(ACTIVITY_PREFIX);
}

export function activityPath(id: number | string): string {
  return `${ACTIVITY_PREFIX}${encodeURIComponent(String(id))}`;
}

/** The id of a `/wuyou/{id}` path as written; the activity page decides what a usable id is. */
export function activityIdFromPath(pathname: string): string {
  const raw = pathname.startsWith(ACTIVITY_PREFIX) ? pathname.slice(ACTIVITY_PREFIX.length) : '';
  try {
    return decodeURIComponent(raw.replace(/\/+$/, ''));
  } catch {
    return raw;
  }
}
