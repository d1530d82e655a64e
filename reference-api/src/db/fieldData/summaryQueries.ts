import { FIELD_METRICS, type FieldMetric } from '@wenrun/shared/node';
import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from '../database';
import { DIALECT_SQL } from './dialectSql';
import { groupingsOf, type Grouping, type SummaryWindow } from './groupings';
import { metricColumn } from './metricColumns';
import { p75Of, type GroupValue } from './percentile';
import { releaseGuardQueries } from './releaseGuardQueries';

interface GroupCount {
  grp: string;
  views: number;
  withErrors: number;
}

/**
 * The summary queries of a dialect over a window, written once: each is a `WITH` of the window's views, the members
 * of the groups of one grouping, and what is computed per group. What comes back is a row per group, never per view.
 */
export function summaryQueries(dialect: Dialect, window: SummaryWindow) {
  const groupings = groupingsOf(DIALECT_SQL[dialect], window);

  /** Per grouping: views and views with an error per group, and each metric's p75 per group (a sort of one column). */
  const grouped = (grouping: Grouping) => ({
    counts: sql<GroupCount>`WITH ${groupings[grouping]} SELECT grp, count(*) AS views, sum(has_error) AS "withErrors" FROM members GROUP BY grp`,
    p75: FIELD_METRICS.map((metric): [FieldMetric, RawBuilder<GroupValue>] => [
      metric,
      sql<GroupValue>`WITH ${groupings[grouping]},
        measured AS (SELECT grp, ${sql.ref(metricColumn(metric))} AS value FROM members WHERE ${sql.ref(metricColumn(metric))} IS NOT NULL)
        ${p75Of('measured')}`,
    ]),
  });

  /** A release's slot: its load times, and the views where it fell back or failed (a view's events by its index). */
  const slots = sql`WITH ${groupings.release}, slots AS (
    SELECT m.grp, e.view_id, e.value, e.outcome
      FROM members m JOIN field_events e ON e.view_id = m.id AND e.kind = 'slot' AND e.remote = m.remote
  )`;

  return {
    groupings,
    p75Of,
    grouped,
    slotOutcomes: sql<{ grp: string; fallbacks: number; failures: number }>`${slots}
      SELECT grp, count(DISTINCT CASE WHEN outcome = 'fallback' THEN view_id END) AS fallbacks,
             count(DISTINCT CASE WHEN outcome = 'failed' THEN view_id END) AS failures
        FROM slots GROUP BY grp`,
    // Loads that ended with a module: a failure has no load time worth the name (a module that threw at start is
    // reported with 0 ms) and is counted on its own, in `failures`, so a failing canary cannot look fast.
    slotLoadP75: sql<GroupValue>`${slots}, loads AS (SELECT grp, coalesce(value, 0) AS value FROM slots WHERE outcome <> 'failed')
      ${p75Of('loads')}`,
    ...releaseGuardQueries(DIALECT_SQL[dialect], window, groupings.side),
  };
}

export type SummaryQueries = ReturnType<typeof summaryQueries>;
