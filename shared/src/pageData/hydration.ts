import { useSyncExternalStore } from 'react';
import { usePageDataStore } from './context';

const subscribeNever = () => () => undefined;

/**
 * False while the server renders and while the browser hydrates that markup, true from then on: React renders
 * again by itself once hydration is done. What the server cannot know (storage, the window's size or scroll,
 * the visitor's clock) is read only when this is true, so the first render in the browser matches the server's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeNever, () => true, () => false);
}

/** "Now" for what a page shows about time: the render's moment until the page is the browser's, then the clock. */
export function useNow(): Date {
  const store = usePageDataStore();
  return useHydrated() ? new Date() : store.renderedAt;
}

/**
 * Text a visitor typed into a server-rendered field before the page was hydrated stays in the field (React keeps
 * it) but is not in the app's state. Called after a render with what that render showed, it takes such text over.
 */
export function takeTypedValue(field: { value: string } | null | undefined, shown: string, adopt: (typed: string) => void): void {
  if (field && field.value !== shown) adopt(field.value);
}
