import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { MESSAGES } from '../constants';
import { usePageDataStore } from './context';
import { failureOf, type PageDataEntry, type PageDataFailure, type PageDataLoader } from './PageDataStore';

export type PageDataState<T> =
  | { status: 'loading' }
  /** `key`: which question `data` answers. */
  | { status: 'ready'; data: T; key: string }
  | { status: 'failed'; error: PageDataFailure; key: string };

/** Checks a reply's shape like any API answer; `null` when it cannot be shown. */
export type PageDataParser<T> = (raw: unknown) => T | null;

function stateOf<T>(key: string, entry: PageDataEntry, parse: PageDataParser<T>): PageDataState<T> {
  if (!entry.ok) return { status: 'failed', error: entry.error, key };
  const data = parse(entry.data);
  return data === null
    ? { status: 'failed', error: { kind: 'format', message: MESSAGES.badResponse }, key }
    : { status: 'ready', data, key };
}

const LOADING = { status: 'loading' } as const;

/**
 * The one way a page gets its data: `key` names the question (`null`: nothing to ask, e.g. a malformed id),
 * `load` asks the API with the options it is given, `parse` checks the reply.
 *
 * - On the server the render suspends until the answer is in the page's store, and renders with it.
 * - In the browser the first render shows what the page carried (no second request for it); a key the page did
 *   not carry is loaded, and what was shown stays while the same question is asked again. `retry` asks again.
 */
export function usePageData<T>(key: string | null, load: PageDataLoader, parse: PageDataParser<T>) {
  const store = usePageDataStore();
  const entry = key === null ? undefined : store.get(key);
  if (store.side === 'server' && key !== null && !entry) throw store.load(key, load);

  const [state, setState] = useState<PageDataState<T>>(() => (key !== null && entry ? stateOf(key, entry, parse) : LOADING));
  const [attempt, setAttempt] = useState(0);
  // The latest functions, without making every render of the caller a new question.
  const latest = useRef({ load, parse });
  latest.current = { load, parse };

  useEffect(() => {
    if (key === null) return undefined;
    if (attempt === 0 && store.claim(key)) return undefined;
    const controller = new AbortController();
    setState((current) => (current.status === 'ready' && current.key === key ? current : LOADING));
    // docs/SPEC.md §8: a failure the visitor's browser meets is also a toast; the page shows it in place too.
    latest.current.load({ signal: controller.signal }).then(
      (data: unknown) => {
        if (controller.signal.aborted) return;
        const fresh: PageDataEntry = { ok: true, data };
        store.set(key, fresh);
        setState(stateOf(key, fresh, latest.current.parse));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const failed: PageDataEntry = { ok: false, error: failureOf(error) };
        store.set(key, failed);
        setState(stateOf(key, failed, latest.current.parse));
      },
    );
    return () => controller.abort();
  }, [key, attempt, store]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}

/** The page's store as it changes, for what is derived from all of it (the page's head). */
export function usePageDataRevision(): number {
  const store = usePageDataStore();
  return useSyncExternalStore(store.subscribe, store.getRevision, store.getRevision);
}
