/**
 * The render servers' own metrics for the ops console, read by the reference API from each server's `/metrics`
 * (Prometheus text format, on loopback) and handed on as this small JSON, under its admin prefix (and `/__dev` in
 * demo mode): the console never reaches a render server itself.
 */
export const RENDER_SERVER_METRICS_PATH = '/render-server-metrics';

/**
 * What became of a page asked of a render server (its `render_pages_total{outcome}`): one list for the server that
 * counts and the console that names each in Chinese.
 */
export const RENDER_PAGE_OUTCOMES = ['rendered', 'slot_fallback', 'timed_out', 'unavailable', 'redirect'] as const;
export type RenderPageOutcome = (typeof RENDER_PAGE_OUTCOMES)[number];

export interface RenderServerMetrics {
  /** Each `/metrics` address asked, and why it gave nothing when it did not. */
  servers: { url: string; problem?: string }[];
  /** Whether any server exposed the render metrics at all (older servers have no `/metrics`). */
  metricsFound: boolean;
  /**
   * Per route, named by its path pattern (`/wuyou/:id`, `*` for any other path): pages by outcome, and the 95th
   * percentile of the render time (upper bound of its bucket). The servers' own `/metrics` route is not a page.
   */
  routes: { route: string; outcomes: Record<string, number>; p95Ms?: number }[];
  /** Slots the render servers could not render with a remote's build, so left to the browser. */
  fallbacks: { remote: string; version: string; count: number }[];
  cache: { hits: number; misses: number };
}
