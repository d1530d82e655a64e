import type { WindowLike } from 'dompurify';
import { JSDOM } from 'jsdom';

/** DOMPurify's documented way on Node: one empty jsdom window for the process (it holds no page's data). */
// jsdom's window has every constructor DOMPurify asks for; its types are jsdom's own.
export const domWindow = new JSDOM('').window as unknown as WindowLike;
