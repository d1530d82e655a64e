/**
 * The names under which a page's data travels in the page (see pageData/). Written once: the page that loads the
 * data and the head that describes it must ask for the same key.
 */
export const PAGE_DATA_KEYS = {
  home: 'home',
  activity: (id: string) => `activity:${id}`,
  /** One page of one category of the premium-course list, at one page size. */
  courses: (pageSize: number, page: number, category: string) => `courses:${pageSize}:${page}:${category}`,
  search: (keyword: string) => `search:${keyword}`,
} as const;

export const COURSES_KEY_PREFIX = 'courses:';
