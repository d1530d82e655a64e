import type { WindowLike } from 'dompurify';

/**
 * The window DOMPurify works in. In the browser, the page's own; the server build resolves `domWindow.server.ts`
 * instead (webpack.common.ts prefers `.server` files there), so the same sanitiser runs on both sides and the
 * server's markup is the browser's.
 */
export const domWindow: WindowLike = window;
