import toast, { Toaster } from 'react-hot-toast';
import { TOAST_DURATION_MS } from '../constants';

/**
 * App-wide messages (docs/SPEC.md §2, §9): one toaster, rendered once by the shell (or a remote's standalone page),
 * stacked at the top right, 3000 ms by default. Remotes call `notify` through `shared`, so every message lands
 * in that one stack.
 */
export const notify = {
  success: (message: string) => toast.success(message, { id: `success:${message}` }),
  error: (message: string) => toast.error(message, { id: `error:${message}` }),
  info: (message: string) => toast(message, { id: `info:${message}` }),
};

export function Notifications() {
  return (
    <Toaster
      position="top-right"
      gutter={8}
      containerStyle={{ top: 72 }}
      toastOptions={{ duration: TOAST_DURATION_MS, ariaProps: { role: 'status', 'aria-live': 'polite' } }}
    />
  );
}
