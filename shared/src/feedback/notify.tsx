import type { ToastOptions } from 'react-hot-toast';
import { TOAST_DURATION_MS } from '../constants';
import { ObservedValue, useObservedValue } from '../observedValue';

type ToastLibrary = typeof import('react-hot-toast');
type Kind = 'success' | 'error' | 'info';

/** react-hot-toast, fetched with the first message: most page views show none. */
const library = new ObservedValue<ToastLibrary | null>(null);
/** A message shown without the library, when it could not be fetched (most often the network is what failed). */
const unstyled = new ObservedValue<string | null>(null);
let fetching: Promise<ToastLibrary> | undefined;

function fetchLibrary(): Promise<ToastLibrary> {
  fetching ??= import(/* webpackChunkName: "toasts" */ 'react-hot-toast').then(
    (module) => {
      library.set(module);
      return module;
    },
    (error: unknown) => {
      fetching = undefined;
      throw error;
    },
  );
  return fetching;
}

function show(kind: Kind, message: string): void {
  fetchLibrary().then(
    ({ default: toast }) => {
      const options: ToastOptions = { id: `${kind}:${message}` };
      if (kind === 'info') toast(message, options);
      else toast[kind](message, options);
    },
    () => {
      unstyled.set(message);
      setTimeout(() => {
        if (unstyled.get() === message) unstyled.set(null);
      }, TOAST_DURATION_MS);
    },
  );
}

/**
 * App-wide messages (docs/SPEC.md §2, §9): one toaster, rendered once by the shell (or a remote's standalone page),
 * stacked at the top right, 3000 ms by default. Remotes call `notify` through `shared`, so every message lands
 * in that one stack.
 */
export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};

export function Notifications() {
  const loaded = useObservedValue(library, null);
  const fallback = useObservedValue(unstyled, null);
  if (!loaded) {
    return fallback ? (
      <div className="notify-unstyled" role="alert">
        {fallback}
      </div>
    ) : null;
  }
  return (
    <loaded.Toaster
      position="top-right"
      containerClassName="app-toasts"
      gutter={8}
      containerStyle={{ top: 72 }}
      toastOptions={{ duration: TOAST_DURATION_MS, ariaProps: { role: 'status', 'aria-live': 'polite' } }}
    />
  );
}
