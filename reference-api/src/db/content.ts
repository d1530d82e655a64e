import type {
  Activity,
  ActivityBlock,
  ActivityList,
  ActivitySignUp,
  ActivitySummary,
  Banner,
  Course,
  CourseList,
  Expert,
  HomeContent,
  NewsItem,
  Partner,
} from '@wenrun/shared/node';
import type { Db } from './database';

export const COURSE_COLUMNS = 'c.id, c.title, c.category, c.lecturer, c.lessons, c.summary, c.cover';
export const EXPERT_COLUMNS = 'e.id, e.name, e.title, e.organization, e.field, e.intro, e.avatar';

export const HOME_LIMITS = { banners: 3, courses: 8, experts: 6, news: 5, partners: 12 } as const;

interface ActivityRow extends Omit<Activity, 'blocks' | 'signUp'> {
  blocks: string;
  signUp: string;
}

/** Read-only demo content: home page, course list, activities and images. */
export function createContentStore(db: Db) {
  const categories = db.prepare<[], { name: string }>('SELECT name FROM categories ORDER BY sort');
  const countCourses = db.prepare<[{ category: string | null }], { total: number }>(
    'SELECT count(*) AS total FROM courses c WHERE @category IS NULL OR c.category = @category',
  );
  const pageCourses = db.prepare<[{ category: string | null; limit: number; offset: number }], Course>(
    `SELECT ${COURSE_COLUMNS} FROM courses c WHERE @category IS NULL OR c.category = @category
     ORDER BY c.id LIMIT @limit OFFSET @offset`,
  );
  const activity = db.prepare<[number], ActivityRow>(
    `SELECT id, title, subtitle, start_time AS startTime, end_time AS endTime, place, organizer, cover,
            blocks, sign_up AS signUp, updated_at AS updatedAt
       FROM activities WHERE id = ? AND online = 1`,
  );
  const countOnline = db.prepare<[], { total: number }>('SELECT count(*) AS total FROM activities WHERE online = 1');
  const pageOnline = db.prepare<[{ limit: number; offset: number }], ActivitySummary>(
    `SELECT id, title, cover, start_time AS startTime, end_time AS endTime, updated_at AS updatedAt
       FROM activities WHERE online = 1 ORDER BY id LIMIT @limit OFFSET @offset`,
  );
  const image = db.prepare<[string], { svg: string }>('SELECT svg FROM images WHERE path = ?');

  function readHome(): HomeContent {
    return {
      banners: db.prepare<[number], Banner>('SELECT * FROM banners ORDER BY id LIMIT ?').all(HOME_LIMITS.banners),
      courses: db
        .prepare<[number], Course>(`SELECT ${COURSE_COLUMNS} FROM courses c WHERE c.highlighted = 1 ORDER BY c.id LIMIT ?`)
        .all(HOME_LIMITS.courses),
      experts: db
        .prepare<[number], Expert>(`SELECT ${EXPERT_COLUMNS} FROM experts e WHERE e.featured = 1 ORDER BY e.id LIMIT ?`)
        .all(HOME_LIMITS.experts),
      news: db.prepare<[number], NewsItem>('SELECT * FROM news ORDER BY date DESC, id LIMIT ?').all(HOME_LIMITS.news),
      partners: db.prepare<[number], Partner>('SELECT * FROM partners ORDER BY id LIMIT ?').all(HOME_LIMITS.partners),
    };
  }

  // The content only changes when the seed runs, which happens before the server starts listening.
  const home = readHome();
  const categoryNames = categories.all().map((row) => row.name);

  return {
    home: (): HomeContent => home,

    /** An unknown category is not an error: it simply has no courses. */
    courseList(category: string | null, page: number, pageSize: number): CourseList {
      const total = countCourses.get({ category })?.total ?? 0;
      const list = pageCourses.all({ category, limit: pageSize, offset: (page - 1) * pageSize });
      return { list, total, page, pageSize, categories: categoryNames };
    },

    activity(id: number): Activity | undefined {
      const row = activity.get(id);
      if (!row) return undefined;
      return {
        ...row,
        blocks: JSON.parse(row.blocks) as ActivityBlock[],
        signUp: JSON.parse(row.signUp) as ActivitySignUp,
      };
    },

    /** The activities that are online, a page at a time (the list form of activityPageList1.0). */
    activityList(page: number, size: number): ActivityList {
      const total = countOnline.get()?.total ?? 0;
      return { list: pageOnline.all({ limit: size, offset: (page - 1) * size }), total, page, size };
    },

    image: (path: string): string | undefined => image.get(path)?.svg,
  };
}

export type ContentStore = ReturnType<typeof createContentStore>;
