import { useEffect, useState } from 'react';
import { api, type SearchResult } from '@wenrun/shared';

export const SEARCH_PAGE_SIZE = 10;

export type SearchState =
  | { status: 'loading' }
  | { status: 'done'; result: SearchResult }
  | { status: 'failed'; message: string };

/** Runs `websiteSearch1.0` for a keyword and page; `retry` runs it again after a failure. */
export function useSearch(keyword: string, page: number) {
  const [state, setState] = useState<SearchState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    api
      .search({ keyword, page, pageSize: SEARCH_PAGE_SIZE }, { hideError: true, signal: controller.signal })
      .then(
        (result) => setState({ status: 'done', result }),
        (error: Error) => {
          if (!controller.signal.aborted) setState({ status: 'failed', message: error.message });
        },
      );
    return () => controller.abort();
  }, [keyword, page, attempt]);

  return { state, retry: () => setAttempt((n) => n + 1) };
}
