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
import type { Statement } from 'better-sqlite3';
import type { Db } from './database';

const DAY_MS = 86_400_000;
/** China time, where the site's visitors and its ops are: a day of field data is a day there. */
const CHINA_OFFSET_MS = 8 * 3_600_000;
/**
 * Beyond retention, caps: a flood of beacons cannot grow the file without bound. The views cap holds many small
 * views, the events cap one view id sent again and again. Oldest go first, and a view always goes whole with its
 * events, so no figure is computed over a view that lost half of what it measured.
 */
export const MAX_FIELD_VIEWS = 100_000;
export const MAX_FIELD_EVENTS = 200_000;
/**
 * The summary shows this many builds of each remote at most, those seen in the most views: enough for a stable
 * build, its canary and a few older tabs, and a reply of bounded size whatever versions beacons claim.
 */
export const MAX_VERSIONS_PER_REMOTE = 10;

export interface FieldDataLimits {
  views: number;
  events: number;
}

/** The column of a view that holds the last value of a metric it sent (migrations/004_caps.sql). */
const metricColumn = (metric: FieldMetric) => metric.toLowerCase();
const METRIC_COLUMNS = FIELD_METRICS.map(metricColumn).join(', ');

/**
 * The page views of the window, one row each with its figures, restricted to the routes of the route manifest
 * (what was stored before beacons were checked against it counts for nothing). `json` adds what only the grouping
 * by remote build reads.
 */
const windowOf = (json = '') => `
  views AS MATERIALIZED (
    SELECT id, route, seen_at, has_error, ${METRIC_COLUMNS}${json} FROM field_views
     WHERE seen_at >= @since AND seen_at <= @until AND route IN (SELECT value FROM json_each(@routes))
  )`;

/**
 * Each view with the group it counts in (`grp`, text) and its figures, for one way of grouping the window. A day
 * is its number since the epoch in China time, beside the route (`20046 /about/*`): cheaper per row than a date.
 */
const GROUPINGS = {
  route: `${windowOf()}, members AS (SELECT route AS grp, * FROM views)`,
  day: `${windowOf()}, members AS (SELECT ((seen_at + ${CHINA_OFFSET_MS}) / ${DAY_MS}) || ' ' || route AS grp, * FROM views)`,
  // A build of a remote: its version, canary apart from stable; only the most viewed builds of each remote.
  release: `${windowOf(', versions, canary')}, releases AS MATERIALIZED (
    SELECT r.key AS remote, r.value AS version, EXISTS (SELECT 1 FROM json_each(v.canary) c WHERE c.value = r.key) AS canary,
           v.id, v.has_error, ${FIELD_METRICS.map((metric) => `v.${metricColumn(metric)}`).join(', ')}
      FROM views v, json_each(v.versions) r
     WHERE r.key IN (SELECT value FROM json_each(@remotes))
  ),
  shown AS (
    SELECT remote, version, canary FROM (
      SELECT remote, version, canary,
             row_number() OVER (PARTITION BY remote ORDER BY count(*) DESC, version, canary) AS place
        FROM releases GROUP BY remote, version, canary
    ) WHERE place <= @maxVersions
  ),
  members AS (
    SELECT json_array(remote, version, canary) AS grp, * FROM releases WHERE (remote, version, canary) IN shown
  )`,
  /**
   * A remote's canary visitors apart from its stable ones, whatever build they ended up running (a canary visitor
   * whose canary failed runs the stable build, and counts as a canary visitor). A view counts for a remote it ran,
   * was in the canary of, or reported a slot of: a view whose every entry of it failed has no version of it.
   */
  side: `${windowOf(', versions, canary')}, remotesOf AS (
    SELECT v.id AS view_id, r.key AS remote FROM views v, json_each(v.versions) r
    UNION SELECT v.id, c.value FROM views v, json_each(v.canary) c
    UNION SELECT e.view_id, e.remote FROM field_events e WHERE e.kind = 'slot' AND e.view_id IN (SELECT id FROM views)
  ),
  members AS (
    SELECT json_array(m.remote, EXISTS (SELECT 1 FROM json_each(v.canary) c WHERE c.value = m.remote)) AS grp, m.remote AS remote, v.*
      FROM remotesOf m JOIN views v ON v.id = m.view_id
     WHERE m.remote IN (SELECT value FROM json_each(@remotes))
  )`,
} as const;

type Grouping = keyof typeof GROUPINGS;

interface GroupCount {
  grp: string;
  views: number;
  withErrors: number;
}

interface GroupValue {
  grp: string;
  value: number;
}

/** The named parameters of every summary statement (each uses those it names). */
interface SummaryWindow {
  since: number;
  until: number;
  /** JSON lists: the route manifest's patterns, the parts table's remotes. */
  routes: string;
  remotes: string;
  maxVersions: number;
}

