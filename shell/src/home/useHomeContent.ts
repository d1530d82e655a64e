import { useCallback, useEffect, useState } from 'react';
import { api, readPrerendered, rememberForPrerender, type HomeContent } from '@wenrun/shared';

export type HomeContentState =
  | { status: 'loading' }
  | { status: 'ready'; content: HomeContent }
  | { status: 'failed'; message: string };

const PRERENDER_KEY = 'home';

function isHomeContent(value: unknown): value is HomeContent {
  const content = value as Partial<HomeContent> | undefined;
  return !!content && [content.banners, content.courses, content.experts, content.news, content.partners].every(Array.isArray);
}

/**
 * The home page's content from `websiteIntegrateApi1.0`; `retry` asks again after a failure. A prerendered page
 * starts from the content it was made with; the fresh reply replaces it, and a failure then changes nothing.
 */
export function useHomeContent() {
  const [state, setState] = useState<HomeContentState>(() => {
    const prerendered = readPrerendered<unknown>(PRERENDER_KEY);
    return isHomeContent(prerendered) ? { status: 'ready', content: prerendered } : { status: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    // The page shows its own notice when this fails; a toast on top would say it twice.
    api.integrate({ hideError: true, signal: controller.signal }).then(
      (content) => {
        rememberForPrerender(PRERENDER_KEY, content);
        setState({ status: 'ready', content });
      },
      (error: Error) => {
        if (controller.signal.aborted) return;
        setState((current) => (current.status === 'ready' ? current : { status: 'failed', message: error.message }));
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
