import type { ReleaseFieldData } from '@wenrun/shared/node';
import { figuresOf } from './figures';
import { bySide, type SideGroup } from './groupings';
import type { WindowView } from './hourCache';
import { rounded } from './metricColumns';
import { clientsOf, medianClientsOf, trimmedCountsOf } from './sideClients';

type ReleaseSide = NonNullable<ReleaseFieldData['remotes'][number]['canary']>;

const timeFigure = (metric: 'LCP' | 'INP', views: number, value: number | undefined) => ({
  views,
  ...(value === undefined ? {} : { p75: rounded(metric, value) }),
});

/** One side of a remote: its figures, and its counts and median clients as the guard judges them. */
function sideOf(side: SideGroup, leaveOut: number): ReleaseSide {
  const clients = clientsOf(side);
  const counts = trimmedCountsOf(clients, leaveOut);
  const medians = medianClientsOf(clients);
  return {
    ...figuresOf(side.members.map((member) => member.view)),
    loadFailures: counts.allFailures,
    clients: counts.clients,
    trimmed: {
      errors: { views: counts.errorViews, count: counts.errors },
      loadFailures: { views: counts.failureViews, count: counts.failures },
      errorsHigh: { views: counts.errorViewsHigh, count: counts.errorsHigh },
      loadFailuresHigh: { views: counts.failureViewsHigh, count: counts.failuresHigh },
      lcp: timeFigure('LCP', counts.lcpViews, medians.lcp),
      inp: timeFigure('INP', counts.inpViews, medians.inp),
    },
  };
}

/**
 * Each remote's canary visitors beside its stable ones over [since, until]: what a release is judged by, each
 * side with its clients, and its counts with the `leaveOut` clients that push each most either way left out.
 */
export function releaseFigures(views: WindowView[], since: number, until: number, leaveOut: number): ReleaseFieldData {
  const byRemote = new Map<string, ReleaseFieldData['remotes'][number]>();
  for (const side of bySide(views)) {
    const row = byRemote.get(side.remote) ?? { remote: side.remote };
    row[side.canary ? 'canary' : 'stable'] = sideOf(side, leaveOut);
    byRemote.set(side.remote, row);
  }
  return { since, until, leftOut: leaveOut, remotes: [...byRemote.values()].sort((a, b) => a.remote.localeCompare(b.remote)) };
}
