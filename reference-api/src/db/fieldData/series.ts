import { DAY_MS, FIELD_SERIES_WINDOWS, type FieldSeries, type FieldSeriesDays, type FieldSeriesSide } from '@wenrun/shared/node';
import { bytewise } from './bytewise';
import { bySide, type RemoteMember, type SideGroup } from './groupings';
import type { WindowView } from './hourCache';
import { CHINA_OFFSET_MS } from './limits';
import { measured, p75Of } from './percentile';

/** Builds of a side named beside its lines: a stable build, its canary, an older tab or two. */
const VERSIONS_SHOWN = 3;

/** A side's buckets: hours the same in China time, days starting at midnight there (`offset`). */
function pointsOf(side: SideGroup, bucketMs: number, offset: number): FieldSeriesSide['points'] {
  const buckets = new Map<number, RemoteMember[]>();
  for (const member of side.members) {
    const bucket = Math.floor((member.view.seenAt + offset) / bucketMs);
    const list = buckets.get(bucket) ?? [];
    list.push(member);
    buckets.set(bucket, list);
  }
  return [...buckets]
    .sort(([a], [b]) => a - b)
    .map(([bucket, members]) => {
      const [lcp, inp] = [p75Of(measured(members, (member) => member.view.lcp)), p75Of(measured(members, (member) => member.view.inp))];
      return {
        at: bucket * bucketMs - offset,
        views: members.length,
        errorRate: members.filter((member) => member.view.hasError).length / members.length,
        loadFailureRate: members.filter((member) => member.failed).length / members.length,
        ...(lcp === undefined ? {} : { lcpP75: Math.round(lcp) }),
        ...(inp === undefined ? {} : { inpP75: Math.round(inp) }),
      };
    });
}

/** The builds a side's views ran most, most viewed first (ties byte by byte). */
function versionsOf(side: SideGroup): string[] {
  const counts = new Map<string, number>();
  for (const { view, remote } of side.members) {
    const version = view.versions[remote];
    if (version !== undefined) counts.set(version, (counts.get(version) ?? 0) + 1);
  }
  return [...counts]
    .sort(([a, x], [b, y]) => y - x || bytewise(a, b))
    .slice(0, VERSIONS_SHOWN)
    .map(([version]) => version);
}

/**
 * Field data over time, per remote, canary apart from stable: what the ops console charts. Computed over the same
 * views and sides as every other figure (groupings.ts), so what a flooder sent in an hour it flooded counts nowhere.
 */
export function fieldSeries(views: WindowView[], now: number, days: FieldSeriesDays): FieldSeries {
  const bucketMs = FIELD_SERIES_WINDOWS[days];
  const offset = days === 1 ? 0 : CHINA_OFFSET_MS;
  return {
    since: now - days * DAY_MS,
    until: now,
    bucketMs,
    sides: bySide(views)
      .map((side) => ({ remote: side.remote, canary: side.canary, versions: versionsOf(side), points: pointsOf(side, bucketMs, offset) }))
      .sort((a, b) => a.remote.localeCompare(b.remote) || Number(a.canary) - Number(b.canary)),
  };
}
