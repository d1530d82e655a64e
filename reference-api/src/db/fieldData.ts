import {
  FIELD_METRICS,
  FIELD_RETENTION_DAYS,
  REMOTE_NAMES,
  SITE_ROUTES,
  type FieldEvent,
  type FieldFigures,
  type FieldMetric,
  type FieldSummary,
  type FieldView,
  type ReleaseFieldData,
} from '@wenrun/shared/node';
import { sql, type Expression, type Insertable, type RawBuilder, type Transaction } from 'kysely';
import { exclusively, type Db, type Dialect } from './database';
import type { Schema } from './schema';

const DAY_MS = 86_400_000;
/** China time, where the site's visitors and its ops are: a day of field data is a day there. */
export const CHINA_OFFSET_MS = 8 * 3_600_000;
/**
 * Beyond retention, caps: a flood of beacons cannot grow the file without bound. The views cap holds many small
 * views, the events cap one view id sent again and again. Past a cap, the client holding the most (views, or events)
 * loses its oldest view, whole with its events: under the threat model that is a forger, never a visitor with a few
 * views, and no figure is computed over a view that lost half of what it measured.
 */
export const MAX_FIELD_VIEWS = 100_000;
export const MAX_FIELD_EVENTS = 200_000;
/**
 * New views one client (an IPv4 address, an IPv6 /64) may send in an hour. Past it the client is a flooder for that
 * hour: its further views are not stored, and those it sent that hour count in no figure, so a flood moves nothing.
 * 300 sampled views an hour is a school of 300 teachers behind one address opening ten pages each in that hour at
 * the production example's 10 % sample rate; a school busier than that is left out for the hour (README.md).
 */
export const FIELD_VIEWS_PER_CLIENT_PER_HOUR = 300;
const HOUR_MS = 3_600_000;
/**
 * The summary shows this many builds of each remote at most, those seen in the most views: enough for a stable
 * build, its canary and a few older tabs, and a reply of bounded size whatever versions beacons claim.
 */
export const MAX_VERSIONS_PER_REMOTE = 10;

export interface FieldDataLimits {
  views: number;
  events: number;
  viewsPerClientPerHour: number;
}

export const DEFAULT_FIELD_DATA_LIMITS: FieldDataLimits = {
  views: MAX_FIELD_VIEWS,
  events: MAX_FIELD_EVENTS,
  viewsPerClientPerHour: FIELD_VIEWS_PER_CLIENT_PER_HOUR,
};

/** What became of a batch: stored, or why not. */
export type RecordOutcome = 'stored' | 'empty' | 'flood' | 'foreign';

/** The column of a view that holds the last value of a metric it sent (migrations/004_caps.ts). */
const metricColumn = (metric: FieldMetric) => metric.toLowerCase() as Lowercase<FieldMetric>;
const METRIC_COLUMNS = sql.raw(FIELD_METRICS.map(metricColumn).join(', '));

type Json = Expression<unknown>;

/**
 * What the summary queries say differently on each dialect, and nothing else: JSON kept as text read as rows
 * (SQLite's json_each; PostgreSQL's json_each_text and json_array_elements_text over a cast), a JSON array built as
 * text (the key of a group), a JSON object's value at a key given as text (a view's version of a remote), and text
 * ordered byte by byte where a tie is broken (SQLite's BINARY; PostgreSQL's "C", whatever the database's collation),
 * so both pick the same build or client when counts tie.
 */
