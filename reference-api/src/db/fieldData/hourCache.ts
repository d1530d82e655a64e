import { DAY_MS, FIELD_RETENTION_DAYS, HOUR_MS, SITE_ROUTES } from '@wenrun/shared/node';
import { sql } from 'kysely';
import type { Db } from '../database';
import { buildsOf, sidesOf, type ReleaseMember, type RemoteMember } from './groupings';

/** A slot of a view: which remote, how it ended and how long it took (ms; 0 when a module threw at start). */
export interface WindowSlot {
  remote: string;
  outcome: string | null;
  value: number | null;
}

/** A page view as every figure reads it: the view's row, its slots, and whether its client flooded that hour. */
export interface WindowView {
  id: string;
  client: string;
  route: string;
  seenAt: number;
  hasError: boolean;
  lcp: number | null;
  inp: number | null;
  cls: number | null;
  ttfb: number | null;
  /** The build of each remote the view ran (shared between views with the same: never changed). */
  versions: Readonly<Record<string, string>>;
  /** The remotes whose canary the view was in. */
  canary: readonly string[];
  slots: WindowSlot[];
  flooded: boolean;
  /** What the view counts for, worked out once when its hour is read (groupings.ts). */
  sides: RemoteMember[];
  builds: ReleaseMember[];
}

interface CachedHour {
  changes: number;
  views: WindowView[];
}

const ROUTES = new Set<string>(SITE_ROUTES.map((route) => route.path));

/** The views of hours [first, last] with their slots and flood marks, by hour. */
/**
 * One copy of each text and of each parsed JSON the kept views share: a week at the caps repeats a few builds,
 * routes and canary lists over 100,000 views, and clients over their views (held apart, they took 100 MB). Past
 * `most` entries the tables start again: what is kept stays right, only shared less, and texts of views long gone
 * (or a forger's made-up builds) are not held for ever.
 */
export function createInterning(most = 200_000) {
  const texts = new Map<string, string>();
  const parsed = new Map<string, unknown>();
  return {
    text(value: string): string {
      const kept = texts.get(value);
      if (kept !== undefined) return kept;
      if (texts.size >= most) texts.clear();
      texts.set(value, value);
      return value;
    },
    /** Parsed once per distinct text; the value is shared, so nobody may change it. */
    json<T>(value: string): T {
      if (parsed.has(value)) return parsed.get(value) as T;
      if (parsed.size >= most) parsed.clear();
      const json = Object.freeze(JSON.parse(value) as T);
      parsed.set(value, json);
      return json;
    },
  };
}
type Interning = ReturnType<typeof createInterning>;

async function readHours(db: Db, [first, last]: [number, number], perClientPerHour: number, interning: Interning): Promise<Map<number, WindowView[]>> {
  const [from, to] = [first * HOUR_MS, (last + 1) * HOUR_MS];
  const [views, slots] = await Promise.all([
    db.kysely
      .selectFrom('field_views as v')
      .select(['v.id', 'v.client', 'v.route', 'v.seen_at', 'v.has_error', 'v.lcp', 'v.inp', 'v.cls', 'v.ttfb', 'v.versions', 'v.canary'])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('field_client_hours as h')
              .select('h.views')
              .whereRef('h.client', '=', 'v.client')
              .where('h.hour', '=', sql<number>`v.seen_at / ${sql.lit(HOUR_MS)}`)
              .where('h.views', '>', perClientPerHour),
          )
          .as('flooded'),
      )
      .where('v.seen_at', '>=', from)
      .where('v.seen_at', '<', to)
      .execute(),
    db.kysely
      .selectFrom('field_events as e')
      .innerJoin('field_views as v', 'v.id', 'e.view_id')
      .select(['e.view_id', 'e.remote', 'e.outcome', 'e.value'])
      .where('e.kind', '=', 'slot')
      .where('v.seen_at', '>=', from)
      .where('v.seen_at', '<', to)
      .execute(),
  ]);
  const slotsOf = new Map<string, WindowSlot[]>();
  for (const slot of slots) {
    const list = slotsOf.get(slot.view_id) ?? [];
    list.push({ remote: slot.remote ?? '', outcome: slot.outcome, value: slot.value });
    slotsOf.set(slot.view_id, list);
  }
  const byHour = new Map<number, WindowView[]>();
  for (let hour = first; hour <= last; hour += 1) byHour.set(hour, []);
  for (const row of views) {
    const view: WindowView = {
      id: row.id,
      client: interning.text(row.client),
      route: interning.text(row.route),
      seenAt: row.seen_at,
      hasError: row.has_error === 1,
      lcp: row.lcp,
      inp: row.inp,
      cls: row.cls,
      ttfb: row.ttfb,
      versions: interning.json<Readonly<Record<string, string>>>(row.versions),
      canary: interning.json<readonly string[]>(row.canary),
      slots: slotsOf.get(row.id) ?? [],
      flooded: Boolean(row.flooded),
      sides: [],
      builds: [],
    };
    view.sides = sidesOf(view, interning.text);
    view.builds = buildsOf(view, interning.text);
    byHour.get(Math.floor(row.seen_at / HOUR_MS))?.push(view);
  }
  return byHour;
}

/** Hours in runs of consecutive ones, each run read by one query. */
function runsOf(hours: number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const hour of hours) {
    const last = runs.at(-1);
    if (last && last[1] === hour - 1) last[1] = hour;
    else runs.push([hour, hour]);
  }
  return runs;
}

/**
 * The views every field-data figure is computed from, kept in memory by hour. Each call reads the hours' change
 * counts (migration 008: triggers count every write that touches an hour) and reads again only the hours whose count
 * moved since they were kept: under steady beacons the current hour, and an old one a cap evicted from. A week at the
 * caps is read once, not on every call of the guard and the console; each figure is then computed in JavaScript from
 * the same views (figures.ts), on every API instance alike, since the counts are the database's.
 */
export function createHourCache(db: Db, perClientPerHour: number) {
  const kept = new Map<number, CachedHour>();
  const interning = createInterning();

  /** The counted views of [since, until]: on a route of the manifest, and not of a client's flooded hour. */
  return async function viewsBetween(since: number, until: number): Promise<WindowView[]> {
    const [first, last] = [Math.floor(since / HOUR_MS), Math.floor(until / HOUR_MS)];
    // The counts are read before the views: a write between the two is in the views, and moves the count read next time.
    const counts = await db.kysely
      .selectFrom('field_hour_changes')
      .select(['hour', 'changes'])
      .where('hour', '>=', first)
      .where('hour', '<=', last)
      .orderBy('hour')
      .execute();
    const stale = new Map(counts.filter((row) => kept.get(row.hour)?.changes !== row.changes).map((row) => [row.hour, row.changes]));
    for (const run of runsOf([...stale.keys()])) {
      for (const [hour, views] of await readHours(db, run, perClientPerHour, interning)) {
        const changes = stale.get(hour);
        if (changes !== undefined) kept.set(hour, { changes, views });
      }
    }
    const oldest = Math.floor((until - FIELD_RETENTION_DAYS * DAY_MS) / HOUR_MS);
    for (const hour of kept.keys()) if (hour < oldest) kept.delete(hour);
    return counts.flatMap((row) =>
      (kept.get(row.hour)?.views ?? []).filter((view) => view.seenAt >= since && view.seenAt <= until && ROUTES.has(view.route) && !view.flooded),
    );
  };
}

export type ViewsBetween = ReturnType<typeof createHourCache>;
