import type { SideCount } from '../api/fieldData';

/**
 * Beside the runtime config: the canary guard's last verdict on each remote's canary, rewritten whole (renamed into
 * place) after each of its checks, served no-cache with the release history for the ops console.
 */
export const GUARD_VERDICT_FILE = 'guard-verdict.json';

/** One side of a canary release as the guard judged it: its counts with the guard's clients left out at each end. */
export interface GuardSideFigures {
  views: number;
  clients: number;
  errors: SideCount;
  loadFailures: SideCount;
  /** The median client's own p75 (the figure the guard judges, robust to a few clients). */
  lcpP75?: number;
  inpP75?: number;
}

export interface GuardVerdictRecord {
  remote: string;
  entry: string;
  /** When the canary began (ms): the guard judges the views since. */
  since: number;
  checkedAt: number;
  kind: 'abort' | 'no-harm-seen' | 'not-enough-data' | 'refused';
  /** The verdict in words, and its reasons or notes (with the figures and z of each count). */
  label: string;
  details: string[];
  aborted: boolean;
  /** The test and thresholds it was judged by, in words. */
  test: string;
  figures?: { canary?: GuardSideFigures; stable?: GuardSideFigures };
}

export interface GuardVerdicts {
  updatedAt: number;
  verdicts: GuardVerdictRecord[];
}
