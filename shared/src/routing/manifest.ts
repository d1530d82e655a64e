import { matchRoutes, type Params } from 'react-router-dom';
import { isActivityId } from '../activity/ids';
import { NOT_FOUND_CODE } from '../constants';
import type { RemoteName } from '../config/parts';
import { ABOUT_SECTIONS, aboutPath } from '../content/aboutSections';
import { ABOUT_ROUTE, ACTIVITY_ROUTE, decodablePath, HOME_ROUTE, matchPattern, SEARCH_ROUTE } from '../content/routes';
import { PAGE_DATA_KEYS } from './pageDataKeys';
import { aboutHead, activityHead, homeHead, searchHead, type HeadContext, type PageHead } from './pageHeads';

export {
  ACTIVITY_IMAGE_ROUTE,
  activityImagePath,
  organizationJsonLd,
  SITE_IMAGE,
  type HeadContext,
  type PageHead,
} from './pageHeads';

/**
 * The route manifest: every page of the site, once. The shell's router, the remote modules loaded before a page
 * is hydrated, the pages written at build, the sitemap, the budgets and the browser tests' route lists all read
 * it. A new page is one entry here plus its component in the shell (`shell/src/app/RoutePage.tsx`).
 */
export type RouteId = 'home' | 'about' | 'search' | 'activity' | 'other';

/** An exposed module of a remote, as the runtime config names the remote and the remote names the module. */
export interface RemoteModuleRef {
  remote: RemoteName;
  module: string;
}

/** What the common layout shows from remotes, on every page that has the layout. */
export const LAYOUT_MODULES: readonly RemoteModuleRef[] = [{ remote: 'header', module: './Header' }];

/** Loaded only when a visitor asks for them (the login modal), never before a page is shown. */
export const ON_DEMAND_MODULES: readonly RemoteModuleRef[] = [{ remote: 'auth', module: './LoginModal' }];

export interface SiteRoute {
  id: RouteId;
  /**
   * React Router's path pattern (`/wuyou/:id`; `/about/*` is `/about` and every path below it), matched as React
   * Router matches, regardless of case. Also the route's name in field data and on the status page.
   */
  path: string;
  /** Whether the page has the site's header and footer (the activity pages have none, docs/SPEC.md §2). */
  layout: boolean;
  /** The remote modules the page shows at once, besides the layout's. */
  modules: readonly RemoteModuleRef[];
  /** `build`: written as HTML by `npm run build`; `request`: rendered for each request by the render server. */
  rendered: 'build' | 'request';
  /** The paths written at build. The activity pages are those the API lists (see deploy/). */
  buildPaths: readonly string[];
  head(context: HeadContext): PageHead;
  /** The HTTP status of a rendered page: 404 for what does not exist. */
  status(context: HeadContext): 200 | 404;
}

/**
 * Old or alternative addresses of pages, kept working for links out in the world: answered with a 301 by the server,
 * followed by the shell's routes in the browser. Matched like the routes, regardless of case.
 */
export const REDIRECTS: Readonly<Record<string, string>> = {
  '/index.html': '/',
  '/index': '/',
  '/home': '/',
  '/about/index.html': '/about',
};

/** Where an old address of a page now is, or `undefined` for every other path. */
export function redirectOf(pathname: string): string | undefined {
  const from = Object.keys(REDIRECTS).find((pattern) => matchPattern(pattern, pathname));
  return from === undefined ? undefined : REDIRECTS[from];
}


const ok = () => 200 as const;


export const SITE_ROUTES: readonly SiteRoute[] = [
  {
    id: 'activity',
    path: ACTIVITY_ROUTE,
    layout: false,
    modules: [{ remote: 'wuyou', module: './ActivityPage' }],
    rendered: 'request',
    buildPaths: [],
    head: activityHead,
    status: (context) => {
      const id = context.params.id ?? '';
      if (!isActivityId(id)) return 404;
      const entry = context.data.get(PAGE_DATA_KEYS.activity(id));
      return entry && !entry.ok && entry.error.code === NOT_FOUND_CODE ? 404 : 200;
    },
  },
  {
    id: 'home',
    path: HOME_ROUTE,
    layout: true,
    modules: [],
    rendered: 'build',
    buildPaths: ['/'],
    head: homeHead,
    status: ok,
  },
  {
    id: 'about',
    path: ABOUT_ROUTE,
    layout: true,
    modules: [{ remote: 'about', module: './AboutPage' }],
    rendered: 'build',
    buildPaths: ['/about', ...ABOUT_SECTIONS.map((section) => aboutPath(section.key))],
    head: aboutHead,
    status: ok,
  },
  {
    id: 'search',
    path: SEARCH_ROUTE,
    layout: true,
    modules: [{ remote: 'header', module: './SearchResults' }],
    rendered: 'request',
    buildPaths: [],
    head: searchHead,
    status: ok,
  },
  {
    // docs/SPEC.md §2: any other path shows the home page; its canonical address is `/`.
    id: 'other',
    path: '*',
    layout: true,
    modules: [],
    rendered: 'request',
    buildPaths: [],
    head: homeHead,
    status: ok,
  },
];

/** The manifest as React Router's route objects, each named by its id: what the router ranks and matches. */
const ROUTE_OBJECTS = SITE_ROUTES.map((route) => ({ id: route.id, path: route.path }));

/** A page of the manifest and the params React Router reads from the path for it (`id`, `keyword`, `*`). */
export interface RouteMatch {
  route: SiteRoute;
  params: Params;
  /**
   * Whether any pattern reads the path: not one does a path with a line break (`/about/%0A`), which is then "any
   * other path" (the home page) with no params, and the shell's routes are shown `/`.
   */
  matched: boolean;
}

/**
 * The route of a path (as the address bar holds it, percent-encoded) and its params, chosen the way the shell's
 * routes choose in the browser (React Router's ranking and matching), so the server and the build agree with it.
 */
export function routeOf(pathname: string): RouteMatch {
  const matches = matchRoutes(ROUTE_OBJECTS, decodablePath(pathname)) ?? [];
  const match = matches[matches.length - 1];
  return { route: routeById((match?.route.id ?? 'other') as RouteId), params: match?.params ?? {}, matched: match !== undefined };
}

export function routeById(id: RouteId): SiteRoute {
  return SITE_ROUTES.find((route) => route.id === id) as SiteRoute;
}

/** The remote modules a page shows at once: loaded on the server before it renders, in the browser before it hydrates. */
export function modulesOf(route: SiteRoute): RemoteModuleRef[] {
  return [...(route.layout ? LAYOUT_MODULES : []), ...route.modules];
}

/** Every remote module the shell may load: the contract the remotes' builds must offer. */
export function allRemoteModules(): RemoteModuleRef[] {
  const all = [...SITE_ROUTES.flatMap(modulesOf), ...ON_DEMAND_MODULES];
  return all.filter((ref, index) => all.findIndex((other) => other.remote === ref.remote && other.module === ref.module) === index);
}

/** Every path written at build from the manifest alone (activities come from the API's list). */
export function buildPaths(): string[] {
  return SITE_ROUTES.filter((route) => route.rendered === 'build').flatMap((route) => route.buildPaths);
}
