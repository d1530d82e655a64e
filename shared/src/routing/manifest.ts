import { matchRoutes, type Params } from 'react-router-dom';
import { parseActivity } from '../activity/parseActivity';
import { activityDescription } from '../activity/description';
import { isActivityId } from '../activity/ids';
import { ACTIVITY_PROBLEM_TITLES } from '../activity/problems';
import { isoChinaTime } from '../activity/schedule';
import type { Activity } from '../api/types';
import { NOT_FOUND_CODE } from '../constants';
import type { RemoteName } from '../config/parts';
import type { RuntimeConfig } from '../config/runtimeConfig';
import { ABOUT_SECTIONS, aboutPath, aboutSectionFromPath, aboutSectionTitle } from '../content/aboutSections';
import {
  ABOUT_ROUTE,
  ACTIVITY_ROUTE,
  activityPath,
  decodablePath,
  HOME_ROUTE,
  matchPattern,
  SEARCH_ROUTE,
} from '../content/routes';
import type { PageDataEntry } from '../pageData/PageDataStore';
import { COURSES_KEY_PREFIX, PAGE_DATA_KEYS } from './pageDataKeys';

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

/** What a page's head needs to know: where it is, the site's settings, and the data the page shows. */
export interface HeadContext {
  pathname: string;
  /** The params React Router read from the path for the page (`id`, `keyword`, `*`): the path is parsed once. */
  params: Params;
  config: RuntimeConfig;
  /** The public address of the site, without a trailing slash (structured data wants absolute URLs). */
  siteUrl: string;
  data: { get(key: string): PageDataEntry | undefined; toJSON(): Record<string, PageDataEntry> };
}

export interface PageHead {
  title: string;
  description: string;
  /** Path of the canonical address; unknown paths that show the home page say `/`. */
  canonicalPath: string;
  /** Search results are not for search engines. */
  noindex?: boolean;
  /** The picture of a shared link (a JPEG or PNG, path on the site); the site's own picture when absent. */
  image?: { path: string; alt: string };
  /** Structured data beyond the organisation, which every page carries. */
  jsonLd: object[];
}

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

/** The site's own picture for shared links, made at build beside the pages. */
export const SITE_IMAGE = { path: '/og-image.png', alt: '文润教育：让每一位教师都被看见、被支持、被成就' } as const;

const ACTIVITY_IMAGE_FILE = 'cover.png';

/** Where the picture of an activity's shared link is made (its cover, as a PNG). */
export function activityImagePath(id: string): string {
  return `${activityPath(id)}/${ACTIVITY_IMAGE_FILE}`;
}

/**
 * The same as a route pattern (`/wuyou/:id/cover.png`), for the servers that answer it: written at build and served
 * as a file where it is there, drawn by the render server otherwise.
 */
export const ACTIVITY_IMAGE_ROUTE = `${ACTIVITY_ROUTE}/${ACTIVITY_IMAGE_FILE}`;

const ok = () => 200 as const;

function homeHead({ config }: HeadContext): PageHead {
  const { company } = config.contact;
  return {
    title: `${company} - 教师研训、精品课程与智慧教育服务`,
    description: `${company}为中小学校与教师提供研训体系、精品课程、智慧云平台、课堂观测评价与项目合作服务。`,
    canonicalPath: '/',
    jsonLd: [],
  };
}

interface CourseSummary {
  title: string;
  summary: string;
}

/** The course list the page shows (whichever page of it), for its structured data. */
function shownCourses(data: HeadContext['data']): CourseSummary[] {
  const entry = Object.entries(data.toJSON()).find(([key, value]) => key.startsWith(COURSES_KEY_PREFIX) && value.ok);
  const list = entry?.[1].ok ? (entry[1].data as { list?: unknown }).list : undefined;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    const course = item as Partial<CourseSummary> | null;
    return course && typeof course.title === 'string' ? [{ title: course.title, summary: String(course.summary ?? '') }] : [];
  });
}

function coursesJsonLd(courses: CourseSummary[], { config, siteUrl }: HeadContext): object[] {
  if (!courses.length) return [];
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      itemListElement: courses.map((course, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        item: {
          '@type': 'Course',
          name: course.title,
          description: course.summary,
          provider: { '@type': 'Organization', name: config.contact.company, sameAs: `${siteUrl}/` },
        },
      })),
    },
  ];
}