interface DialectSql {
  entries: (json: Json) => RawBuilder<unknown>;
  items: (json: Json) => RawBuilder<unknown>;
  array: (...values: RawBuilder<unknown>[]) => RawBuilder<unknown>;
  valueAt: (json: Json, key: Json) => RawBuilder<unknown>;
  bytewise: RawBuilder<unknown>;
}
export const DIALECT_SQL: Record<Dialect, DialectSql> = {
  sqlite: {
    entries: (json) => sql`json_each(${json})`,
    items: (json) => sql`json_each(${json})`,
    array: (...values) => sql`json_array(${sql.join(values)})`,
    valueAt: (json, key) => sql`json_extract(${json}, '$."' || ${key} || '"')`,
    bytewise: sql``,
  },
  postgres: {
    entries: (json) => sql`json_each_text(${json}::json)`,
    items: (json) => sql`json_array_elements_text(${json}::json)`,
    array: (...values) => sql`json_build_array(${sql.join(values)})::text`,
    valueAt: (json, key) => sql`(${json}::json ->> ${key})`,
    bytewise: sql` COLLATE "C"`,
  },
};

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

type Grouping = 'route' | 'day' | 'release' | 'side';

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
 * The summary queries of a dialect over a window, written once: each is a `WITH` of the window's views, the members
 * of the groups of one grouping, and what is computed per group. What comes back is a row per group, never per view.
 */
