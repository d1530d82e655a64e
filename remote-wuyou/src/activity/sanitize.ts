import DOMPurify from 'dompurify';
import { domWindow } from './domWindow';

/**
 * Rich text from the API goes through DOMPurify before it touches the DOM: no scripts, no event handlers, no
 * `javascript:` links. Links that stay open in a new tab without giving it our window.
 */
const purifier = DOMPurify(domWindow);
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

export function sanitizeHtml(html: string): string {
  return purifier.sanitize(html, {
    ALLOWED_TAGS: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'blockquote', 'span'],
    ALLOWED_ATTR: ['href', 'title'],
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The API's answer with the HTML of every text block sanitised; the rest as it came (`parseActivity` checks it).
 * Applied where the answer enters the page's data, so what a server-rendered page carries is already safe.
 */
export function sanitizeActivityAnswer(answer: unknown): unknown {
  if (!isRecord(answer) || !Array.isArray(answer.blocks)) return answer;
  const blocks = answer.blocks.map((block: unknown) =>
    isRecord(block) && block.type === 'text' && typeof block.html === 'string' ? { ...block, html: sanitizeHtml(block.html) } : block,
  );
  return { ...answer, blocks };
}