function aboutHead(context: HeadContext): PageHead {
  const section = aboutSectionFromPath(context.pathname);
  const { company } = context.config.contact;
  return {
    title: `${aboutSectionTitle(section)} - ${company}`,
    description: `${company}：${aboutSectionTitle(section)}。面向中小学校与教师的研训、课程与评价服务。`,
    canonicalPath: aboutPath(section),
    jsonLd: section === 3 ? coursesJsonLd(shownCourses(context.data), context) : [],
  };
}

function searchHead({ pathname, params, config }: HeadContext): PageHead {
  const keyword = params.keyword ?? '';
  const subject = keyword.trim() === '' ? '搜索' : `“${keyword}”的搜索结果`;
  return {
    title: `${subject} - ${config.contact.company}`,
    description: `在${config.contact.company}搜索课程与专家。`,
    canonicalPath: pathname,
    noindex: true,
    jsonLd: [],
  };
}

/** The activity of an activity page, or why there is none (`null` while it is not known yet). */
function activityOf({ params, data }: HeadContext): Activity | keyof typeof ACTIVITY_PROBLEM_TITLES | null {
  const id = params.id ?? '';
  if (!isActivityId(id)) return 'invalid';
  const entry = data.get(PAGE_DATA_KEYS.activity(id));
  if (!entry) return null;
  if (!entry.ok) return entry.error.kind === 'envelope' ? 'notFound' : 'unavailable';
  return parseActivity(entry.data) ?? 'unavailable';
}

function eventJsonLd(activity: Activity, { config, siteUrl }: HeadContext, id: string): object {
  const startDate = isoChinaTime(activity.startTime);
  const endDate = isoChinaTime(activity.endTime);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: activity.title,
    description: activityDescription(activity),
    ...(startDate ? { startDate } : {}),
    ...(endDate ? { endDate } : {}),
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    location: { '@type': 'Place', name: activity.place || config.contact.address, address: activity.place || config.contact.address },
    organizer: { '@type': 'Organization', name: activity.organizer || config.contact.company, url: `${siteUrl}/` },
    image: [`${siteUrl}${activityImagePath(id)}`],
    url: `${siteUrl}${activityPath(id)}`,
  };
}

function activityHead(context: HeadContext): PageHead {
  const { company } = context.config.contact;
  const id = context.params.id ?? '';
  const activity = activityOf(context);
  const canonicalPath = activityPath(id);
  if (activity === null || typeof activity === 'string') {
    return {
      title: `${activity ? ACTIVITY_PROBLEM_TITLES[activity] : '活动'} - ${company}`,
      description: `${company}活动报名与详情。`,
      canonicalPath,
      noindex: activity !== null,
      jsonLd: [],
    };
  }
  return {
    title: `${activity.title} - ${company}`,
    description: activityDescription(activity),
    canonicalPath,
    image: { path: activityImagePath(id), alt: activity.title },
    jsonLd: [eventJsonLd(activity, context, id)],
  };
}

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
}

/**
 * The route of a path (as the address bar holds it, percent-encoded) and its params, chosen the way the shell's
 * routes choose in the browser (React Router's ranking and matching), so the server and the build agree with it.
 */
export function routeOf(pathname: string): RouteMatch {
  const matches = matchRoutes(ROUTE_OBJECTS, decodablePath(pathname)) ?? [];
  const match = matches[matches.length - 1];
  return { route: routeById((match?.route.id ?? 'other') as RouteId), params: match?.params ?? {} };
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

/** The organisation behind the site, on every page. */
export function organizationJsonLd({ config, siteUrl }: Pick<HeadContext, 'config' | 'siteUrl'>): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: config.contact.company,
    url: `${siteUrl}/`,
    logo: `${siteUrl}${SITE_IMAGE.path}`,
    telephone: config.contact.hotline,
    email: config.contact.email,
    address: { '@type': 'PostalAddress', streetAddress: config.contact.address, addressCountry: 'CN' },
  };
}
