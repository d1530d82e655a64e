import { useLocation, useSearchParams } from 'react-router-dom';

/** Nine cards fill three rows of three on a wide screen and divide evenly into one or two columns. */
export const COURSE_PAGE_SIZE = 9;

export interface CourseQuery {
  page: number;
  /** '' means every category. */
  category: string;
}

const PAGE_PATTERN = /^[1-9]\d{0,2}$/;
const CATEGORY_MAX_CHARS = 50;

/**
 * The course list's page and category live in the address (`?category=…&page=…`), so a link can be shared and
 * the back button steps through pages. Anything unusable there means the first page of every category.
 */
export function readCourseQuery(params: URLSearchParams): CourseQuery {
  const page = params.get('page') ?? '';
  return {
    page: PAGE_PATTERN.test(page) ? Number(page) : 1,
    category: (params.get('category') ?? '').trim().slice(0, CATEGORY_MAX_CHARS),
  };
}

/** The search part of the address for a query; the defaults are left out so that the plain path stays plain. */
export function courseQuerySearch({ page, category }: CourseQuery): string {
  const params = new URLSearchParams();
  if (category) params.set('category', category);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

export function useCourseQuery(): CourseQuery {
  return readCourseQuery(useSearchParams()[0]);
}

/** The address of a query on the page the visitor is on (the section's path, the query's search part). */
export function useCourseQueryLink(): (query: CourseQuery) => string {
  const path = useLocation().pathname;
  return (query) => `${path}${courseQuerySearch(query)}`;
}
