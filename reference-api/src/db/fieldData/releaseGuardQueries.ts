import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from '../database';
import { DIALECT_SQL, type DialectSql } from './dialectSql';
import { FAILED_SLOTS, type SummaryWindow } from './groupings';
import { p75Of, percentileOf } from './percentile';

/** A side's counts over its clients, with the clients that push each count most left out (`…High`: only the clean). */
export interface TrimmedCounts {
  grp: string;
  clients: number;
  allFailures: number;
  errorViews: number;
  errors: number;
  failureViews: number;
  failures: number;
  errorViewsHigh: number;
  errorsHigh: number;
  failureViewsHigh: number;
  failuresHigh: number;
  lcpViews: number;
  inpViews: number;
}

/**
 * Each side's clients, and for each count (errors, load failures) whether the client is left out: one of the
 * `leaveOut` with the most such views, or with the most views without (a forger pushing either way is one of them,
 * or sent no more than each real client left out in its place). A tie goes to the client that pushes further the
 * same way (fewer views of the other kind); clients tied on both counts add the same to every figure, so which of
 * them is left out changes nothing, and no name a client picks (its address) decides anything.
 */
function sideClients(dialectSql: DialectSql, window: SummaryWindow, sideMembers: RawBuilder<unknown>) {
  return sql`WITH ${sideMembers},
    ${FAILED_SLOTS},
    perClient AS (
      SELECT m.grp, m.client, count(*) AS views, sum(m.has_error) AS errors, count(f.view_id) AS failures, count(m.lcp) AS lcp, count(m.inp) AS inp
        FROM members m LEFT JOIN failed f ON f.view_id = m.id AND f.remote = m.remote
       GROUP BY m.grp, m.client
    ),
    ranks AS (
      SELECT *,
             row_number() OVER (PARTITION BY grp ORDER BY errors DESC, views - errors, client${dialectSql.bytewise}) AS mostErrors,
             row_number() OVER (PARTITION BY grp ORDER BY views - errors DESC, errors, client${dialectSql.bytewise}) AS mostWithoutErrors,
             row_number() OVER (PARTITION BY grp ORDER BY failures DESC, views - failures, client${dialectSql.bytewise}) AS mostFailures,
             row_number() OVER (PARTITION BY grp ORDER BY views - failures DESC, failures, client${dialectSql.bytewise}) AS mostWithoutFailures
        FROM perClient
    ),
    clients AS (
      SELECT grp, client, views, errors, failures, lcp, inp,
             (errors > 0 AND mostErrors <= ${window.leaveOut}) OR (views > errors AND mostWithoutErrors <= ${window.leaveOut}) AS errorsOut,
             (failures > 0 AND mostFailures <= ${window.leaveOut}) OR (views > failures AND mostWithoutFailures <= ${window.leaveOut}) AS failuresOut,
             views > errors AND mostWithoutErrors <= ${window.leaveOut} AS cleanOfErrorsOut,
             views > failures AND mostWithoutFailures <= ${window.leaveOut} AS cleanOfFailuresOut
        FROM ranks
    )`;
}

/**
 * A side's time metric as the guard judges it: each client's own p75 first (one value per client, however many
 * views it sent), then the median of those across the side's clients. k clients acting together move a median of
 * n clients by at most k/2 places among the real clients' values, wherever they put theirs (at 3,600,000 ms or at
 * 0, or just past the middle), and the middle is where real values lie closest together: the least any
 * percentile can be moved by k. A slower canary moves every client's value, so it moves the median with them.
 * Leaving clients out at the ends would change no median, so none are (deploy/ops/release/README.md).
 */
const medianClients = (dialect: Dialect, sideMembers: RawBuilder<unknown>) => sql<MedianClients>`WITH ${sideMembers},
    ownP75 AS (SELECT grp, client, ${p75Of(dialect, sql.ref('lcp'))} AS lcp, ${p75Of(dialect, sql.ref('inp'))} AS inp FROM members GROUP BY grp, client)
    SELECT grp, ${percentileOf(dialect, sql.ref('lcp'), 0.5)} AS lcp, ${percentileOf(dialect, sql.ref('inp'), 0.5)} AS inp FROM ownP75 GROUP BY grp`;

/** A side's median client of LCP and of INP (null when no client of it measured the metric). */
export interface MedianClients {
  grp: string;
  lcp: number | null;
  inp: number | null;
}

/** What the release guard judges each side of a remote by: counts with the pushiest clients left out, median clients. */
export function releaseGuardQueries(dialect: Dialect, window: SummaryWindow, sideMembers: RawBuilder<unknown>) {
  return {
    trimmedCounts: sql<TrimmedCounts>`${sideClients(DIALECT_SQL[dialect], window, sideMembers)}
      SELECT grp, count(*) AS clients, sum(failures) AS "allFailures",
             sum(CASE WHEN errorsOut THEN 0 ELSE views END) AS "errorViews", sum(CASE WHEN errorsOut THEN 0 ELSE errors END) AS errors,
             sum(CASE WHEN failuresOut THEN 0 ELSE views END) AS "failureViews", sum(CASE WHEN failuresOut THEN 0 ELSE failures END) AS failures,
             sum(CASE WHEN cleanOfErrorsOut THEN 0 ELSE views END) AS "errorViewsHigh", sum(CASE WHEN cleanOfErrorsOut THEN 0 ELSE errors END) AS "errorsHigh",
             sum(CASE WHEN cleanOfFailuresOut THEN 0 ELSE views END) AS "failureViewsHigh", sum(CASE WHEN cleanOfFailuresOut THEN 0 ELSE failures END) AS "failuresHigh",
             sum(lcp) AS "lcpViews", sum(inp) AS "inpViews"
        FROM clients GROUP BY grp`,
    medianClients: medianClients(dialect, sideMembers),
  };
}
