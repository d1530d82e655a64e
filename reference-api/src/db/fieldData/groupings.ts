import { DAY_MS, FIELD_METRICS, HOUR_MS, REMOTE_NAMES, SITE_ROUTES } from '@wenrun/shared/node';
import { sql, type RawBuilder } from 'kysely';
import type { DialectSql } from './dialectSql';
import { CHINA_OFFSET_MS, MAX_VERSIONS_PER_REMOTE } from './limits';
import { METRIC_COLUMNS, metricColumn } from './metricColumns';

/** The parameters of the summary queries. */
export interface SummaryWindow {
  since: number;
  until: number;
  /** JSON lists: the route manifest's patterns, the parts table's remotes. */
  routes: string;
  remotes: string;
  maxVersions: number;
  perClientPerHour: number;
  leaveOut: number;
}

export type Grouping = 'route' | 'day' | 'release' | 'side';

/** The window of views every figure is computed over (the ops console's series too: fieldSeries.ts). */
export const summaryWindow = (since: number, until: number, perClientPerHour: number, leaveOut = 0): SummaryWindow => ({
  since,
  until,
  routes: JSON.stringify(SITE_ROUTES.map((route) => route.path)),
  remotes: JSON.stringify(REMOTE_NAMES),
  maxVersions: MAX_VERSIONS_PER_REMOTE,
  perClientPerHour,
  leaveOut,
});

/**
 * The page views of the window, one row each with its figures, restricted to the routes of the route manifest
 * (what was stored before beacons were checked against it counts for nothing) and to the clients that were no
 * flooders in the hour the view was sent. `withRemotes` adds what only the groupings by remote read.
 */
function windowViews(dialectSql: DialectSql, window: SummaryWindow, withRemotes: boolean) {
  return sql`
    views AS MATERIALIZED (
      SELECT id, client, route, seen_at, has_error, ${METRIC_COLUMNS}${withRemotes ? sql`, versions, canary` : sql``} FROM field_views v
       WHERE seen_at >= ${window.since} AND seen_at <= ${window.until} AND route IN (SELECT value FROM ${dialectSql.items(sql.val(window.routes))} routes)
         AND NOT EXISTS (SELECT 1 FROM field_client_hours h WHERE h.client = v.client AND h.hour = v.seen_at / ${sql.lit(HOUR_MS)} AND h.views > ${window.perClientPerHour})
    )`;
}

/**
 * The views and remotes whose slot did not load, as a CTE: a few in a hundred, read from their own index
 * (migration 007) and only ever joined to a window's members, so not filtered by the window here, where a lookup
 * per view of the window cost more than the rest of the query at the caps.
 */
export const FAILED_SLOTS = sql`failed AS (SELECT DISTINCT view_id, remote FROM field_events WHERE kind = 'slot' AND outcome <> 'loaded')`;

/** 1 when the view was in the canary of the remote, else 0 (both SQL column references). */
const inCanary = (dialectSql: DialectSql, view: string, remote: string) =>
  sql`CASE WHEN EXISTS (SELECT 1 FROM ${dialectSql.items(sql.ref(`${view}.canary`))} c WHERE c.value = ${sql.ref(remote)}) THEN 1 ELSE 0 END`;

/** A build of a remote: its version, canary apart from stable; only the most viewed builds of each remote. */
function releaseMembers(dialectSql: DialectSql, window: SummaryWindow) {
  return sql`${windowViews(dialectSql, window, true)}, releases AS MATERIALIZED (
      SELECT r.key AS remote, r.value AS version, ${inCanary(dialectSql, 'v', 'r.key')} AS canary,
             v.id, v.client, v.has_error, ${sql.raw(FIELD_METRICS.map((metric) => `v.${metricColumn(metric)}`).join(', '))}
        FROM views v, ${dialectSql.entries(sql.ref('v.versions'))} r
       WHERE r.key IN (SELECT value FROM ${dialectSql.items(sql.val(window.remotes))} remotes)
    ),
    shown AS (
      SELECT remote, version, canary FROM (
        SELECT remote, version, canary,
               row_number() OVER (PARTITION BY remote ORDER BY count(*) DESC, version${dialectSql.bytewise}, canary) AS place
          FROM releases GROUP BY remote, version, canary
      ) ranked WHERE place <= ${window.maxVersions}
    ),
    members AS (
      SELECT ${dialectSql.array(sql.ref('remote'), sql.ref('version'), sql.ref('canary'))} AS grp, * FROM releases
       WHERE (remote, version, canary) IN (SELECT remote, version, canary FROM shown)
    )`;
}

/**
 * A remote's canary visitors apart from its stable ones, whatever build they ended up running (a canary visitor
 * whose canary failed runs the stable build, and counts as a canary visitor). A view counts for a remote it ran,
 * was in the canary of, or reported a slot of: a view whose every entry of it failed has no version of it.
 */
function sideMembers(dialectSql: DialectSql, window: SummaryWindow) {
  return sql`${windowViews(dialectSql, window, true)}, remotesOf AS (
      SELECT v.id AS view_id, r.key AS remote FROM views v, ${dialectSql.entries(sql.ref('v.versions'))} r
      UNION SELECT v.id, c.value FROM views v, ${dialectSql.items(sql.ref('v.canary'))} c
      UNION SELECT e.view_id, e.remote FROM field_events e WHERE e.kind = 'slot' AND e.view_id IN (SELECT id FROM views)
    ),
    members AS (
      SELECT ${dialectSql.array(sql.ref('m.remote'), inCanary(dialectSql, 'v', 'm.remote'))} AS grp, m.remote AS remote, v.*
        FROM remotesOf m JOIN views v ON v.id = m.view_id
       WHERE m.remote IN (SELECT value FROM ${dialectSql.items(sql.val(window.remotes))} remotes)
    )`;
}

/** Each view with the group it counts in (`grp`, text) and its figures, for each way of grouping the window. */
export function groupingsOf(dialectSql: DialectSql, window: SummaryWindow): Record<Grouping, RawBuilder<unknown>> {
  return {
    route: sql`${windowViews(dialectSql, window, false)}, members AS (SELECT route AS grp, * FROM views)`,
    // A day is its number since the epoch in China time, beside the route (`20046 /about/*`): cheaper than a date.
    day: sql`${windowViews(dialectSql, window, false)}, members AS (
      SELECT CAST((seen_at + ${sql.lit(CHINA_OFFSET_MS)}) / ${sql.lit(DAY_MS)} AS TEXT) || ' ' || route AS grp, * FROM views)`,
    release: releaseMembers(dialectSql, window),
    side: sideMembers(dialectSql, window),
  };
}
