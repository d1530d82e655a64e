import { useCallback, useEffect, useRef, useState } from 'react';
import {
  api,
  PAGE_DATA_KEYS,
  usePageData,
  validateSearchText,
  type Course,
  type Expert,
  type Paged,
  type SearchResult,
  type SearchScope,
} from '@wenrun/shared';

export const SEARCH_PAGE_SIZE = 10;

export type GroupKey = 'courses' | 'experts';

/** Each group pages on its own: its later pages are asked for with the scope of that group alone. */
const GROUP_SCOPE: Record<GroupKey, SearchScope> = { courses: 'course', experts: 'expert' };

export interface GroupState<T> {
  result: Paged<T>;
  /** Another page of this group on its way (`failed` null) or refused (`failed` says why, in Chinese). */
  pending: { page: number; failed: string | null } | null;
}

export interface Groups {
  courses: GroupState<Course>;
  experts: GroupState<Expert>;
}

export type SearchState =
  | { status: 'invalid'; message: string }
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | ({ status: 'done' } & Groups);

function messageOf(error: unknown): string {
  // The shared client rejects with Chinese messages fit to show.
  return error instanceof Error ? error.message : String(error);
}

function isPaged(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Array.isArray((value as { list?: unknown }).list);
}

/** The reply is checked before it is drawn (docs/ARCHITECTURE.md: any server that keeps the contract). */
function searchResult(value: unknown): SearchResult | null {
  const result = value as Partial<SearchResult> | null;
  return result && isPaged(result.courses) && isPaged(result.experts) ? (result as SearchResult) : null;
}

/**
 * `websiteSearch1.0` for one keyword: both groups' first pages in one call (the page's data: rendered on the
 * server, carried in the page), then each group's other pages on demand. A keyword the API would refuse is not
 * sent. Answers for an older page or attempt are dropped. The caller gives each keyword its own instance (a React
 * key), so no state of another keyword is ever shown.
 */
export function useSearchResults(keyword: string) {
  const problem = validateSearchText(keyword);
  const { state: first, retry: retryFirst } = usePageData(
    problem ? null : PAGE_DATA_KEYS.search(keyword),
    (options) => api.search({ keyword, page: 1, pageSize: SEARCH_PAGE_SIZE, scope: 'all' }, options),
    searchResult,
  );
  /** Groups paged away from the first answer. */
  const [paged, setPaged] = useState<Partial<Groups>>({});
  const groupCalls = useRef(new Map<GroupKey, AbortController>());

  useEffect(() => {
    const calls = groupCalls.current;
    return () => {
      calls.forEach((call) => call.abort());
      calls.clear();
    };
  }, []);

  let state: SearchState;
  if (problem) state = { status: 'invalid', message: problem };
  else if (first.status === 'loading') state = { status: 'loading' };
  else if (first.status === 'failed') state = { status: 'failed', message: first.error.message };
  else {
    state = {
      status: 'done',
      courses: paged.courses ?? { result: first.data.courses, pending: null },
      experts: paged.experts ?? { result: first.data.experts, pending: null },
    };
  }
  const shown = useRef(state);
  shown.current = state;

  const showPage = useCallback(
    <K extends GroupKey>(key: K, page: number) => {
      groupCalls.current.get(key)?.abort();
      const controller = new AbortController();
      groupCalls.current.set(key, controller);
      const update = (change: (group: Groups[K]) => Groups[K]) =>
        setPaged((current) => {
          const visible = shown.current;
          if (visible.status !== 'done') return current;
          return { ...current, [key]: change((current[key] ?? visible[key]) as Groups[K]) };
        });

      update((group) => ({ ...group, pending: { page, failed: null } }));
      api
        .search(
          { keyword, page, pageSize: SEARCH_PAGE_SIZE, scope: GROUP_SCOPE[key] },
          { signal: controller.signal },
        )
        .then(
          (result) => {
            if (!controller.signal.aborted) update(() => ({ result: result[key], pending: null }) as Groups[K]);
          },
          (error: unknown) => {
            if (!controller.signal.aborted) update((group) => ({ ...group, pending: { page, failed: messageOf(error) } }));
          },
        );
    },
    [keyword],
  );

  const retry = useCallback(() => {
    setPaged({});
    retryFirst();
  }, [retryFirst]);

  return { state, retry, showPage };
}
