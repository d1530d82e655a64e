import { useCallback, useEffect, useState } from 'react';
import {
  api,
  isApiError,
  MESSAGES,
  readPrerendered,
  rememberForPrerender,
  type Course,
  type CourseList,
} from '@wenrun/shared';
import type { CourseQuery } from './courseQuery';

export type CourseListState =
  | { status: 'loading'; categories: string[] }
  /** `key`: which question `data` answers (see `queryKey`). */
  | { status: 'ready'; data: CourseList; key: string }
  | { status: 'error'; message: string; categories: string[] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The site must work against any server that keeps the contract (DESIGN.md), so the reply is checked before it
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

/** One page of one category at one size: the prerendered page keeps its data under this key. */
export function queryKey({ page, category }: CourseQuery, pageSize: number): string {
  return `about.courses:${pageSize}:${page}:${category}`;
}

/** A prerendered course page starts from the list it was made with, so taking it over shows the same cards. */
function initialState(query: CourseQuery, pageSize: number): CourseListState {
  const key = queryKey(query, pageSize);
  const data = readCourseList(readPrerendered<unknown>(key), query, pageSize);
  return data ? { status: 'ready', data, key } : { status: 'loading', categories: [] };
}

/** Showing the answer to this very question: a fresh one replaces it quietly, a failure leaves it. */
function answers(state: CourseListState, key: string): boolean {
  return state.status === 'ready' && state.key === key;
}

function categoriesOf(state: CourseListState): string[] {
  return state.status === 'ready' ? state.data.categories : state.categories;
}

/**
 * One page of the premium-course list (`wenrun/getWenRunCourseList1.0`). Errors are shown in place with a
 * retry, so the shared client is asked not to toast them too. Known categories stay known while the next page
 * loads or fails, so the filter does not disappear under the visitor's finger.
 */
export function useCourseList(query: CourseQuery, pageSize: number) {
  const [state, setState] = useState<CourseListState>(() => initialState(query, pageSize));
  const [attempt, setAttempt] = useState(0);
  const { page, category } = query;

  useEffect(() => {
    const controller = new AbortController();
    const key = queryKey({ page, category }, pageSize);
    setState((previous) => (answers(previous, key) ? previous : { status: 'loading', categories: categoriesOf(previous) }));
    api
      .courseList(
        { page, pageSize, ...(category ? { category } : {}) },
        { hideError: true, signal: controller.signal },
      )
      .then(
        (data) => {
          if (controller.signal.aborted) return;
          const list = readCourseList(data, { page, category }, pageSize);
          if (list) rememberForPrerender(key, list);
          setState((previous) => {
            if (list) return { status: 'ready', data: list, key };
            if (answers(previous, key)) return previous;
            return { status: 'error', message: MESSAGES.badResponse, categories: categoriesOf(previous) };
          });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const message = isApiError(error) ? error.message : MESSAGES.network;
          setState((previous) =>
            answers(previous, key) ? previous : { status: 'error', message, categories: categoriesOf(previous) },
          );
        },
      );
    return () => controller.abort();
  }, [page, category, pageSize, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