export function summaryQueries(dialect: Dialect, w: SummaryWindow) {
  const d = DIALECT_SQL[dialect];
  const routes = sql.val(w.routes);
  const remotes = sql.val(w.remotes);
  const lit = sql.lit;

  /**
   * The page views of the window, one row each with its figures, restricted to the routes of the route manifest
   * (what was stored before beacons were checked against it counts for nothing) and to the clients that were no
   * flooders in the hour the view was sent. `json` adds what only the groupings by remote read.
   */
  const windowOf = (json: boolean) => sql`
    views AS MATERIALIZED (
      SELECT id, client, route, seen_at, has_error, ${METRIC_COLUMNS}${json ? sql`, versions, canary` : sql``} FROM field_views v
       WHERE seen_at >= ${w.since} AND seen_at <= ${w.until} AND route IN (SELECT value FROM ${d.items(routes)} routes)
         AND NOT EXISTS (SELECT 1 FROM field_client_hours h WHERE h.client = v.client AND h.hour = v.seen_at / ${lit(HOUR_MS)} AND h.views > ${w.perClientPerHour})
    )`;
  const inCanary = (view: string, remote: string) =>
    sql`CASE WHEN EXISTS (SELECT 1 FROM ${d.items(sql.ref(`${view}.canary`))} c WHERE c.value = ${sql.ref(remote)}) THEN 1 ELSE 0 END`;

  /** Each view with the group it counts in (`grp`, text) and its figures, for one way of grouping the window. */
  const GROUPINGS: Record<Grouping, RawBuilder<unknown>> = {
    route: sql`${windowOf(false)}, members AS (SELECT route AS grp, * FROM views)`,
    // A day is its number since the epoch in China time, beside the route (`20046 /about/*`): cheaper than a date.
    day: sql`${windowOf(false)}, members AS (
      SELECT CAST((seen_at + ${lit(CHINA_OFFSET_MS)}) / ${lit(DAY_MS)} AS TEXT) || ' ' || route AS grp, * FROM views)`,
    // A build of a remote: its version, canary apart from stable; only the most viewed builds of each remote.
    release: sql`${windowOf(true)}, releases AS MATERIALIZED (
      SELECT r.key AS remote, r.value AS version, ${inCanary('v', 'r.key')} AS canary,
             v.id, v.client, v.has_error, ${sql.raw(FIELD_METRICS.map((metric) => `v.${metricColumn(metric)}`).join(', '))}
        FROM views v, ${d.entries(sql.ref('v.versions'))} r
       WHERE r.key IN (SELECT value FROM ${d.items(remotes)} remotes)
    ),
    shown AS (
      SELECT remote, version, canary FROM (
        SELECT remote, version, canary,
               row_number() OVER (PARTITION BY remote ORDER BY count(*) DESC, version${d.bytewise}, canary) AS place
          FROM releases GROUP BY remote, version, canary
      ) ranked WHERE place <= ${w.maxVersions}
    ),
    members AS (
      SELECT ${d.array(sql.ref('remote'), sql.ref('version'), sql.ref('canary'))} AS grp, * FROM releases
       WHERE (remote, version, canary) IN (SELECT remote, version, canary FROM shown)
    )`,
    /**
     * A remote's canary visitors apart from its stable ones, whatever build they ended up running (a canary visitor
     * whose canary failed runs the stable build, and counts as a canary visitor). A view counts for a remote it ran,
     * was in the canary of, or reported a slot of: a view whose every entry of it failed has no version of it.
     */
    side: sql`${windowOf(true)}, remotesOf AS (
      SELECT v.id AS view_id, r.key AS remote FROM views v, ${d.entries(sql.ref('v.versions'))} r
      UNION SELECT v.id, c.value FROM views v, ${d.items(sql.ref('v.canary'))} c
      UNION SELECT e.view_id, e.remote FROM field_events e WHERE e.kind = 'slot' AND e.view_id IN (SELECT id FROM views)
    ),
    members AS (
      SELECT ${d.array(sql.ref('m.remote'), inCanary('v', 'm.remote'))} AS grp, m.remote AS remote, v.*
        FROM remotesOf m JOIN views v ON v.id = m.view_id
       WHERE m.remote IN (SELECT value FROM ${d.items(remotes)} remotes)
    )`,
  };

  /**
   * The nearest-rank percentile (`fraction`) of `value` per group (`by`, columns of `rows`): the value at rank
   * ceil(fraction × n), always one measured.
   */
  const percentileOf = (rows: string, fraction: number, by = 'grp') => sql`
    SELECT ${sql.raw(by)}, value FROM (
      SELECT ${sql.raw(by)}, value, row_number() OVER (PARTITION BY ${sql.raw(by)} ORDER BY value) AS place, count(*) OVER (PARTITION BY ${sql.raw(by)}) AS n
        FROM ${sql.raw(rows)}
    ) ranked WHERE place = CAST(ceil(${lit(fraction)} * n) AS INTEGER)`;
  const p75Of = (rows: string) => percentileOf(rows, 0.75);

  /** Per grouping: views and views with an error per group, and each metric's p75 per group (a sort of one column). */
  const grouped = (grouping: Grouping) => ({
    counts: sql<GroupCount>`WITH ${GROUPINGS[grouping]} SELECT grp, count(*) AS views, sum(has_error) AS "withErrors" FROM members GROUP BY grp`,
    p75: FIELD_METRICS.map((metric): [FieldMetric, RawBuilder<GroupValue>] => [
      metric,
      sql<GroupValue>`WITH ${GROUPINGS[grouping]},
        measured AS (SELECT grp, ${sql.ref(metricColumn(metric))} AS value FROM members WHERE ${sql.ref(metricColumn(metric))} IS NOT NULL)
        ${p75Of('measured')}`,
    ]),
  });

  /** A release's slot: its load times, and the views where it fell back or failed (a view's events by its index). */
  const slots = sql`WITH ${GROUPINGS.release}, slots AS (
    SELECT m.grp, e.view_id, e.value, e.outcome
      FROM members m JOIN field_events e ON e.view_id = m.id AND e.kind = 'slot' AND e.remote = m.remote
  )`;

  /**
   * Each side's clients, and for each count (errors, load failures) whether the client is left out: one of the
   * `leaveOut` with the most such views, or with the most views without (a forger pushing either way is one of them,
   * or sent no more than each real client left out in its place). A tie goes to the client that pushes further the
   * same way (fewer views of the other kind); clients tied on both counts add the same to every figure, so which of
   * them is left out changes nothing, and no name a client picks (its address) decides anything.
   */
  const sideClients = sql`WITH ${GROUPINGS.side},
    failed AS (
      SELECT DISTINCT view_id, remote FROM field_events WHERE kind = 'slot' AND outcome <> 'loaded' AND view_id IN (SELECT id FROM views)
    ),
    perClient AS (
      SELECT m.grp, m.client, count(*) AS views, sum(m.has_error) AS errors, count(f.view_id) AS failures, count(m.lcp) AS lcp, count(m.inp) AS inp
        FROM members m LEFT JOIN failed f ON f.view_id = m.id AND f.remote = m.remote
       GROUP BY m.grp, m.client
    ),
    ranks AS (
      SELECT *,
             row_number() OVER (PARTITION BY grp ORDER BY errors DESC, views - errors, client${d.bytewise}) AS mostErrors,
             row_number() OVER (PARTITION BY grp ORDER BY views - errors DESC, errors, client${d.bytewise}) AS mostWithoutErrors,
             row_number() OVER (PARTITION BY grp ORDER BY failures DESC, views - failures, client${d.bytewise}) AS mostFailures,
             row_number() OVER (PARTITION BY grp ORDER BY views - failures DESC, failures, client${d.bytewise}) AS mostWithoutFailures
        FROM perClient
    ),
    clients AS (
      SELECT grp, client, views, errors, failures, lcp, inp,
             (errors > 0 AND mostErrors <= ${w.leaveOut}) OR (views > errors AND mostWithoutErrors <= ${w.leaveOut}) AS errorsOut,
             (failures > 0 AND mostFailures <= ${w.leaveOut}) OR (views > failures AND mostWithoutFailures <= ${w.leaveOut}) AS failuresOut,
             views > errors AND mostWithoutErrors <= ${w.leaveOut} AS cleanOfErrorsOut,
             views > failures AND mostWithoutFailures <= ${w.leaveOut} AS cleanOfFailuresOut
        FROM ranks
    )`;

  /**
   * A side's time metric as the guard judges it: each client's own p75 first (one value per client, however many
   * views it sent), then the median of those across the side's clients. k clients acting together move a median of
   * n clients by at most k/2 places among the real clients' values, wherever they put theirs (at 3,600,000 ms or at
   * 0, or just past the middle), and the middle is where real values lie closest together: the least any
   * percentile can be moved by k. A slower canary moves every client's value, so it moves the median with them.
   * Leaving clients out at the ends would change no median, so none are (deploy/ops/release/README.md).
   */
  const medianClient = (metric: 'LCP' | 'INP') => sql<GroupValue>`WITH ${GROUPINGS.side},
    measured AS (SELECT grp, client, ${sql.ref(metricColumn(metric))} AS value FROM members WHERE ${sql.ref(metricColumn(metric))} IS NOT NULL),
    ownP75 AS (${percentileOf('measured', 0.75, 'grp, client')})
    ${percentileOf('ownP75', 0.5)}`;

  return {
    groupings: GROUPINGS,
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
    trimmedCounts: sql<TrimmedCounts>`${sideClients}
      SELECT grp, count(*) AS clients, sum(failures) AS "allFailures",
             sum(CASE WHEN errorsOut THEN 0 ELSE views END) AS "errorViews", sum(CASE WHEN errorsOut THEN 0 ELSE errors END) AS errors,
             sum(CASE WHEN failuresOut THEN 0 ELSE views END) AS "failureViews", sum(CASE WHEN failuresOut THEN 0 ELSE failures END) AS failures,
             sum(CASE WHEN cleanOfErrorsOut THEN 0 ELSE views END) AS "errorViewsHigh", sum(CASE WHEN cleanOfErrorsOut THEN 0 ELSE errors END) AS "errorsHigh",
             sum(CASE WHEN cleanOfFailuresOut THEN 0 ELSE views END) AS "failureViewsHigh", sum(CASE WHEN cleanOfFailuresOut THEN 0 ELSE failures END) AS "failuresHigh",
             sum(lcp) AS "lcpViews", sum(inp) AS "inpViews"
        FROM clients GROUP BY grp`,
    medianClientLcp: medianClient('LCP'),
    medianClientInp: medianClient('INP'),
  };
}

