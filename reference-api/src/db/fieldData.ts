import {
  FIELD_METRICS,
  FIELD_RETENTION_DAYS,
  type FieldEvent,
  type FieldFigures,
  type FieldMetric,
  type FieldSummary,
  type FieldView,
  type SlotOutcome,
} from '../../../shared/src/api/fieldData';
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

export interface FieldDataLimits {
  views: number;
  events: number;
}

interface ViewRow {
  id: string;
  route: string;
  versions: string;
  canary: string;
  seenAt: number;
}

interface EventRow {
  viewId: string;
  kind: FieldEvent['kind'];
  name: string | null;
  value: number | null;
  remote: string | null;
  version: string | null;
  outcome: string | null;
}

/**
 * The 75th percentile by nearest rank: sorted ascending, the value at index ceil(0.75 × n) − 1, i.e. the smallest
 * value with at least 75 % of the values at or below it. Always a value that was measured, never an interpolation,
 * so five views give their 4th value ([1000, 1200, 1500, 2400, 3000] ⇒ 2400).
 */
export function p75(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1];
}

const rounded = (metric: FieldMetric, value: number) => (metric === 'CLS' ? Math.round(value * 1000) / 1000 : Math.round(value));

export function chinaDay(time: number): string {
  return new Date(time + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

interface ParsedView {
  id: string;
  route: string;
  versions: Record<string, string>;
  canary: string[];
  seenAt: number;
  events: EventRow[];
}

/** The figures of a set of views: a metric sent more than once in a view counts with its last value (CLS, INP grow). */
function figures(views: ParsedView[]): FieldFigures {
  const p75s: FieldFigures['p75'] = {};
  for (const metric of FIELD_METRICS) {
    const values = views.flatMap((view) => {
      const sent = view.events.filter((event) => event.kind === 'metric' && event.name === metric);
      const last = sent[sent.length - 1]?.value;
      return last === undefined || last === null ? [] : [last];
    });
    const value = p75(values);
    if (value !== undefined) p75s[metric] = rounded(metric, value);
  }
  const withErrors = views.filter((view) => view.events.some((event) => event.kind === 'error')).length;
  return { views: views.length, errorRate: views.length ? withErrors / views.length : 0, p75: p75s };
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

export function createFieldDataStore(db: Db, limits: FieldDataLimits = { views: MAX_FIELD_VIEWS, events: MAX_FIELD_EVENTS }) {
  const insertView = db.prepare<[string, string, string, string, number]>(
    'INSERT OR IGNORE INTO field_views (id, route, versions, canary, seen_at) VALUES (?, ?, ?, ?, ?)',
  );
  const insertEvent = db.prepare<[string, number, string, string | null, number | null, string | null, string | null, string | null, string | null]>(
    'INSERT INTO field_events (view_id, received_at, kind, name, value, remote, version, outcome, message) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  // Events go with their view (ON DELETE CASCADE).
  const dropOld = db.prepare<[number]>('DELETE FROM field_views WHERE seen_at < ?');
  const dropViewsOverCap = db.prepare<[number]>(
    'DELETE FROM field_views WHERE id IN (SELECT id FROM field_views ORDER BY seen_at DESC LIMIT -1 OFFSET ?)',
  );
  // Event ids only grow (AUTOINCREMENT), so the events at or below newest - cap are the oldest ones over it: an
  // indexed range, as in the statistics store.
  const dropViewsOfEventsOverCap = db.prepare<[number]>(
    'DELETE FROM field_views WHERE id IN (SELECT view_id FROM field_events WHERE id <= ?)',
  );
  const viewsSince = db.prepare<[number, number], ViewRow>(
    'SELECT id, route, versions, canary, seen_at AS seenAt FROM field_views WHERE seen_at >= ? AND seen_at <= ? ORDER BY seen_at',
  );
  const eventsSince = db.prepare<[number, number], EventRow>(
    `SELECT e.view_id AS viewId, e.kind, e.name, e.value, e.remote, e.version, e.outcome
       FROM field_events e JOIN field_views v ON v.id = e.view_id
      WHERE v.seen_at >= ? AND v.seen_at <= ? ORDER BY e.id`,
  );

  /**
   * The first batch of a view stores it with its first-seen time; later ones (the page hidden again) only append
   * events. A batch with no event left stores nothing: an empty view would count as one without errors.
   */
  function record(view: FieldView, events: FieldEvent[], now: number): void {
    if (events.length === 0) return;
    insertView.run(view.id, view.route, JSON.stringify(view.versions), JSON.stringify(view.canary), now);
    let newest = 0;
    for (const event of events) {
      const inserted =
        event.kind === 'metric'
          ? insertEvent.run(view.id, now, 'metric', event.name, event.value, null, null, null, null)
          : event.kind === 'slot'
            ? insertEvent.run(view.id, now, 'slot', null, event.loadMs, event.remote, event.version, event.outcome, null)
            : insertEvent.run(view.id, now, 'error', null, null, event.remote ?? null, event.version ?? null, null, event.message);
      newest = Number(inserted.lastInsertRowid);
    }
    dropOld.run(now - FIELD_RETENTION_DAYS * DAY_MS);
    dropViewsOverCap.run(limits.views);
    if (newest > limits.events) dropViewsOfEventsOverCap.run(newest - limits.events);
  }

  function summary(now: number, days: number): FieldSummary {
    const since = now - days * DAY_MS;
    const events = groupBy(eventsSince.all(since, now), (event) => event.viewId);
    const views: ParsedView[] = viewsSince.all(since, now).map((row) => ({
      id: row.id,
      route: row.route,
      versions: JSON.parse(row.versions) as Record<string, string>,
      canary: JSON.parse(row.canary) as string[],
      seenAt: row.seenAt,
      events: events.get(row.id) ?? [],
    }));

    const byRoute = [...groupBy(views, (view) => view.route)]
      .map(([route, group]) => ({ route, ...figures(group) }))
      .sort((a, b) => b.views - a.views || a.route.localeCompare(b.route));

    const releases = new Map<string, { remote: string; version: string; canary: boolean; views: ParsedView[] }>();
    for (const view of views) {
      for (const [remote, version] of Object.entries(view.versions)) {
        const canary = view.canary.includes(remote);
        const key = JSON.stringify([remote, version, canary]);
        const release = releases.get(key) ?? { remote, version, canary, views: [] };
        release.views.push(view);
        releases.set(key, release);
      }
    }
    const byRemoteVersion = [...releases.values()]
      .sort(
        (a, b) =>
          a.remote.localeCompare(b.remote) ||
          a.version.localeCompare(b.version, undefined, { numeric: true }) ||
          Number(a.canary) - Number(b.canary),
      )
      .map(({ remote, version, canary, views: group }) => {
        const isSlotOf = (event: EventRow) => event.kind === 'slot' && event.remote === remote;
        const slots = group.flatMap((view) => view.events.filter(isSlotOf));
        const viewsWith = (outcome: SlotOutcome) =>
          group.filter((view) => view.events.some((event) => isSlotOf(event) && event.outcome === outcome)).length;
        // Loads that ended with a module: a failure has no load time worth the name (a module that threw at start
        // is reported with 0 ms) and is counted on its own, in `failures`, so a failing canary cannot look fast.
        const loadP75 = p75(slots.filter((slot) => slot.outcome !== 'failed').map((slot) => slot.value ?? 0));
        return {
          remote,
          version,
          canary,
          ...figures(group),
          ...(loadP75 === undefined ? {} : { slotLoadP75: Math.round(loadP75) }),
          fallbacks: viewsWith('fallback'),
          failures: viewsWith('failed'),
        };
      });

    const byDay = [...groupBy(views, (view) => JSON.stringify([chinaDay(view.seenAt), view.route]))]
      .map(([key, group]) => {
        const [day, route] = JSON.parse(key) as [string, string];
        return { day, route, ...figures(group) };
      })
      .sort((a, b) => a.day.localeCompare(b.day) || a.route.localeCompare(b.route));

    return { since, until: now, byRoute, byRemoteVersion, byDay };
  }

  return { record: db.transaction(record), summary };
}

export type FieldDataStore = ReturnType<typeof createFieldDataStore>;
