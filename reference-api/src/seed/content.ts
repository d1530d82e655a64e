import {
  DEFAULT_RUNTIME_CONFIG,
  type Banner,
  type Course,
  type Expert,
  type NewsItem,
  type Partner,
} from '@wenrun/shared/node';
import {
  accountQrSvg,
  avatarSvg,
  bannerSvg,
  consultSvg,
  courseCoverSvg,
  pictureSvg,
  serviceSvg,
} from '../images/svg';
import { DEMO_ACCOUNTS } from './accounts';
import { ACTIVITIES, type ActivitySeed } from './activities';
import { CATEGORIES, COURSES } from './courses';
import { EXPERTS } from './experts';
import { BANNERS, NEWS, PARTNERS } from './home';
import { OFFICIAL_ACCOUNTS } from './officialAccounts';

export interface CourseRow extends Course {
  highlighted: boolean;
}

export interface ExpertRow extends Expert {
  featured: boolean;
}

/** Everything the seed writes, built in memory first so that it can be compared with what the database holds. */
export interface SeedContent {
  categories: readonly string[];
  courses: CourseRow[];
  experts: ExpertRow[];
  banners: Banner[];
  news: NewsItem[];
  partners: Partner[];
  activities: ActivitySeed[];
  /** URL path (under /images/) -> SVG document. */
  images: Map<string, string>;
}

const CATEGORY_HUES = [212, 152, 188, 332, 28, 262];

function categoryHue(category: string): number {
  return CATEGORY_HUES[CATEGORIES.indexOf(category as (typeof CATEGORIES)[number])] ?? 212;
}

export function buildSeedContent(): SeedContent {
  const images = new Map<string, string>();

  const courses = COURSES.map((course, index): CourseRow => {
    const id = index + 1;
    const cover = `/images/courses/${id}.svg`;
    images.set(cover, courseCoverSvg(course.title, course.category, categoryHue(course.category)));
    return {
      id,
      title: course.title,
      category: course.category,
      lecturer: course.lecturer,
      lessons: course.lessons,
      summary: course.summary,
      cover,
      highlighted: course.highlighted ?? false,
    };
  });

  const experts = EXPERTS.map((expert, index): ExpertRow => {
    const id = index + 1;
    const avatar = `/images/experts/${id}.svg`;
    images.set(avatar, avatarSvg(expert.name, (id * 47) % 360));
    return { id, ...expert, avatar };
  });

  DEMO_ACCOUNTS.forEach((account, index) => {
    if (account.teacherIcon) images.set(account.teacherIcon, avatarSvg(account.schoolName, 200 + index * 60));
  });

  BANNERS.forEach((banner, index) => images.set(banner.image, bannerSvg(banner.title, banner.subtitle, 205 + index * 50)));

  for (const activity of ACTIVITIES) {
    const hue = (activity.id * 67) % 360;
    images.set(activity.cover, pictureSvg(activity.title, hue));
    for (const block of activity.blocks) {
      if (block.type === 'image') images.set(block.src, pictureSvg(block.alt, hue + 20));
    }
  }

  for (const account of OFFICIAL_ACCOUNTS) images.set(`/images/accounts/${account.id}.svg`, accountQrSvg(account.name));
  images.set('/images/service.svg', serviceSvg(DEFAULT_RUNTIME_CONFIG.contact.hotline));
  images.set('/images/consult.svg', consultSvg());

  return {
    categories: CATEGORIES,
    courses,
    experts,
    banners: BANNERS,
    news: NEWS,
    partners: PARTNERS,
    activities: ACTIVITIES,
    images,
  };
}