interface GroupCount {
  grp: string;
  views: number;
  withErrors: number;
}

interface GroupValue {
  grp: string;
  value: number;
}

interface TrimmedCounts {
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

const rounded = (metric: FieldMetric, value: number) => (metric === 'CLS' ? Math.round(value * 1000) / 1000 : Math.round(value));

/** What a batch changes on its view: the last value of each metric it sent (CLS and INP only grow), an error or not. */
function figuresOf(events: FieldEvent[]) {
  const metrics: Partial<Record<Lowercase<FieldMetric>, number>> = {};
  let hasError = false;
  for (const event of events) {
    if (event.kind === 'metric') metrics[metricColumn(event.name)] = event.value;
    if (event.kind === 'error') hasError = true;
  }
  return { metrics, hasError };
}

function eventRow(viewId: string, now: number, event: FieldEvent): Insertable<Schema['field_events']> {
  const row = { view_id: viewId, received_at: now, name: null, value: null, remote: null, version: null, outcome: null, message: null };
  if (event.kind === 'metric') return { ...row, kind: 'metric', name: event.name, value: event.value };
  if (event.kind === 'slot') return { ...row, kind: 'slot', value: event.loadMs, remote: event.remote, version: event.version, outcome: event.outcome };
  return { ...row, kind: 'error', remote: event.remote ?? null, version: event.version ?? null, message: event.message };
}

export function createFieldDataStore(db: Db, given: Partial<FieldDataLimits> = {}) {
  const limits: FieldDataLimits = { ...DEFAULT_FIELD_DATA_LIMITS, ...given };
  const { kysely, dialect } = db;
  /**
   * The oldest view of a client, ties in insertion order: SQLite's rowid (in the index on (client, seen_at), so the
   * lookup reads the index alone), PostgreSQL's view id (it has no rowid).
   */
  const insertionOrder = sql.raw(dialect === 'sqlite' ? 'rowid' : 'id');

  let prunedHour = -1;
  /** Past a cap, the client holding most of it loses its oldest view, until the store is within it. */
  async function evict(trx: Transaction<Schema>, kind: 'views' | 'events', cap: number, total: number): Promise<void> {
    let held = total;
    while (held > cap) {
      const most = await trx.selectFrom('field_client_totals').select('client').orderBy(kind, 'desc').limit(1).executeTakeFirst();
      if (most === undefined) return;
      // Events go with their view (ON DELETE CASCADE); the totals follow (trigger field_views_gone).
      const dropped = await sql`DELETE FROM field_views WHERE ${insertionOrder} = (
        SELECT ${insertionOrder} FROM field_views WHERE client = ${most.client} ORDER BY seen_at, ${insertionOrder} LIMIT 1)`.execute(trx);
      if (dropped.numAffectedRows === 0n) return;
      held = (await trx.selectFrom('field_totals').select(kind).executeTakeFirstOrThrow())[kind];
    }
  }

  /**
   * The first batch of a view stores it with its first-seen time and its client, unless that client is past its
   * cap this hour; later ones (the page hidden again) only append events, and only from the same client: nobody
   * else's view can be made to fail. A batch with no event left stores nothing: an empty view would count as one
   * without errors. One batch at a time, on every API instance (`exclusively`): the owner read, the per-client count
   * and the caps' totals hold for the whole of it, where two hosts' batches would otherwise interleave.
   */
  function record(view: FieldView, events: FieldEvent[], now: number, client: string): Promise<RecordOutcome> {
    if (events.length === 0) return Promise.resolve('empty');
    const hour = Math.floor(now / HOUR_MS);
    const { metrics, hasError } = figuresOf(events);
    return exclusively(db, 'field-data', async (trx): Promise<RecordOutcome> => {
      if (hour !== prunedHour) {
        prunedHour = hour;
        // An hour's count matters while it is the current one, and while it marks a flood whose views are kept.
        await trx
          .deleteFrom('field_client_hours')
          .where((eb) =>
            eb.or([
              eb('hour', '<', Math.floor((now - FIELD_RETENTION_DAYS * DAY_MS) / HOUR_MS)),
              eb.and([eb('hour', '<', hour), eb('views', '<=', limits.viewsPerClientPerHour)]),
            ]),
          )
          .execute();
      }
      const owner = await trx.selectFrom('field_views').select('client').where('id', '=', view.id).executeTakeFirst();
      const isNew = owner === undefined;
      if (isNew) {
        // Refused views count too: a client past the cap stays past it however it goes on.
        const counted = await trx
          .insertInto('field_client_hours')
          .values({ client, hour, views: 1 })
          .onConflict((conflict) => conflict.columns(['client', 'hour']).doUpdateSet({ views: (eb) => eb('field_client_hours.views', '+', 1) }))
          .returning('views')
          .executeTakeFirstOrThrow();
        if (counted.views > limits.viewsPerClientPerHour) return 'flood';
        await trx
          .insertInto('field_views')
          .values({
            id: view.id,
            route: view.route,
            versions: JSON.stringify(view.versions),
            canary: JSON.stringify(view.canary),
            seen_at: now,
            client,
            events: events.length,
            has_error: hasError ? 1 : 0,
            ...metrics,
          })
          .execute();
      } else if (owner.client !== client) {
        return 'foreign';
      } else {
        await trx
          .updateTable('field_views')
          .set((eb) => ({ events: eb('events', '+', events.length), ...(hasError ? { has_error: 1 } : {}), ...metrics }))
          .where('id', '=', view.id)
          .execute();
      }
      await trx.insertInto('field_events').values(events.map((event) => eventRow(view.id, now, event))).execute();
      await trx
        .insertInto('field_client_totals')
        .values({ client, views: 1, events: events.length })
        .onConflict((conflict) =>
          conflict.column('client').doUpdateSet((eb) => ({
            views: eb('field_client_totals.views', '+', isNew ? 1 : 0),
            events: eb('field_client_totals.events', '+', events.length),
          })),
        )
        .execute();
      await trx
        .updateTable('field_totals')
        .set((eb) => ({ views: eb('views', '+', isNew ? 1 : 0), events: eb('events', '+', events.length) }))
        .execute();
      await trx.deleteFrom('field_views').where('seen_at', '<', now - FIELD_RETENTION_DAYS * DAY_MS).execute();
      const totals = await trx.selectFrom('field_totals').select(['views', 'events']).executeTakeFirstOrThrow();
      await evict(trx, 'views', limits.views, totals.views);
      await evict(trx, 'events', limits.events, (await trx.selectFrom('field_totals').select('events').executeTakeFirstOrThrow()).events);
      return 'stored';
    });
  }

  /** The figures of each group of a grouping: counts and each metric's p75, a row per group. */
  async function figuresBy(queries: ReturnType<typeof summaryQueries>, grouping: Grouping): Promise<Map<string, FieldFigures>> {
    const { counts, p75 } = queries.grouped(grouping);
    const [countRows, ...p75Rows] = await Promise.all([
      counts.execute(kysely),
      ...p75.map(([, query]) => query.execute(kysely)),
    ]);
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

  const queriesFor = (since: number, until: number, leaveOut = 0) =>
    summaryQueries(dialect, summaryWindow(since, until, limits.viewsPerClientPerHour, leaveOut));

  /**
   * Each remote's canary visitors beside its stable ones over [since, until]: what a release is judged by, each
   * side with its clients, and its counts with the `leaveOut` clients that push each most either way left out.
   */
  async function releases(since: number, until: number, leaveOut = 0): Promise<ReleaseFieldData> {
    const queries = queriesFor(since, until, leaveOut);
    const [trimmedRows, lcpRows, inpRows, sides] = await Promise.all([
      queries.trimmedCounts.execute(kysely),
      queries.medianClientLcp.execute(kysely),
      queries.medianClientInp.execute(kysely),
      figuresBy(queries, 'side'),
    ]);
    const trimmed = new Map(trimmedRows.rows.map((row) => [row.grp, row]));
    const lcp = new Map(lcpRows.rows.map((row) => [row.grp, row.value]));
    const inp = new Map(inpRows.rows.map((row) => [row.grp, row.value]));
    const byRemote = new Map<string, ReleaseFieldData['remotes'][number]>();
    for (const [key, figures] of sides) {
      const [remote, canary] = JSON.parse(key) as [string, number];
      const row = byRemote.get(remote) ?? { remote };
      const counts = trimmed.get(key);
      const timeFigure = (metric: 'LCP' | 'INP', views: number | undefined, value: number | undefined) => ({
        views: views ?? 0,
        ...(value === undefined ? {} : { p75: rounded(metric, value) }),
      });
      row[canary === 1 ? 'canary' : 'stable'] = {
        ...figures,
        loadFailures: counts?.allFailures ?? 0,
        clients: counts?.clients ?? 0,
        trimmed: {
          errors: { views: counts?.errorViews ?? 0, count: counts?.errors ?? 0 },
          loadFailures: { views: counts?.failureViews ?? 0, count: counts?.failures ?? 0 },
          errorsHigh: { views: counts?.errorViewsHigh ?? 0, count: counts?.errorsHigh ?? 0 },
          loadFailuresHigh: { views: counts?.failureViewsHigh ?? 0, count: counts?.failuresHigh ?? 0 },
          lcp: timeFigure('LCP', counts?.lcpViews, lcp.get(key)),
          inp: timeFigure('INP', counts?.inpViews, inp.get(key)),
        },
      };
      byRemote.set(remote, row);
    }
    return { since, until, leftOut: leaveOut, remotes: [...byRemote.values()].sort((a, b) => a.remote.localeCompare(b.remote)) };
  }

  async function summary(now: number, days: number): Promise<FieldSummary> {
    const since = now - days * DAY_MS;
    const queries = queriesFor(since, now);
    const [routes, daysFigures, outcomeRows, loadRows, releaseFigures] = await Promise.all([
      figuresBy(queries, 'route'),
      figuresBy(queries, 'day'),
      queries.slotOutcomes.execute(kysely),
      queries.slotLoadP75.execute(kysely),
      figuresBy(queries, 'release'),
    ]);
    const byRoute = [...routes]
      .map(([route, figures]) => ({ route, ...figures }))
      .sort((a, b) => b.views - a.views || a.route.localeCompare(b.route));

    const byDay = [...daysFigures]
      .map(([key, figures]) => {
        const [dayNumber = '', route = ''] = key.split(/ (.*)/s);
        return { day: new Date(Number(dayNumber) * DAY_MS).toISOString().slice(0, 10), route, ...figures };
      })
      .sort((a, b) => a.day.localeCompare(b.day) || a.route.localeCompare(b.route));

    const outcomes = new Map(outcomeRows.rows.map((row) => [row.grp, row]));
    const loadP75 = new Map(loadRows.rows.map((row) => [row.grp, row.value]));
    const byRemoteVersion = [...releaseFigures]
      .map(([key, figures]) => {
        const [remote, version, canary] = JSON.parse(key) as [string, string, number];
        const load = loadP75.get(key);
        return {
          remote,
          version,
          canary: canary === 1,
          ...figures,
          ...(load === undefined ? {} : { slotLoadP75: Math.round(load) }),
          fallbacks: outcomes.get(key)?.fallbacks ?? 0,
          failures: outcomes.get(key)?.failures ?? 0,
        };
      })
      .sort(
        (a, b) =>
          a.remote.localeCompare(b.remote) ||
          a.version.localeCompare(b.version, undefined, { numeric: true }) ||
          Number(a.canary) - Number(b.canary),
      );

    return { since, until: now, byRoute, byRemoteVersion, byDay };
  }

  return { record, summary, releases };
}

export type FieldDataStore = ReturnType<typeof createFieldDataStore>;
