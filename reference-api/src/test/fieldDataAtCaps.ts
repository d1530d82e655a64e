import { ABOUT_ROUTE, ACTIVITY_ROUTE, DAY_MS, HOME_ROUTE, HOUR_MS, SEARCH_ROUTE, type FieldEvent, type FieldView } from '@wenrun/shared/node';
import { sql, type Insertable } from 'kysely';
import type { Db } from '../db/database';
import { MAX_FIELD_VIEWS } from '../db/fieldData/limits';
import { eventRow, figuresOf } from '../db/fieldData/recordBatch';
import type { Schema } from '../db/schema';
import { fieldViews, type VisitorsSpec } from './fieldViews';

/**
 * Field data as the ops see it at its caps (issue 52): a week of views, a release every few hours (50 in the week,
 * each remote in turn, a 10 % canary while it runs), two events a view, stored in bulk through the one builder
 * (fieldViews.ts) and the store's own row makers, so the queries of the guard and the console are timed on what
 * `record` would have kept. The caps' totals and each client's are counted afterwards, as migration 005 counted them.
 */
export const SEEDED_DAYS = 7;
export const SEEDED_RELEASES = 50;
const CANARY_SHARE = 0.1;
/** Of each group of views: one in twenty ends with an uncaught error, one in ten measures INP, the rest LCP (with its slot: two events each). */
const KINDS: { share: number; spec: Pick<VisitorsSpec, 'lcp' | 'inp' | 'errorRate'> }[] = [
  { share: 0.85, spec: { lcp: { median: 1800, sigma: 0.5 } } },
  { share: 0.1, spec: { inp: { median: 120, sigma: 0.6 } } },
  { share: 0.05, spec: { errorRate: 1 } },
];

/** The pages, each with the remote released on it: a release of the remote puts a canary on its page's views. */
const PAGES = [
  { remote: 'wuyou', route: ACTIVITY_ROUTE, withHeader: false },
  { remote: 'about', route: ABOUT_ROUTE, withHeader: true },
  { remote: 'header', route: SEARCH_ROUTE, withHeader: false },
  { remote: 'auth', route: HOME_ROUTE, withHeader: true },
] as const;

const HOURS = SEEDED_DAYS * 24;

/** A beacon's view and events, with the client it came from. */
interface ClientBatch {
  client: string;
  view: FieldView;
  events: FieldEvent[];
}
/** The builds of page `page`'s remote before release `release` (releases go to each page's remote in turn). */
const releasesBefore = (page: number, release: number) => Math.floor((release - page + PAGES.length - 1) / PAGES.length);
const version = (count: number) => `1.${count}.0`;

/** The beacons of one hour and page, as the builder sends them: stable visitors, and the canary's while its release runs. */
function hourOfPage(hour: number, page: number, views: number): ClientBatch[] {
  const release = Math.floor((hour * SEEDED_RELEASES) / HOURS);
  const { remote, route, withHeader } = PAGES[page] as (typeof PAGES)[number];
  const built = releasesBefore(page, release);
  const released = release % PAGES.length === page;
  const alsoRunning: Record<string, string> = withHeader ? { header: version(releasesBefore(2, release)) } : {};
  const canaryViews = released ? Math.round(views * CANARY_SHARE) : 0;
  const batches: ClientBatch[] = [];
  for (const [side, count] of [['stable', views - canaryViews], ['canary', canaryViews]] as const) {
    const builder = fieldViews({ seed: hour * 16 + page * 2 + (side === 'canary' ? 1 : 0) + 1, remote, stableVersion: version(built), canaryVersion: version(built + 1) });
    let left = count;
    KINDS.forEach(({ share, spec }, kind) => {
      const kindViews = kind === KINDS.length - 1 ? left : Math.round(count * share);
      left -= kindViews;
      if (kindViews <= 0) return;
      // Each visitor five views of the hour; the same visitors again the next day at that hour.
      const beacons = builder.visitors({
        ...spec,
        prefix: `10.${page * 8 + kind * 2 + (side === 'canary' ? 1 : 0)}.${hour % 24}`,
        count: Math.ceil(kindViews / 5),
        side,
        route,
        alsoRunning,
        failureRate: side === 'canary' ? 0.03 : 0.01,
      });
      for (const beacon of beacons.slice(0, kindViews)) batches.push({ client: beacon.client, ...(JSON.parse(beacon.body) as Omit<ClientBatch, 'client'>) });
    });
  }
  return batches;
}

type Stored = { views: Insertable<Schema['field_views']>[]; events: Insertable<Schema['field_events']>[] };

/** The rows of an hour's views, each seen at its own moment of the hour. */
function hourRows(hour: number, views: number, start: number): Stored {
  const rows: Stored = { views: [], events: [] };
  PAGES.forEach((_, page) => {
    const cell = hour * PAGES.length + page;
    const cellViews = Math.floor(((cell + 1) * views) / (HOURS * PAGES.length)) - Math.floor((cell * views) / (HOURS * PAGES.length));
    hourOfPage(hour, page, cellViews).forEach((batch, index, all) => {
      const seenAt = start + hour * HOUR_MS + Math.floor(((index + 0.5) * HOUR_MS) / all.length);
      const { metrics, hasError } = figuresOf(batch.events);
      rows.views.push({
        id: batch.view.id,
        route: batch.view.route,
        versions: JSON.stringify(batch.view.versions),
        canary: JSON.stringify(batch.view.canary),
        seen_at: seenAt,
        client: batch.client,
        events: batch.events.length,
        has_error: hasError ? 1 : 0,
        ...metrics,
      });
      rows.events.push(...batch.events.map((event) => eventRow(batch.view.id, seenAt, event)));
    });
  });
  return rows;
}

const inSlices = <T>(rows: T[], size: number): T[][] => Array.from({ length: Math.ceil(rows.length / size) }, (_, index) => rows.slice(index * size, (index + 1) * size));

/**
 * Stores `share` of the caps' views (1: 100,000 views, 200,000 events) over the week before `now`, a day of hours
 * per transaction, then the totals the caps read. On an empty store: the caps' totals are counted anew.
 */
export async function seedFieldDataAtCaps(db: Db, now: number, share: number): Promise<{ views: number; events: number }> {
  const views = Math.round(MAX_FIELD_VIEWS * share);
  const start = now - SEEDED_DAYS * DAY_MS;
  for (let day = 0; day < SEEDED_DAYS; day += 1) {
    const rows: Stored = { views: [], events: [] };
    for (let hour = day * 24; hour < (day + 1) * 24; hour += 1) {
      const hourly = hourRows(hour, views, start);
      rows.views.push(...hourly.views);
      rows.events.push(...hourly.events);
    }
    await db.kysely.transaction().execute(async (trx) => {
      for (const slice of inSlices(rows.views, 500)) await trx.insertInto('field_views').values(slice).execute();
      for (const slice of inSlices(rows.events, 1000)) await trx.insertInto('field_events').values(slice).execute();
    });
  }
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('field_client_totals').execute();
    await sql`INSERT INTO field_client_totals (client, views, events) SELECT client, count(*), sum(events) FROM field_views GROUP BY client`.execute(trx);
    await sql`UPDATE field_totals SET views = (SELECT count(*) FROM field_views), events = (SELECT coalesce(sum(events), 0) FROM field_views)`.execute(trx);
  });
  const totals = await db.kysely.selectFrom('field_totals').select(['views', 'events']).executeTakeFirstOrThrow();
  return totals;
}
