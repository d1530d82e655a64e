/**
 * The budgets themselves: what each route may send, and the few facts the checks need. The checks are in
 * `checks.ts`, what a page loads in `pageFiles.ts`, the command in `main.ts`.
 */
import type { RouteId } from '@wenrun/shared/node';

export interface RouteBudget {
  /** The page measured for the route: the budget's, the bench's and the byte test's. */
  path: string;
  /** JS + CSS as sent (the build's brotli copies), in KB: CI fails above it. */
  budgetKb: number;
  /** The route's target with the design card's libraries in their roles; the budget comes down to it once met. */
  targetKb: number;
}

/**
 * One measured page per route of the manifest. `other` (any unknown path) is the home page rendered per request:
 * the same files as `/`, so it has no budget of its own. A route that meets its target has the target as its
 * budget; one that does not, what it was measured at (BENCHMARKS.md), so a change that adds bytes fails CI until it
 * is weighed.
 */
export const ROUTE_BUDGETS = {
  home: { path: '/', budgetKb: 160, targetKb: 160 },
  about: { path: '/about/3', budgetKb: 195, targetKb: 195 },
  search: { path: '/search/课程', budgetKb: 175, targetKb: 175 },
  activity: { path: '/wuyou/1', budgetKb: 120, targetKb: 120 },
} as const satisfies Record<Exclude<RouteId, 'other'>, RouteBudget>;

/** The measured pages, in the manifest's order of importance to a visitor: the bench and the byte test read these. */
export const MEASURED_PATHS: readonly string[] = Object.values(ROUTE_BUDGETS).map((budget) => budget.path);

/**
 * The chunk groups the shell's entry loads before a page is live (named by `webpackChunkName` in
 * `shell/src/index.ts`, `shell/src/app/App.tsx` and `shell/src/app/RoutePage.tsx`): the app, the layout when the
 * page has one, and the page itself when it is the shell's own and a chunk of its own (by route; the byte test in
 * the browser fails when this drifts from the shell).
 */
export const STARTUP_GROUPS = { app: 'bootstrap', layout: 'layout' } as const;
export const SHELL_PAGE_GROUPS: Partial<Record<RouteId, string>> = { home: 'home', other: 'home' };

/** The root class of the shell's footer (shell/src/layout/Footer.tsx); a file holding it carries footer code. */
export const FOOTER_MARKER = 'site-footer';

/** Libraries of the ops console (status.html) only, each by a string its built code and stylesheet carry. */
export const CONSOLE_ONLY_MARKERS: Record<string, string> = { uPlot: 'u-cursor-pt' };

/** Absolute URLs that appear in built files but are never requested, each with why. */
export const INERT_URLS: { prefix: string; reason: string }[] = [
  { prefix: 'http://www.w3.org/', reason: 'XML/SVG/MathML namespace names in React DOM and inline SVG: identifiers, never fetched' },
  { prefix: 'https://reactjs.org/docs/error-decoder.html', reason: "text of React's minified production error messages" },
  { prefix: 'https://module-federation.io/guide/troubleshooting/', reason: "text of the federation runtime's error messages" },
  { prefix: 'https://schema.org', reason: 'the JSON-LD @context of the prerendered pages: a vocabulary name, never fetched' },
];
