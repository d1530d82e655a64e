import { useCallback, useEffect, useRef, useState } from 'react';
import {
  api,
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

function withGroup<K extends GroupKey>(state: SearchState, key: K, group: Groups[K]): SearchState {
  if (state.status !== 'done') return state;
  return key === 'courses'
    ? { ...state, courses: group as GroupState<Course> }
    : { ...state, experts: group as GroupState<Expert> };
}

function messageOf(error: unknown): string {
  // The shared client rejects with Chinese messages fit to show.
  return error instanceof Error ? error.message : String(error);
}

function initialState(keyword: string): SearchState {
  const problem = validateSearchText(keyword);
  return problem ? { status: 'invalid', message: problem } : { status: 'loading' };
}

/**
 * `websiteSearch1.0` for one keyword: both groups' first pages in one call, then each group's other pages on
 * demand. A keyword the API would refuse is not sent. Answers for an older page or attempt are dropped. The
 * caller gives each keyword its own instance (a React key), so no state of another keyword is ever shown.
 */
export function useSearchResults(keyword: string) {
  const [state, setState] = useState<SearchState>(() => initialState(keyword));
  const [attempt, setAttempt] = useState(0);
  const groupCalls = useRef(new Map<GroupKey, AbortController>());

  useEffect(() => {
    const calls = groupCalls.current;
    if (validateSearchText(keyword)) return undefined;
    const controller = new AbortController();
    api
      .search({ keyword, page: 1, pageSize: SEARCH_PAGE_SIZE, scope: 'all' }, { hideError: true, signal: controller.signal })
      .then(
        (result: SearchResult) => {
          if (controller.signal.aborted) return;
          setState({
            status: 'done',
            courses: { result: result.courses, pending: null },
            experts: { result: result.experts, pending: null },
          });
        },
        (error: unknown) => {
          if (!controller.signal.aborted) setState({ status: 'failed', message: messageOf(error) });
        },
      );
    return () => {
      controller.abort();
      calls.forEach((call) => call.abort());
      calls.clear();
    };
  }, [keyword, attempt]);

  const showPage = useCallback(
    <K extends GroupKey>(key: K, page: number) => {
      groupCalls.current.get(key)?.abort();
      const controller = new AbortController();
      groupCalls.current.set(key, controller);
      const update = (change: (group: Groups[K]) => Groups[K]) =>
        setState((current) => (current.status === 'done' ? withGroup(current, key, change(current[key])) : current));

      update((group) => ({ ...group, pending: { page, failed: null } }));
      api
        .search(
          { keyword, page, pageSize: SEARCH_PAGE_SIZE, scope: GROUP_SCOPE[key] },
          { hideError: true, signal: controller.signal },
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
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { state, retry, showPage };
}
