import type { FieldFigures, FieldSummary } from '@wenrun/shared/node';
import type { Db } from '../database';
import { figuresBy } from './groupFigures';
import type { SummaryQueries } from './summaryQueries';
import { DAY_MS } from '@wenrun/shared/node';

const byRouteOf = (routes: Map<string, FieldFigures>) =>
  [...routes].map(([route, figures]) => ({ route, ...figures })).sort((a, b) => b.views - a.views || a.route.localeCompare(b.route));

/** A day's group key is its day number in China time and the route (groupings.ts): the day as a date. */
const byDayOf = (days: Map<string, FieldFigures>) =>
  [...days]
    .map(([key, figures]) => {
      const [dayNumber = '', route = ''] = key.split(/ (.*)/s);
      return { day: new Date(Number(dayNumber) * DAY_MS).toISOString().slice(0, 10), route, ...figures };
    })
    .sort((a, b) => a.day.localeCompare(b.day) || a.route.localeCompare(b.route));

/** Each shown build of each remote with its slot's load p75, fallbacks and failures. */
async function byRemoteVersionOf(db: Db, queries: SummaryQueries): Promise<FieldSummary['byRemoteVersion']> {
  const [slotRows, releases] = await Promise.all([queries.slotFigures.execute(db.kysely), figuresBy(db, queries, 'release')]);
  const slots = new Map(slotRows.rows.map((row) => [row.grp, row]));
  return [...releases]
    .map(([key, figures]) => {
      const [remote, version, canary] = JSON.parse(key) as [string, string, number];
      const slot = slots.get(key);
      const load = slot?.loadP75 ?? null;
      return {
        remote,
        version,
        canary: canary === 1,
        ...figures,
        ...(load === null ? {} : { slotLoadP75: Math.round(load) }),
        fallbacks: slot?.fallbacks ?? 0,
        failures: slot?.failures ?? 0,
      };
    })
    .sort(
      (a, b) =>
        a.remote.localeCompare(b.remote) ||
        a.version.localeCompare(b.version, undefined, { numeric: true }) ||
        Number(a.canary) - Number(b.canary),
    );
}

/** The field data of [since, until] by route, by day and route, and by build of each remote. */
export async function fieldSummary(db: Db, queries: SummaryQueries, since: number, until: number): Promise<FieldSummary> {
  const [routes, days, byRemoteVersion] = await Promise.all([
    figuresBy(db, queries, 'route'),
    figuresBy(db, queries, 'day'),
    byRemoteVersionOf(db, queries),
  ]);
  return { since, until, byRoute: byRouteOf(routes), byRemoteVersion, byDay: byDayOf(days) };
}
