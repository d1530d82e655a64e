import type { FieldFigures, ReleaseFieldData } from '@wenrun/shared/node';
import type { Db } from '../database';
import { figuresBy } from './groupFigures';
import { rounded } from './metricColumns';
import type { TrimmedCounts } from './releaseGuardQueries';
import type { SummaryQueries } from './summaryQueries';

type ReleaseSide = NonNullable<ReleaseFieldData['remotes'][number]['canary']>;

const timeFigure = (metric: 'LCP' | 'INP', views: number | undefined, value: number | undefined) => ({
  views: views ?? 0,
  ...(value === undefined ? {} : { p75: rounded(metric, value) }),
});

/** One side of a remote: its figures, and its counts and median clients as the guard judges them. */
function sideOf(figures: FieldFigures, counts: TrimmedCounts | undefined, lcp: number | undefined, inp: number | undefined): ReleaseSide {
  return {
    ...figures,
    loadFailures: counts?.allFailures ?? 0,
    clients: counts?.clients ?? 0,
    trimmed: {
      errors: { views: counts?.errorViews ?? 0, count: counts?.errors ?? 0 },
      loadFailures: { views: counts?.failureViews ?? 0, count: counts?.failures ?? 0 },
      errorsHigh: { views: counts?.errorViewsHigh ?? 0, count: counts?.errorsHigh ?? 0 },
      loadFailuresHigh: { views: counts?.failureViewsHigh ?? 0, count: counts?.failuresHigh ?? 0 },
      lcp: timeFigure('LCP', counts?.lcpViews, lcp),
      inp: timeFigure('INP', counts?.inpViews, inp),
    },
  };
}

/**
 * Each remote's canary visitors beside its stable ones over [since, until]: what a release is judged by, each
 * side with its clients, and its counts with the `leaveOut` clients that push each most either way left out.
 */
export async function releaseFigures(db: Db, queries: SummaryQueries, since: number, until: number, leaveOut: number): Promise<ReleaseFieldData> {
  const [trimmedRows, medianRows, sides] = await Promise.all([
    queries.trimmedCounts.execute(db.kysely),
    queries.medianClients.execute(db.kysely),
    figuresBy(db, queries, 'side'),
  ]);
  const trimmed = new Map(trimmedRows.rows.map((row) => [row.grp, row]));
  const medians = new Map(medianRows.rows.map((row) => [row.grp, row]));
  const byRemote = new Map<string, ReleaseFieldData['remotes'][number]>();
  for (const [key, figures] of sides) {
    const [remote, canary] = JSON.parse(key) as [string, number];
    const row = byRemote.get(remote) ?? { remote };
    row[canary === 1 ? 'canary' : 'stable'] = sideOf(figures, trimmed.get(key), medians.get(key)?.lcp ?? undefined, medians.get(key)?.inp ?? undefined);
    byRemote.set(remote, row);
  }
  return { since, until, leftOut: leaveOut, remotes: [...byRemote.values()].sort((a, b) => a.remote.localeCompare(b.remote)) };
}
