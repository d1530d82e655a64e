/**
 * The data a prerendered page was made with travels inside the page, so that taking it over needs no second
 * request to show the same thing. Pages remember what they fetched (the prerender step collects it); on a
 * prerendered page they start from it and let fresher data replace it quietly.
 */
export const PRERENDER_DATA_ID = 'prerender-data';

const remembered: Record<string, unknown> = {};
let embedded: Record<string, unknown> | undefined;

function embeddedData(): Record<string, unknown> {
  if (embedded) return embedded;
  embedded = {};
  if (typeof document === 'undefined') return embedded;
  const element = document.getElementById(PRERENDER_DATA_ID);
  if (!element?.textContent) return embedded;
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) embedded = parsed as Record<string, unknown>;
  } catch {
    console.warn('[prerender] 页面内的预渲染数据无法解析，已忽略');
  }
  return embedded;
}

/** What the prerendered page was made with under `key`; the caller checks its shape like any API reply. */
export function readPrerendered<T>(key: string): T | undefined {
  return embeddedData()[key] as T | undefined;
}

/** Records data a page was rendered from, for the prerender step to embed. */
export function rememberForPrerender(key: string, data: unknown): void {
  remembered[key] = data;
}

/** Read by the prerender step from the rendered page. */
export function rememberedForPrerender(): Record<string, unknown> {
  return remembered;
}

if (typeof window !== 'undefined') {
  (window as unknown as { __WENRUN_PRERENDER__?: () => Record<string, unknown> }).__WENRUN_PRERENDER__ =
    rememberedForPrerender;
}
