import type {
  Activity,
  ActivityBlock,
  ActivityList,
  ActivitySignUp,
  ActivitySummary,
  CourseList,
  HomeContent,
} from '@wenrun/shared/node';
import type { Db } from './database';

/** The columns of a course and of an expert as the site's types name them (shared/src/api/types.ts). */
export const COURSE_COLUMNS = ['c.id', 'c.title', 'c.category', 'c.lecturer', 'c.lessons', 'c.summary', 'c.cover'] as const;
export const EXPERT_COLUMNS = ['e.id', 'e.name', 'e.title', 'e.organization', 'e.field', 'e.intro', 'e.avatar'] as const;

export const HOME_LIMITS = { banners: 3, courses: 8, experts: 6, news: 5, partners: 12 } as const;

const ACTIVITY_SUMMARY = ['id', 'title', 'cover', 'start_time as startTime', 'end_time as endTime', 'updated_at as updatedAt'] as const;

/** Read-only demo content: home page, course list, activities and images. */
export async function createContentStore({ kysely }: Db) {
  async function readHome(): Promise<HomeContent> {
    const [banners, courses, experts, news, partners] = await Promise.all([
      kysely.selectFrom('banners').selectAll().orderBy('id').limit(HOME_LIMITS.banners).execute(),
      kysely.selectFrom('courses as c').select(COURSE_COLUMNS).where('c.highlighted', '=', 1).orderBy('c.id').limit(HOME_LIMITS.courses).execute(),
      kysely.selectFrom('experts as e').select(EXPERT_COLUMNS).where('e.featured', '=', 1).orderBy('e.id').limit(HOME_LIMITS.experts).execute(),
      kysely.selectFrom('news').selectAll().orderBy('date', 'desc').orderBy('id').limit(HOME_LIMITS.news).execute(),
      kysely.selectFrom('partners').selectAll().orderBy('id').limit(HOME_LIMITS.partners).execute(),
    ]);
    return { banners, courses, experts, news, partners };
  }

  // The content only changes when the seed runs, which happens before the server starts listening.
  const home = await readHome();
  const categoryNames = (await kysely.selectFrom('categories').select('name').orderBy('sort').execute()).map((row) => row.name);

  return {
    home: (): HomeContent => home,

    /** An unknown category is not an error: it simply has no courses. */
    async courseList(category: string | null, page: number, pageSize: number): Promise<CourseList> {
      const inCategory = kysely.selectFrom('courses as c').$if(category !== null, (query) => query.where('c.category', '=', category ?? ''));
      const [counted, list] = await Promise.all([
        inCategory.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
        inCategory.select(COURSE_COLUMNS).orderBy('c.id').limit(pageSize).offset((page - 1) * pageSize).execute(),
      ]);
      return { list, total: Number(counted?.total ?? 0), page, pageSize, categories: categoryNames };
    },

    async activity(id: number): Promise<Activity | undefined> {
      const row = await kysely
        .selectFrom('activities')
        .select([...ACTIVITY_SUMMARY, 'subtitle', 'place', 'organizer', 'blocks', 'sign_up as signUp'])
        .where('id', '=', id)
        .where('online', '=', 1)
        .executeTakeFirst();
      if (!row) return undefined;
      const { id: rowId, title, subtitle, startTime, endTime, place, organizer, cover, updatedAt } = row;
      return {
        id: rowId,
        title,
        subtitle,
        startTime,
        endTime,
        place,
        organizer,
        cover,
        blocks: JSON.parse(row.blocks) as ActivityBlock[],
        signUp: JSON.parse(row.signUp) as ActivitySignUp,
        updatedAt,
      };
    },

    /** The activities that are online, a page at a time (the list form of activityPageList1.0). */
    async activityList(page: number, size: number): Promise<ActivityList> {
      const online = kysely.selectFrom('activities').where('online', '=', 1);
      const [counted, list] = await Promise.all([
        online.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
        online.select(ACTIVITY_SUMMARY).orderBy('id').limit(size).offset((page - 1) * size).execute(),
      ]);
      return { list: list satisfies ActivitySummary[], total: Number(counted?.total ?? 0), page, size };
    },

    image: async (path: string): Promise<string | undefined> =>
      (await kysely.selectFrom('images').select('svg').where('path', '=', path).executeTakeFirst())?.svg,
  };
}

export type ContentStore = Awaited<ReturnType<typeof createContentStore>>;
