import { useEffect, useState } from 'react';
import { api, PAGE_DATA_KEYS, usePageData, type Course, type CourseList } from '@wenrun/shared';
import type { CourseQuery } from './courseQuery';

export type CourseListState =
  | { status: 'loading'; categories: string[] }
  /** `key`: which question `data` answers. */
  | { status: 'ready'; data: CourseList; key: string }
  | { status: 'error'; message: string; categories: string[] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The site must work against any server that keeps the contract (docs/ARCHITECTURE.md), so the reply is checked before it
 * is drawn: a course without an id or a title is left out, a reply without a list is an error the visitor can
 * retry, never a broken page.
 */
export function readCourseList(data: unknown, query: CourseQuery, pageSize: number): CourseList | null {
  if (!isRecord(data) || !Array.isArray(data.list)) return null;
  const list: Course[] = data.list.filter(isRecord).flatMap((item) => {
    const id = Number(item.id);
    const title = text(item.title);
    if (!Number.isFinite(id) || !title) return [];
    const lessons = Number(item.lessons);
    return [
      {
        id,
        title,
        category: text(item.category),
        lecturer: text(item.lecturer),
        lessons: Number.isInteger(lessons) && lessons > 0 ? lessons : 0,
        summary: text(item.summary),
        cover: text(item.cover),
      },
    ];
  });
  const total = Number(data.total);
  const categories = Array.isArray(data.categories)
    ? data.categories.filter((name): name is string => typeof name === 'string' && name.trim() !== '')
    : [];
  return {
    list,
    total: Number.isInteger(total) && total >= 0 ? total : list.length,
    page: query.page,
    pageSize,
    categories,
  };
}

/**
 * One page of the premium-course list (`wenrun/getWenRunCourseList1.0`), the page's data: rendered on the server
 * and carried in the page for the query in the address. An error in the browser is the API client's toast
 * (docs/SPEC.md §8) and is shown in place with a retry. Known categories stay known while the next page loads or fails, so the filter does not disappear under
 * the visitor's finger.
 */
export function useCourseList(query: CourseQuery, pageSize: number) {
  const { page, category } = query;
  const { state: answer, retry } = usePageData(
    PAGE_DATA_KEYS.courses(pageSize, page, category),
    (options) => api.courseList({ page, pageSize, ...(category ? { category } : {}) }, options),
    (data) => readCourseList(data, query, pageSize),
  );
  const [known, setKnown] = useState<string[]>([]);
  const answered = answer.status === 'ready' ? answer.data.categories : null;
  useEffect(() => {
    if (answered?.length) setKnown(answered);
  }, [answered]);

  let state: CourseListState;
  if (answer.status === 'ready') state = { status: 'ready', data: answer.data, key: answer.key };
  else if (answer.status === 'failed') state = { status: 'error', message: answer.error.message, categories: known };
  else state = { status: 'loading', categories: known };
  return { state, retry };
}
