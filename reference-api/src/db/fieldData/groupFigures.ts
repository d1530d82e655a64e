import { FIELD_METRICS, type FieldFigures } from '@wenrun/shared/node';
import type { Db } from '../database';
import type { Grouping } from './groupings';
import { metricColumn, rounded } from './metricColumns';
import type { SummaryQueries } from './summaryQueries';

/** The figures of each group of a grouping: counts and each metric's p75, a row per group. */
export async function figuresBy(db: Db, queries: SummaryQueries, grouping: Grouping): Promise<Map<string, FieldFigures>> {
  const { rows } = await queries.grouped(grouping).execute(db.kysely);
  const groups = new Map<string, FieldFigures>();
  for (const row of rows) {
    const p75: FieldFigures['p75'] = {};
    for (const metric of FIELD_METRICS) {
      const value = row[metricColumn(metric)];
      if (value !== null) p75[metric] = rounded(metric, value);
    }
    groups.set(row.grp, { views: row.views, errorRate: row.withErrors / row.views, p75 });
  }
  return groups;
}