/** The nearest-rank 75th percentile of `value` per `keys`: the value at rank ceil(0.75 × n), always one measured. */
const p75Of = (rows: string, keys: string) => `
  SELECT ${keys}, value FROM (
    SELECT ${keys}, value, row_number() OVER (PARTITION BY ${keys} ORDER BY value) AS place,
           count(*) OVER (PARTITION BY ${keys}) AS n
      FROM ${rows}
  ) WHERE place = CAST(ceil(0.75 * n) AS INTEGER)`;

/** Per grouping: views and views with an error per group, and each metric's p75 per group (a sort of one column). */
const QUERIES = (grouping: Grouping) => ({
  counts: `WITH ${GROUPINGS[grouping]} SELECT grp, count(*) AS views, sum(has_error) AS withErrors FROM members GROUP BY grp`,
  p75: Object.fromEntries(
    FIELD_METRICS.map((metric) => [
      metric,
      `WITH ${GROUPINGS[grouping]}, measured AS (SELECT grp, ${metricColumn(metric)} AS value FROM members WHERE ${metricColumn(metric)} IS NOT NULL)
       ${p75Of('measured', 'grp')}`,
    ]),
  ) as Record<FieldMetric, string>,
});

/** A release's slot: its load times, and the views where it fell back or failed (a view's events by its index). */
const slotsOf = (grouping: 'release' | 'side') => `WITH ${GROUPINGS[grouping]}, slots AS (
    SELECT m.grp, e.view_id, e.value, e.outcome
      FROM members m JOIN field_events e ON e.view_id = m.id AND e.kind = 'slot' AND e.remote = m.remote
  )`;
const SLOTS = slotsOf('release');
const SLOT_QUERIES = {
  outcomes: `${SLOTS}
    SELECT grp, count(DISTINCT CASE WHEN outcome = 'fallback' THEN view_id END) AS fallbacks,
           count(DISTINCT CASE WHEN outcome = 'failed' THEN view_id END) AS failures
      FROM slots GROUP BY grp`,
  // A view counts once however many of its loads fell back or failed (a slot retries).
  sideFailures: `${slotsOf('side')}
    SELECT grp, count(DISTINCT CASE WHEN outcome <> 'loaded' THEN view_id END) AS failures FROM slots GROUP BY grp`,
  // Loads that ended with a module: a failure has no load time worth the name (a module that threw at start is
  // reported with 0 ms) and is counted on its own, in `failures`, so a failing canary cannot look fast.
  loadP75: `${SLOTS}, loads AS (SELECT grp, coalesce(value, 0) AS value FROM slots WHERE outcome <> 'failed')
    ${p75Of('loads', 'grp')}`,
};

const rounded = (metric: FieldMetric, value: number) => (metric === 'CLS' ? Math.round(value * 1000) / 1000 : Math.round(value));

