import { HOUR_MS } from '../time';

/**
 * Field data: what real visitors' browsers measure, sent in batches through the one statistics call
 * (docs/SPEC.md §7, `/operation/log` on `statsBaseUrl`) and summarised for the status page. The shell writes
 * batches, the reference API checks and stores them: both read this file.
 */

export const FIELD_METRICS = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type FieldMetric = (typeof FIELD_METRICS)[number];

/** Larger values are absurd and refused: an hour for times (ms), and for CLS (unitless) far past any real page. */
export const FIELD_METRIC_MAX: Record<FieldMetric, number> = { LCP: HOUR_MS, INP: HOUR_MS, CLS: 100, TTFB: HOUR_MS };

/** A batch over either limit is refused whole; the shell sends several instead. */
export const FIELD_BATCH_LIMITS = { events: 50, bytes: 64 * 1024 } as const;

/** What happened to a remote slot in this page view. */
export const SLOT_OUTCOMES = ['loaded', 'fallback', 'failed'] as const;
export type SlotOutcome = (typeof SLOT_OUTCOMES)[number];

/** How long stored field data is kept. */
export const FIELD_RETENTION_DAYS = 30;

/** The page view a batch belongs to: several batches (one per time the page is hidden) share its id. */
export interface FieldView {
  /** Random, made by the browser for this page view only: it identifies nobody. */
  id: string;
  /** The route's pattern from the route manifest (`/search/:keyword`), never the address: it may hold what was typed. */
  route: string;
  /** Remote name → the version of the build this page view runs (its build info). */
  versions: Record<string, string>;
  /** The remotes this visitor loads from a canary build. */
  canary: string[];
}

export type FieldEvent =
  | { kind: 'metric'; name: FieldMetric; value: number }
  | { kind: 'slot'; remote: string; version: string; loadMs: number; outcome: SlotOutcome }
  | { kind: 'error'; message: string; remote?: string; version?: string };

/** The body of one beacon. `type` tells it from the other statistics events. */
export interface FieldBatch {
  type: 'fieldData';
  view: FieldView;
  events: FieldEvent[];
}

/** The reply's data: how many events were kept, and why the others were not. */
export interface FieldBatchReply {
  stored: number;
  refused: string[];
}

/** Figures over a set of page views. */
export interface FieldFigures {
  views: number;
  /** Share of the views with at least one uncaught error, 0–1. */
  errorRate: number;
  /** 75th percentile of each metric over the views that measured it (absent: none did). */
  p75: Partial<Record<FieldMetric, number>>;
}

export interface FieldSummary {
  /** The window summarised, ms since the epoch. */
  since: number;
  until: number;
  byRoute: (FieldFigures & { route: string })[];
  /** Per remote and version, canary builds apart from stable ones: a canary is judged against them side by side. */
  byRemoteVersion: (FieldFigures & {
    remote: string;
    version: string;
    canary: boolean;
    /** 75th percentile of the slot's load time (ms), and the views where it fell back or failed. */
    slotLoadP75?: number;
    fallbacks: number;
    failures: number;
  })[];
  /** Per day in China time (`YYYY-MM-DD`, UTC+8) and route, oldest first: the charts' points. */
  byDay: (FieldFigures & { day: string; route: string })[];
}

/** The summary's windows, in days. */
export const FIELD_SUMMARY_WINDOWS = [1, 7] as const;

/**
 * What a release is judged by (deploy/ops/release): one side of a remote, its canary visitors or its stable ones,
 * over a window. Counts, not rates only: a test of two proportions needs them.
 */
export interface ReleaseSideFigures extends FieldFigures {
  /** Views where this remote's first entry did not serve the slot: it fell back to another entry, or failed. */
  loadFailures: number;
  /** Distinct clients the views came from: an IPv4 address, or an IPv6 /64. */
  clients: number;
  /**
   * What the guard judges by: each count over the views left once the `leftOut` clients with the most such views and
   * the `leftOut` with the most views without are left out (ReleaseFieldData.leftOut; none left out: the figures
   * above); LCP and INP as the median client's own p75 (each client's p75 over its views, then the median of those
   * across the side's clients: no few clients move it far, whatever they send), over `views` measured views.
   */
  trimmed: {
    errors: SideCount;
    loadFailures: SideCount;
    /**
     * Each count with only the `leftOut` clients with the most views without left out: the highest it reads when
     * that few clients pushed it down. The baseline stable is judged by, so that forgers filling the canary's failing
     * end (which leaves its real failing clients in) cannot make a healthy canary look worse than stable.
     */
    errorsHigh: SideCount;
    loadFailuresHigh: SideCount;
    lcp: ClientMedian;
    inp: ClientMedian;
  };
}

/** A time metric of one side as the guard judges it: the median client's p75 (absent: nothing measured). */
export interface ClientMedian {
  views: number;
  p75?: number;
}

/** A count of one side, and the views it is a share of. */
export interface SideCount {
  views: number;
  count: number;
}

export interface ReleaseFieldData {
  since: number;
  until: number;
  /** How many clients each count left out at each end (`?leaveOut=`, the guard's `leaveOutClients`). */
  leftOut: number;
  /** Each remote seen in the window, its canary side apart from its stable side (absent: no view of it). */
  remotes: { remote: string; canary?: ReleaseSideFigures; stable?: ReleaseSideFigures }[];
}

/**
 * The release figures' path on the reference API, under its admin prefix (behind the admin token) and, in demo mode
 * only, its development prefix: any window may be asked for (`?since=`), so it is no public call.
 */
export const RELEASE_FIGURES_PATH = '/field-data/releases';
