import type { FieldFigures } from '@wenrun/shared/node';
import type { Db } from '../database';
import type { Grouping } from './groupings';
import { rounded } from './metricColumns';
import type { SummaryQueries } from './summaryQueries';

/** The figures of each group of a grouping: counts and each metric's p75, a row per group. */
export async function figuresBy(db: Db, queries: SummaryQueries, grouping: Grouping): Promise<Map<string, FieldFigures>> {
  const { counts, p75 } = queries.grouped(grouping);
  const [countRows, ...p75Rows] = await Promise.all([counts.execute(db.kysely), ...p75.map(([, query]) => query.execute(db.kysely))]);
  const groups = new Map<string, FieldFigures>();
  for (const row of countRows.rows) groups.set(row.grp, { views: row.views, errorRate: row.withErrors / row.views, p75: {} });
  p75.forEach(([metric], index) => {
    for (const row of p75Rows[index]?.rows ?? []) {
      const group = groups.get(row.grp);
      if (group) group.p75[metric] = rounded(metric, row.value);
    }
  });
  return groups;
}
