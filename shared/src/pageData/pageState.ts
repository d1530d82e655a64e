import type { PageDataEntry } from './PageDataStore';

/** The element of a server-rendered page that carries what it was rendered with (`application/json`: data, not code). */
export const PAGE_STATE_ID = 'page-state';

export interface PageState {
  /** The page's data, by key, as the render had it. */
  data: Record<string, PageDataEntry>;
  /** Remote slots (`header/Header`) the server could not render: the browser starts them as failed and retries. */
  failedSlots: string[];
  /** ISO time of the render. */
  renderedAt: string;
  /**
   * The runtime config the page was rendered with (public: addresses and contact details). The browser falls back
   * to it when `runtime-config.json` cannot be read, rather than to defaults meant for a developer machine.
   */
  config?: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isEntry(value: unknown): value is PageDataEntry {
  if (!isRecord(value)) return false;
  if (value.ok === true) return 'data' in value;
  return value.ok === false && isRecord(value.error) && typeof value.error.kind === 'string' && typeof value.error.message === 'string';
}

/** Checks what a page carries like any input: a page whose state is unusable is rendered afresh, not hydrated. */
export function parsePageState(text: string): PageState | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(raw) || !isRecord(raw.data) || !Array.isArray(raw.failedSlots) || typeof raw.renderedAt !== 'string') return null;
  if (!Object.values(raw.data).every(isEntry)) return null;
  if (!raw.failedSlots.every((slot) => typeof slot === 'string')) return null;
  if (Number.isNaN(Date.parse(raw.renderedAt))) return null;
  return {
    data: raw.data as Record<string, PageDataEntry>,
    failedSlots: raw.failedSlots as string[],
    renderedAt: raw.renderedAt,
    ...(raw.config === undefined ? {} : { config: raw.config }),
  };
}

/** What the server-rendered page in this document carries, or `null` for a page rendered in the browser. */
export function readPageState(document: Document): PageState | null {
  const text = document.getElementById(PAGE_STATE_ID)?.textContent;
  if (!text) return null;
  const state = parsePageState(text);
  if (!state) console.warn('[hydration] 页面携带的数据无法解析，页面将在浏览器中重新渲染');
  return state;
}
