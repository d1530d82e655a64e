import { useCallback, useEffect, useState } from 'react';
import { api, type HomeContent } from '@wenrun/shared';

export type HomeContentState =
  | { status: 'loading' }
  | { status: 'ready'; content: HomeContent }
  | { status: 'failed'; message: string };

/** The home page's content from `websiteIntegrateApi1.0`; `retry` asks again after a failure. */
export function useHomeContent() {
  const [state, setState] = useState<HomeContentState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    // The page shows its own notice when this fails; a toast on top would say it twice.
    api.integrate({ hideError: true, signal: controller.signal }).then(
      (content) => setState({ status: 'ready', content }),
      (error: Error) => {
        if (!controller.signal.aborted) setState({ status: 'failed', message: error.message });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