export function createFieldDataStore(db: Db, limits: FieldDataLimits = { views: MAX_FIELD_VIEWS, events: MAX_FIELD_EVENTS }) {
  const insertView = db.prepare<[string, string, string, string, number]>(
    'INSERT OR IGNORE INTO field_views (id, route, versions, canary, seen_at) VALUES (?, ?, ?, ?, ?)',
  );
  const insertEvent = db.prepare<[string, number, string, string | null, number | null, string | null, string | null, string | null, string | null]>(
    'INSERT INTO field_events (view_id, received_at, kind, name, value, remote, version, outcome, message) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  // Events go with their view (ON DELETE CASCADE).
  const dropOld = db.prepare<[number]>('DELETE FROM field_views WHERE seen_at < ?');
  // Rowids and event ids only grow, so the rows at or below newest - cap are the oldest ones over it: an indexed
  // range, never a count or an OFFSET over the table.
  const dropViewsOverCap = db.prepare<[number]>('DELETE FROM field_views WHERE rowid <= ?');
  const dropViewsOfEventsOverCap = db.prepare<[number]>(
    'DELETE FROM field_views WHERE id IN (SELECT view_id FROM field_events WHERE id <= ?)',
  );
  // A metric sent again counts with its last value (CLS and INP only grow).
  const setMetric = Object.fromEntries(
    FIELD_METRICS.map((metric) => [metric, db.prepare<[number, string]>(`UPDATE field_views SET ${metricColumn(metric)} = ? WHERE id = ?`)]),
  ) as Record<FieldMetric, Statement<[number, string]>>;
  const setError = db.prepare<[string]>('UPDATE field_views SET has_error = 1 WHERE id = ?');

  const statements = Object.fromEntries(
    (Object.keys(GROUPINGS) as Grouping[]).map((grouping) => {
      const { counts, p75 } = QUERIES(grouping);
      const perMetric = FIELD_METRICS.map((metric): [FieldMetric, Statement<[SummaryWindow], GroupValue>] => [metric, db.prepare(p75[metric])]);
      return [grouping, { counts: db.prepare<[SummaryWindow], GroupCount>(counts), p75: perMetric }];
    }),
  ) as Record<Grouping, { counts: Statement<[SummaryWindow], GroupCount>; p75: [FieldMetric, Statement<[SummaryWindow], GroupValue>][] }>;
  const slotOutcomes = db.prepare<[SummaryWindow], { grp: string; fallbacks: number; failures: number }>(SLOT_QUERIES.outcomes);
  const slotLoadP75 = db.prepare<[SummaryWindow], GroupValue>(SLOT_QUERIES.loadP75);
  const sideFailures = db.prepare<[SummaryWindow], { grp: string; failures: number }>(SLOT_QUERIES.sideFailures);

  /**
   * The first batch of a view stores it with its first-seen time; later ones (the page hidden again) only append
   * events. A batch with no event left stores nothing: an empty view would count as one without errors.
   */
  function record(view: FieldView, events: FieldEvent[], now: number): void {
    if (events.length === 0) return;
    const stored = insertView.run(view.id, view.route, JSON.stringify(view.versions), JSON.stringify(view.canary), now);
    let newest = 0;
    for (const event of events) {
      const inserted =
        event.kind === 'metric'
          ? insertEvent.run(view.id, now, 'metric', event.name, event.value, null, null, null, null)
          : event.kind === 'slot'
            ? insertEvent.run(view.id, now, 'slot', null, event.loadMs, event.remote, event.version, event.outcome, null)
            : insertEvent.run(view.id, now, 'error', null, null, event.remote ?? null, event.version ?? null, null, event.message);
      if (event.kind === 'metric') setMetric[event.name].run(event.value, view.id);
      if (event.kind === 'error') setError.run(view.id);
      newest = Number(inserted.lastInsertRowid);
    }
    dropOld.run(now - FIELD_RETENTION_DAYS * DAY_MS);
    const viewRow = Number(stored.lastInsertRowid);
    if (stored.changes === 1 && viewRow > limits.views) dropViewsOverCap.run(viewRow - limits.views);
    if (newest > limits.events) dropViewsOfEventsOverCap.run(newest - limits.events);
  }

  /** The figures of each group of a grouping, in SQL: what comes back is a row per group, never a row per view. */
  function figuresBy(grouping: Grouping, window: SummaryWindow): Map<string, FieldFigures> {
    const { counts, p75 } = statements[grouping];
    const groups = new Map<string, FieldFigures>();
    for (const row of counts.all(window)) {
      groups.set(row.grp, { views: row.views, errorRate: row.withErrors / row.views, p75: {} });
    }
    for (const [metric, statement] of p75) {
      for (const row of statement.all(window)) {
        const group = groups.get(row.grp);
        if (group) group.p75[metric] = rounded(metric, row.value);
      }
    }
    return groups;
  }

  const windowFrom = (since: number, until: number): SummaryWindow => ({
    since,
    until,
    routes: JSON.stringify(SITE_ROUTES.map((route) => route.path)),
    remotes: JSON.stringify(REMOTE_NAMES),
    maxVersions: MAX_VERSIONS_PER_REMOTE,
  });

  /** Each remote's canary visitors beside its stable ones over [since, until]: what a release is judged by. */
  function releases(since: number, until: number): ReleaseFieldData {
    const window = windowFrom(since, until);
    const failures = new Map(sideFailures.all(window).map((row) => [row.grp, row.failures]));
    const byRemote = new Map<string, ReleaseFieldData['remotes'][number]>();
    for (const [key, figures] of figuresBy('side', window)) {
      const [remote, canary] = JSON.parse(key) as [string, number];
      const row = byRemote.get(remote) ?? { remote };
      row[canary === 1 ? 'canary' : 'stable'] = { ...figures, loadFailures: failures.get(key) ?? 0 };
      byRemote.set(remote, row);
    }
    return { since, until, remotes: [...byRemote.values()].sort((a, b) => a.remote.localeCompare(b.remote)) };
  }

  function summary(now: number, days: number): FieldSummary {
    const since = now - days * DAY_MS;
    const window = windowFrom(since, now);
    const byRoute = [...figuresBy('route', window)]
      .map(([route, figures]) => ({ route, ...figures }))
      .sort((a, b) => b.views - a.views || a.route.localeCompare(b.route));

    const byDay = [...figuresBy('day', window)]
      .map(([key, figures]) => {
        const [dayNumber = '', route = ''] = key.split(/ (.*)/s);
        return { day: new Date(Number(dayNumber) * DAY_MS).toISOString().slice(0, 10), route, ...figures };
      })
      .sort((a, b) => a.day.localeCompare(b.day) || a.route.localeCompare(b.route));

    const outcomes = new Map(
      slotOutcomes.all(window).map((row) => [row.grp, row]),
    );
    const loadP75 = new Map(slotLoadP75.all(window).map((row) => [row.grp, row.value]));
    const byRemoteVersion = [...figuresBy('release', window)]
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

  return { record: db.transaction(record), summary, releases };
}

export type FieldDataStore = ReturnType<typeof createFieldDataStore>;
