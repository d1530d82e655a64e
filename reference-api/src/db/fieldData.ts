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

/** The column of a view that holds the last value of a metric it sent (migrations/004_caps.sql). */
const metricColumn = (metric: FieldMetric) => metric.toLowerCase();
const METRIC_COLUMNS = FIELD_METRICS.map(metricColumn).join(', ');

/**
 * The page views of the window, one row each with its figures, restricted to the routes of the route manifest
 * (what was stored before beacons were checked against it counts for nothing) and to the clients that were no
 * flooders in the hour the view was sent. `json` adds what only the grouping by remote build reads.
 */
const windowOf = (json = '') => `
  views AS MATERIALIZED (
    SELECT id, client, route, seen_at, has_error, ${METRIC_COLUMNS}${json} FROM field_views v
     WHERE seen_at >= @since AND seen_at <= @until AND route IN (SELECT value FROM json_each(@routes))
       AND NOT EXISTS (SELECT 1 FROM field_client_hours h WHERE h.client = v.client AND h.hour = v.seen_at / ${HOUR_MS} AND h.views > @perClientPerHour)
  )`;

/**
 * Each view with the group it counts in (`grp`, text) and its figures, for one way of grouping the window. A day
 * is its number since the epoch in China time, beside the route (`20046 /about/*`): cheaper per row than a date.
 */
