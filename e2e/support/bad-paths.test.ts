/**
 * The generated bad paths the browser does not visit (tests/bad-paths.spec.ts visits the first BROWSER_PATHS of them,
 * and loads a sample in full): for each, what the shell decides from its pathname, with the functions the shell and
 * the render server decide with, never throwing, always one of the site's pages with a head to show.
 */
import { aboutSectionFromPath, DEFAULT_RUNTIME_CONFIG, decodablePath, routeOf, searchKeywordFromPath } from '@wenrun/shared/node';
import { BAD_PATH_COUNT, BROWSER_PATHS, badPathsSeed, generateBadPaths, routeKindOf } from './bad-paths';

const ORIGIN = 'http://localhost:3000';
const NO_DATA = { get: () => undefined, toJSON: () => ({}) };

test.each(generateBadPaths(badPathsSeed(), BAD_PATH_COUNT).slice(BROWSER_PATHS).map((path) => [path.slice(0, 80), path]))(
  '%s: one of the site’s pages, with its head',
  (_shown, path) => {
    // The pathname as a WHATWG URL parser makes it (Chromium's escapes a few characters more: the browser's own
    // parse is checked for the paths the browser visits).
    const { pathname } = new URL(`${ORIGIN}${path}`);
    expect(() => decodeURIComponent(decodablePath(pathname))).not.toThrow();
    const kind = routeKindOf(pathname);
    expect(['home', 'about', 'search', 'activity']).toContain(kind);
    if (kind === 'about') expect(aboutSectionFromPath(pathname)).toBeGreaterThanOrEqual(1);
    if (kind === 'search') expect(typeof searchKeywordFromPath(pathname)).toBe('string');
    const { route, params } = routeOf(pathname);
    const head = route.head({ pathname, params, config: DEFAULT_RUNTIME_CONFIG, siteUrl: ORIGIN, data: NO_DATA });
    expect(head.title.trim()).not.toBe('');
    expect(head.canonicalPath.startsWith('/')).toBe(true);
  },
);
