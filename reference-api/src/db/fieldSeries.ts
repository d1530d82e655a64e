import {
  FIELD_SERIES_WINDOWS,
  REMOTE_NAMES,
  SITE_ROUTES,
  type FieldSeries,
  type FieldSeriesDays,
  type FieldSeriesSide,
} from '@wenrun/shared/node';
import type { Db } from './database';
import { CHINA_OFFSET_MS, GROUPINGS, MAX_VERSIONS_PER_REMOTE, p75Of, type SummaryWindow } from './fieldData';

/** Builds of a side named beside its lines: a stable build, its canary, an older tab or two. */
const VERSIONS_SHOWN = 3;

interface BucketWindow extends SummaryWindow {
  bucketMs: number;
  offset: number;
}

/**
 * The views of fieldData.ts's `side` grouping (a remote's canary visitors apart from its stable ones, flooders'
 * hours left out) put in time buckets: hours are the same in China time, days start at midnight there.
 */
const BUCKETED = `WITH ${GROUPINGS.side},
  failed AS (
    SELECT DISTINCT view_id, remote FROM field_events WHERE kind = 'slot' AND outcome <> 'loaded' AND view_id IN (SELECT id FROM views)
  ),
  -- Parameters are bound as reals: the bucket is cast, or it would be a fraction of one.
  bucketed AS (
    SELECT m.grp || ' ' || CAST((m.seen_at + @offset) / @bucketMs AS INTEGER) AS grp, m.grp AS side, m.remote, m.versions, m.has_error, m.lcp, m.inp,
           f.view_id IS NOT NULL AS failed
      FROM members m LEFT JOIN failed f ON f.view_id = m.id AND f.remote = m.remote
  )`;

const QUERIES = {
  counts: `${BUCKETED} SELECT grp, count(*) AS views, sum(has_error) AS errors, sum(failed) AS failures FROM bucketed GROUP BY grp`,
  lcp: `${BUCKETED}, measured AS (SELECT grp, lcp AS value FROM bucketed WHERE lcp IS NOT NULL) ${p75Of('measured', 'grp')}`,
  inp: `${BUCKETED}, measured AS (SELECT grp, inp AS value FROM bucketed WHERE inp IS NOT NULL) ${p75Of('measured', 'grp')}`,
  versions: `${BUCKETED}
    SELECT side AS grp, version FROM (
      SELECT side, json_extract(versions, '$."' || remote || '"') AS version, count(*) AS views FROM bucketed GROUP BY side, version
    ) WHERE version IS NOT NULL ORDER BY views DESC, version`,
};

/**
 * Field data over time, per remote, canary apart from stable: what the ops console charts. Computed over the same
 * window of views as every other figure (fieldData.ts), so what a flooder sent in an hour it flooded counts nowhere.
 */
export function createFieldSeriesStore(db: Db, perClientPerHour: number) {
  const counts = db.prepare<[BucketWindow], { grp: string; views: number; errors: number; failures: number }>(QUERIES.counts);
  const lcp = db.prepare<[BucketWindow], { grp: string; value: number }>(QUERIES.lcp);
  const inp = db.prepare<[BucketWindow], { grp: string; value: number }>(QUERIES.inp);
  const versions = db.prepare<[BucketWindow], { grp: string; version: string }>(QUERIES.versions);

  return function series(now: number, days: FieldSeriesDays): FieldSeries {
    const bucketMs = FIELD_SERIES_WINDOWS[days];
    const since = now - days * 86_400_000;
    const window: BucketWindow = {
      since,
      until: now,
      routes: JSON.stringify(SITE_ROUTES.map((route) => route.path)),
      remotes: JSON.stringify(REMOTE_NAMES),
      maxVersions: MAX_VERSIONS_PER_REMOTE,
      perClientPerHour,
      bucketMs,
      offset: days === 1 ? 0 : CHINA_OFFSET_MS,
    };
    const p75 = (rows: { grp: string; value: number }[]) => new Map(rows.map((row) => [row.grp, Math.round(row.value)]));
    const lcpOf = p75(lcp.all(window));
    const inpOf = p75(inp.all(window));
    const sides = new Map<string, FieldSeriesSide>();
    for (const row of counts.all(window)) {
      const [side = '', bucket = ''] = row.grp.split(' ');
      const [remote, canary] = JSON.parse(side) as [string, number];
      const entry = sides.get(side) ?? { remote, canary: canary === 1, versions: [], points: [] };
      entry.points.push({
        at: Number(bucket) * bucketMs - window.offset,
        views: row.views,
        errorRate: row.errors / row.views,
        loadFailureRate: row.failures / row.views,
        ...(lcpOf.has(row.grp) ? { lcpP75: lcpOf.get(row.grp) } : {}),
        ...(inpOf.has(row.grp) ? { inpP75: inpOf.get(row.grp) } : {}),
      });
      sides.set(side, entry);
    }
    for (const row of versions.all(window)) {
      const entry = sides.get(row.grp);
      if (entry && entry.versions.length < VERSIONS_SHOWN) entry.versions.push(row.version);
    }
    for (const entry of sides.values()) entry.points.sort((a, b) => a.at - b.at);
    return {
      since,
      until: now,
      bucketMs,
      sides: [...sides.values()].sort((a, b) => a.remote.localeCompare(b.remote) || Number(a.canary) - Number(b.canary)),
    };
  };
}