export const GROUPINGS = {
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
export interface SummaryWindow {
  since: number;
  until: number;
  /** JSON lists: the route manifest's patterns, the parts table's remotes. */
  routes: string;
  remotes: string;
  maxVersions: number;
  perClientPerHour: number;
}

/** The nearest-rank 75th percentile of `value` per `keys`: the value at rank ceil(0.75 × n), always one measured. */
export const p75Of = (rows: string, keys: string) => `
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
const SLOTS = `WITH ${GROUPINGS.release}, slots AS (
    SELECT m.grp, e.view_id, e.value, e.outcome
      FROM members m JOIN field_events e ON e.view_id = m.id AND e.kind = 'slot' AND e.remote = m.remote
  )`;
const SLOT_QUERIES = {
  outcomes: `${SLOTS}
    SELECT grp, count(DISTINCT CASE WHEN outcome = 'fallback' THEN view_id END) AS fallbacks,
           count(DISTINCT CASE WHEN outcome = 'failed' THEN view_id END) AS failures
      FROM slots GROUP BY grp`,
  // Loads that ended with a module: a failure has no load time worth the name (a module that threw at start is
  // reported with 0 ms) and is counted on its own, in `failures`, so a failing canary cannot look fast.
  loadP75: `${SLOTS}, loads AS (SELECT grp, coalesce(value, 0) AS value FROM slots WHERE outcome <> 'failed')
    ${p75Of('loads', 'grp')}`,
};

/**
 * Each side's clients, and for each count (errors, load failures) and for LCP, whether the client is left out: one of
 * the `@leaveOut` with the most such views, or with the most views without (a forger pushing either way is one of
 * them); for LCP, one of the `@leaveOut` that measured most. What the guard judges by (deploy/ops/release/README.md).
 */
const SIDE_CLIENTS = `WITH ${GROUPINGS.side},
  failed AS (
    SELECT DISTINCT view_id, remote FROM field_events WHERE kind = 'slot' AND outcome <> 'loaded' AND view_id IN (SELECT id FROM views)
  ),
  perClient AS (
    SELECT m.grp, m.client, count(*) AS views, sum(m.has_error) AS errors, count(f.view_id) AS failures, count(m.lcp) AS measured
      FROM members m LEFT JOIN failed f ON f.view_id = m.id AND f.remote = m.remote
     GROUP BY m.grp, m.client
  ),
  ranks AS (
    SELECT *,
           row_number() OVER (PARTITION BY grp ORDER BY errors DESC, client) AS mostErrors,
           row_number() OVER (PARTITION BY grp ORDER BY views - errors DESC, client) AS mostWithoutErrors,
           row_number() OVER (PARTITION BY grp ORDER BY failures DESC, client) AS mostFailures,
           row_number() OVER (PARTITION BY grp ORDER BY views - failures DESC, client) AS mostWithoutFailures,
           row_number() OVER (PARTITION BY grp ORDER BY measured DESC, client) AS mostMeasured
      FROM perClient
  ),
  clients AS (
    SELECT grp, client, views, errors, failures, measured,
           (errors > 0 AND mostErrors <= @leaveOut) OR (views > errors AND mostWithoutErrors <= @leaveOut) AS errorsOut,
           (failures > 0 AND mostFailures <= @leaveOut) OR (views > failures AND mostWithoutFailures <= @leaveOut) AS failuresOut,
           measured > 0 AND mostMeasured <= @leaveOut AS lcpOut
      FROM ranks
  )`;
const TRIMMED_QUERIES = {
  counts: `${SIDE_CLIENTS}
    SELECT grp, count(*) AS clients, sum(failures) AS allFailures,
           sum(CASE WHEN errorsOut THEN 0 ELSE views END) AS errorViews, sum(CASE WHEN errorsOut THEN 0 ELSE errors END) AS errors,
           sum(CASE WHEN failuresOut THEN 0 ELSE views END) AS failureViews, sum(CASE WHEN failuresOut THEN 0 ELSE failures END) AS failures,
           sum(CASE WHEN lcpOut THEN 0 ELSE measured END) AS lcpViews
      FROM clients GROUP BY grp`,
  lcpP75: `${SIDE_CLIENTS}, measuredKept AS (
      SELECT m.grp, m.lcp AS value FROM members m JOIN clients c ON c.grp = m.grp AND c.client = m.client
       WHERE NOT c.lcpOut AND m.lcp IS NOT NULL
    )
    ${p75Of('measuredKept', 'grp')}`,
};

interface TrimmedCounts {
  grp: string;
  clients: number;
  allFailures: number;
  errorViews: number;
  errors: number;
  failureViews: number;
  failures: number;
  lcpViews: number;
}

const rounded = (metric: FieldMetric, value: number) => (metric === 'CLS' ? Math.round(value * 1000) / 1000 : Math.round(value));

export function createFieldDataStore(db: Db, given: Partial<FieldDataLimits> = {}) {
  const limits: FieldDataLimits = { ...DEFAULT_FIELD_DATA_LIMITS, ...given };
  const insertView = db.prepare<[string, string, string, string, number, string]>(
    'INSERT OR IGNORE INTO field_views (id, route, versions, canary, seen_at, client) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const ownerOf = db.prepare<[string], string>('SELECT client FROM field_views WHERE id = ?').pluck();
  // Refused views count too: a client past the cap stays past it however it goes on.
  const countNewView = db.prepare<[string, number], number>(
    'INSERT INTO field_client_hours (client, hour, views) VALUES (?, ?, 1) ON CONFLICT (client, hour) DO UPDATE SET views = views + 1 RETURNING views',
  ).pluck();
  // An hour's count matters while it is the current one, and while it marks a flood whose views are kept.
  const dropOldHours = db.prepare<[number, number, number]>('DELETE FROM field_client_hours WHERE hour < ? OR (hour < ? AND views <= ?)');
  const countView = db.prepare<[string]>(
    'INSERT INTO field_client_totals (client, views, events) VALUES (?, 1, 0) ON CONFLICT (client) DO UPDATE SET views = views + 1',
  );
  const countStoreView = db.prepare('UPDATE field_totals SET views = views + 1');
  const countEvents = {
    view: db.prepare<[number, string]>('UPDATE field_views SET events = events + ? WHERE id = ?'),
    client: db.prepare<[number, string]>('UPDATE field_client_totals SET events = events + ? WHERE client = ?'),
    store: db.prepare<[number]>('UPDATE field_totals SET events = events + ?'),
  };
  const totals = db.prepare<[], { views: number; events: number }>('SELECT views, events FROM field_totals');
  const holdingMost = {
    views: db.prepare<[], string>('SELECT client FROM field_client_totals ORDER BY views DESC LIMIT 1').pluck(),
    events: db.prepare<[], string>('SELECT client FROM field_client_totals ORDER BY events DESC LIMIT 1').pluck(),
  };
  // Events go with their view (ON DELETE CASCADE); the totals follow (trigger field_views_gone).
  const dropOldestOf = db.prepare<[string]>(
    'DELETE FROM field_views WHERE rowid = (SELECT rowid FROM field_views WHERE client = ? ORDER BY seen_at, rowid LIMIT 1)',
  );
  const insertEvent = db.prepare<[string, number, string, string | null, number | null, string | null, string | null, string | null, string | null]>(
    'INSERT INTO field_events (view_id, received_at, kind, name, value, remote, version, outcome, message) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const dropOld = db.prepare<[number]>('DELETE FROM field_views WHERE seen_at < ?');
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
  const trimmedCounts = db.prepare<[SummaryWindow & { leaveOut: number }], TrimmedCounts>(TRIMMED_QUERIES.counts);
  const trimmedLcp = db.prepare<[SummaryWindow & { leaveOut: number }], GroupValue>(TRIMMED_QUERIES.lcpP75);

  let prunedHour = -1;
  /** Past a cap, the client holding most of it loses its oldest view, until the store is within it. */
  function evict(kind: 'views' | 'events', cap: number): void {
    while ((totals.get()?.[kind] ?? 0) > cap) {
      const client = holdingMost[kind].get();
      if (client === undefined || dropOldestOf.run(client).changes === 0) return;
    }
  }

  /**
   * The first batch of a view stores it with its first-seen time and its client, unless that client is past its
   * cap this hour; later ones (the page hidden again) only append events, and only from the same client: nobody
   * else's view can be made to fail. A batch with no event left stores nothing: an empty view would count as one
   * without errors.
   */
  function record(view: FieldView, events: FieldEvent[], now: number, client: string): RecordOutcome {
    if (events.length === 0) return 'empty';
    const hour = Math.floor(now / HOUR_MS);
    if (hour !== prunedHour) {
      prunedHour = hour;
      dropOldHours.run(Math.floor((now - FIELD_RETENTION_DAYS * DAY_MS) / HOUR_MS), hour, limits.viewsPerClientPerHour);
    }
    const owner = ownerOf.get(view.id);
    if (owner === undefined) {
      if ((countNewView.get(client, hour) ?? 0) > limits.viewsPerClientPerHour) return 'flood';
      insertView.run(view.id, view.route, JSON.stringify(view.versions), JSON.stringify(view.canary), now, client);
      countView.run(client);
      countStoreView.run();
    } else if (owner !== client) {
      return 'foreign';
    }
    for (const event of events) {
      if (event.kind === 'metric') insertEvent.run(view.id, now, 'metric', event.name, event.value, null, null, null, null);
      else if (event.kind === 'slot') insertEvent.run(view.id, now, 'slot', null, event.loadMs, event.remote, event.version, event.outcome, null);
      else insertEvent.run(view.id, now, 'error', null, null, event.remote ?? null, event.version ?? null, null, event.message);
      if (event.kind === 'metric') setMetric[event.name].run(event.value, view.id);
      if (event.kind === 'error') setError.run(view.id);
    }
    countEvents.view.run(events.length, view.id);
    countEvents.client.run(events.length, client);
    countEvents.store.run(events.length);
    dropOld.run(now - FIELD_RETENTION_DAYS * DAY_MS);
    evict('views', limits.views);
    evict('events', limits.events);
    return 'stored';
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
    perClientPerHour: limits.viewsPerClientPerHour,
  });

  /**
   * Each remote's canary visitors beside its stable ones over [since, until]: what a release is judged by, each
   * side with its clients, and its counts with the `leaveOut` clients that push each most either way left out.
   */
  function releases(since: number, until: number, leaveOut = 0): ReleaseFieldData {
    const window = windowFrom(since, until);
    const trimmed = new Map(trimmedCounts.all({ ...window, leaveOut }).map((row) => [row.grp, row]));
    const lcp = new Map(trimmedLcp.all({ ...window, leaveOut }).map((row) => [row.grp, row.value]));
    const byRemote = new Map<string, ReleaseFieldData['remotes'][number]>();
    for (const [key, figures] of figuresBy('side', window)) {
      const [remote, canary] = JSON.parse(key) as [string, number];
      const row = byRemote.get(remote) ?? { remote };
      const counts = trimmed.get(key);
      const p75 = lcp.get(key);
      row[canary === 1 ? 'canary' : 'stable'] = {
        ...figures,
        loadFailures: counts?.allFailures ?? 0,
        clients: counts?.clients ?? 0,
        trimmed: {
          errors: { views: counts?.errorViews ?? 0, count: counts?.errors ?? 0 },
          loadFailures: { views: counts?.failureViews ?? 0, count: counts?.failures ?? 0 },
          lcp: { views: counts?.lcpViews ?? 0, ...(p75 === undefined ? {} : { p75: rounded('LCP', p75) }) },
        },
      };
      byRemote.set(remote, row);
    }
    return { since, until, leftOut: leaveOut, remotes: [...byRemote.values()].sort((a, b) => a.remote.localeCompare(b.remote)) };
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
