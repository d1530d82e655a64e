import { FIELD_METRICS, type FieldMetric } from '@wenrun/shared/node';
import { sql } from 'kysely';
import type { Dialect } from '../database';
import { DIALECT_SQL } from './dialectSql';
import { groupingsOf, type Grouping, type SummaryWindow } from './groupings';
import { metricColumn } from './metricColumns';
import { p75Of } from './percentile';
import { releaseGuardQueries } from './releaseGuardQueries';

/** A group's counts and each metric's p75 (null when no view of it measured the metric). */
export type GroupFigures = { grp: string; views: number; withErrors: number } & Record<Lowercase<FieldMetric>, number | null>;

/** A release's slot: the views where it fell back or failed, and its load p75 (null when every load failed). */
export interface SlotFigures {
  grp: string;
  fallbacks: number;
  failures: number;
  loadP75: number | null;
}

/**
 * The summary queries of a dialect over a window, written once: each is a `WITH` of the window's views, the members
 * of the groups of one grouping, and what is computed per group. What comes back is a row per group, never per view:
 * one query per grouping, its counts and p75s aggregates of the one pass over its members.
 */
export function summaryQueries(dialect: Dialect, window: SummaryWindow) {
  const groupings = groupingsOf(DIALECT_SQL[dialect], window);
  const p75s = sql.join(FIELD_METRICS.map((metric) => sql`${p75Of(dialect, sql.ref(metricColumn(metric)))} AS ${sql.ref(metricColumn(metric))}`));

  /** Per grouping: views, views with an error, and each metric's p75, per group. */
  const grouped = (grouping: Grouping) =>
    sql<GroupFigures>`WITH ${groupings[grouping]} SELECT grp, count(*) AS views, sum(has_error) AS "withErrors", ${p75s} FROM members GROUP BY grp`;

  /**
   * A release's slot: the views where it fell back or failed (a view's events by its index), and the p75 of the
   * loads that ended with a module: a failure has no load time worth the name (a module that threw at start is
   * reported with 0 ms) and is counted on its own, in `failures`, so a failing canary cannot look fast.
   */
  const slotFigures = sql<SlotFigures>`WITH ${groupings.release}, slots AS (
    SELECT m.grp, e.view_id, e.value, e.outcome
      FROM members m JOIN field_events e ON e.view_id = m.id AND e.kind = 'slot' AND e.remote = m.remote
  )
  SELECT grp, count(DISTINCT CASE WHEN outcome = 'fallback' THEN view_id END) AS fallbacks,
         count(DISTINCT CASE WHEN outcome = 'failed' THEN view_id END) AS failures,
         ${p75Of(dialect, sql`CASE WHEN outcome <> 'failed' THEN coalesce(value, 0) END`)} AS "loadP75"
    FROM slots GROUP BY grp`;

  return { groupings, grouped, slotFigures, ...releaseGuardQueries(dialect, window, groupings.side) };
}

export type SummaryQueries = ReturnType<typeof summaryQueries>;
