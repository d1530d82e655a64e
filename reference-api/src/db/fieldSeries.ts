import { DAY_MS, FIELD_SERIES_WINDOWS, type FieldSeries, type FieldSeriesDays, type FieldSeriesSide } from '@wenrun/shared/node';
import { sql } from 'kysely';
import type { Db } from './database';
import { DIALECT_SQL } from './fieldData/dialectSql';
import { FAILED_SLOTS, summaryWindow } from './fieldData/groupings';
import { CHINA_OFFSET_MS } from './fieldData/limits';
import { p75Of } from './fieldData/percentile';
import { summaryQueries } from './fieldData/summaryQueries';

/** Builds of a side named beside its lines: a stable build, its canary, an older tab or two. */
const VERSIONS_SHOWN = 3;

/** A bucket of a side: its counts, and its p75s (null when no view of it measured the metric). */
interface SeriesPoint {
  grp: string;
  views: number;
  errors: number;
  failures: number;
  lcp: number | null;
  inp: number | null;
}

/**
 * The queries of a series: the views of fieldData/groupings.ts's `side` grouping (a remote's canary visitors apart from its
 * stable ones, flooders' hours left out) put in time buckets, hours the same in China time, days starting at midnight
 * there (`offset`). The bucket's width and offset are the server's own numbers, written into the SQL: an integer
 * divided by an integer is one on both dialects, where a bound parameter is a real on SQLite.
 */
function seriesQueries(db: Db, perClientPerHour: number, since: number, until: number, bucketMs: number, offset: number) {
  const { groupings } = summaryQueries(db.dialect, summaryWindow(since, until, perClientPerHour));
  const dialectSql = DIALECT_SQL[db.dialect];
  const bucketed = sql`WITH ${groupings.side},
    ${FAILED_SLOTS},
    bucketed AS (
      SELECT m.grp || ' ' || CAST((m.seen_at + ${sql.lit(offset)}) / ${sql.lit(bucketMs)} AS TEXT) AS grp, m.grp AS side,
             ${dialectSql.valueAt(sql.ref('m.versions'), sql.ref('m.remote'))} AS version, m.has_error, f.view_id AS failed, m.lcp, m.inp
        FROM members m LEFT JOIN failed f ON f.view_id = m.id AND f.remote = m.remote
    )`;
  return {
    points: sql<SeriesPoint>`${bucketed}
      SELECT grp, count(*) AS views, sum(has_error) AS errors, count(failed) AS failures,
             ${p75Of(db.dialect, sql.ref('lcp'))} AS lcp, ${p75Of(db.dialect, sql.ref('inp'))} AS inp
        FROM bucketed GROUP BY grp`,
    versions: sql<{ grp: string; version: string }>`${bucketed}
      SELECT side AS grp, version FROM (SELECT side, version, count(*) AS views FROM bucketed WHERE version IS NOT NULL GROUP BY side, version) seen
       ORDER BY views DESC, version${dialectSql.bytewise}`,
  };
}

/**
 * Field data over time, per remote, canary apart from stable: what the ops console charts. Computed over the same
 * window of views as every other figure (fieldData/groupings.ts), so what a flooder sent in an hour it flooded counts nowhere.
 */
export function createFieldSeriesStore(db: Db, perClientPerHour: number) {
  return async function series(now: number, days: FieldSeriesDays): Promise<FieldSeries> {
    const bucketMs = FIELD_SERIES_WINDOWS[days];
    const since = now - days * DAY_MS;
    const offset = days === 1 ? 0 : CHINA_OFFSET_MS;
    const queries = seriesQueries(db, perClientPerHour, since, now, bucketMs, offset);
    const [points, versions] = await Promise.all([queries.points.execute(db.kysely), queries.versions.execute(db.kysely)]);
    const sides = new Map<string, FieldSeriesSide>();
    for (const row of points.rows) {
      // The side is a JSON array, which PostgreSQL writes with a space after each comma: the bucket is after the last.
      const split = row.grp.lastIndexOf(' ');
      const side = row.grp.slice(0, split);
      const bucket = row.grp.slice(split + 1);
      const [remote, canary] = JSON.parse(side) as [string, number];
      const entry = sides.get(side) ?? { remote, canary: canary === 1, versions: [], points: [] };
      entry.points.push({
        at: Number(bucket) * bucketMs - offset,
        views: row.views,
        errorRate: row.errors / row.views,
        loadFailureRate: row.failures / row.views,
        ...(row.lcp === null ? {} : { lcpP75: Math.round(row.lcp) }),
        ...(row.inp === null ? {} : { inpP75: Math.round(row.inp) }),
      });
      sides.set(side, entry);
    }
    for (const row of versions.rows) {
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

export type FieldSeriesStore = ReturnType<typeof createFieldSeriesStore>;
