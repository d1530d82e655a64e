import type { Params } from 'react-router-dom';
import { parseActivity } from '../activity/parseActivity';
import { activityDescription } from '../activity/description';
import { isActivityId } from '../activity/ids';
import { ACTIVITY_PROBLEM_TITLES } from '../activity/problems';
import { isoChinaTime } from '../activity/schedule';
import type { Activity } from '../api/types';
import type { RuntimeConfig } from '../config/runtimeConfig';
import { aboutPath, aboutSectionFromPath, aboutSectionTitle } from '../content/aboutSections';
import { ACTIVITY_ROUTE, activityPath } from '../content/routes';
import type { PageDataEntry } from '../pageData/PageDataStore';
import { COURSES_KEY_PREFIX, PAGE_DATA_KEYS } from './pageDataKeys';

/**
 * The head of each page of the route manifest: its title, description, canonical address, picture for shared links
 * and structured data, made from where the page is and the data it shows.
 */

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

export function homeHead({ config }: HeadContext): PageHead {
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

export function aboutHead(context: HeadContext): PageHead {
  const section = aboutSectionFromPath(context.pathname);
  const { company } = context.config.contact;
  return {
    title: `${aboutSectionTitle(section)} - ${company}`,
    description: `${company}：${aboutSectionTitle(section)}。面向中小学校与教师的研训、课程与评价服务。`,
    canonicalPath: aboutPath(section),
    jsonLd: section === 3 ? coursesJsonLd(shownCourses(context.data), context) : [],
  };
}

export function searchHead({ pathname, params, config }: HeadContext): PageHead {
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

export function activityHead(context: HeadContext): PageHead {
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
