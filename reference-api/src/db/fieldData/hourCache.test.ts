import { ACTIVITY_ROUTE, DAY_MS, HOUR_MS, type FieldEvent } from '@wenrun/shared/node';
import { sql } from 'kysely';
import { fieldView } from '../../test/fieldViews';
import { testDatabase } from '../../test/harness';
import type { Db } from '../database';
import { NOW, lcp } from './fieldDataFixture';
import { createInterning } from './hourCache';
import { createFieldDataStore } from './store';

const LIMITS = { views: 40, events: 200, viewsPerClientPerHour: 5 };

const failing: FieldEvent = { kind: 'slot', remote: 'wuyou', version: '2.1.0', loadMs: 0, outcome: 'failed' };
const wuyou = (id: string, canary: boolean) =>
  fieldView({ id: `view-${id}`, route: ACTIVITY_ROUTE, versions: { wuyou: canary ? '2.1.0' : '2.0.0' }, canary: canary ? ['wuyou'] : [] });

/** Every figure the guard and the console read, of the day and of the week. */
async function everyFigure(store: ReturnType<typeof createFieldDataStore>) {
  return {
    day: await store.summary(NOW, 1),
    week: await store.summary(NOW, 7),
    guard: await store.releases(NOW - 7 * DAY_MS, NOW, 1),
    series: await store.series(NOW, 1),
  };
}

/** What a store that read nothing before computes: the figures straight from the rows. */
const fresh = async (db: Db) => everyFigure(createFieldDataStore(db, LIMITS));

describe('the hour cache: figures of kept hours are the figures of the rows, whatever changed them', () => {
  it('reads an hour again after a later beacon, a flood, an eviction, retention and a write of rows by hand', async () => {
    const db = await testDatabase();
    const kept = createFieldDataStore(db, LIMITS);
    for (let index = 0; index < 30; index += 1) {
      await kept.record(wuyou(`v${index}`, index % 3 === 0), [lcp(1000 + index * 10)], NOW - (index % 6) * HOUR_MS - 60_000, `client-${index % 7}`);
    }
    expect(await everyFigure(kept)).toEqual(await fresh(db));

    // A later beacon of a view seen hours ago: its slot failed, its INP came. The view's hour is closed.
    await kept.record(wuyou('v3', true), [failing, { kind: 'metric', name: 'INP', value: 400 }], NOW - 30_000, 'client-3');
    expect(await everyFigure(kept)).toEqual(await fresh(db));

    // A client at its hourly cap (one view before, four now), then past it: the refused view stores nothing, but
    // every view the client sent that hour now counts for nothing.
    for (let index = 0; index < 4; index += 1) await kept.record(wuyou(`flood${index}`, false), [lcp(9000)], NOW - 20_000 + index, 'client-0');
    expect(await everyFigure(kept)).toEqual(await fresh(db));
    expect(await kept.record(wuyou('flood-refused', false), [lcp(9000)], NOW - 10_000, 'client-0')).toBe('flood');
    expect(await everyFigure(kept)).toEqual(await fresh(db));

    // Past the views cap: the client holding most loses its oldest view, in an old hour.
    for (let index = 0; index < 12; index += 1) await kept.record(wuyou(`more${index}`, false), [lcp(700)], NOW - 10_000 + index, `client-new-${index}`);
    expect(await everyFigure(kept)).toEqual(await fresh(db));

    // Retention, seen from a week later: everything but the newest goes.
    await kept.record(wuyou('later', false), [lcp(800)], NOW + 31 * DAY_MS, 'client-later');
    expect(await everyFigure(kept)).toEqual(await fresh(db));

    // Rows written by hand (a bulk seed, a repair): the triggers count them as the store's own.
    await sql`DELETE FROM field_views`.execute(db.kysely);
    await sql`INSERT INTO field_views (id, route, versions, canary, seen_at, client, events, lcp) VALUES ('view-by-hand', ${ACTIVITY_ROUTE}, '{"wuyou":"3.0.0"}', '[]', ${NOW - HOUR_MS}, 'client-hand', 1, 321)`.execute(db.kysely);
    expect(await everyFigure(kept)).toEqual(await fresh(db));
    expect((await kept.summary(NOW, 1)).byRoute).toEqual([{ route: ACTIVITY_ROUTE, views: 1, errorRate: 0, p75: { LCP: 321 } }]);
  });
});

describe('createInterning: one copy of each text, within a bound', () => {
  it('hands back the first copy of a text and one parse of a JSON, and starts again past its bound', () => {
    const interning = createInterning(2);
    const first = interning.text(['client', '1'].join('-'));
    expect(interning.text(['client', '1'].join('-'))).toBe(first);
    const builds = interning.json<Record<string, string>>('{"wuyou":"1.0.0"}');
    expect(interning.json('{"wuyou":"1.0.0"}')).toBe(builds);
    expect(Object.isFrozen(builds)).toBe(true);
    interning.text('client-2');
    interning.text('client-3');
    // Past two entries the table started again: equal texts, no longer the same copy guaranteed, nothing lost.
    expect(interning.text('client-1')).toBe('client-1');
    interning.json('[]');
    interning.json('["about"]');
    expect(interning.json('{"wuyou":"1.0.0"}')).not.toBe(builds);
    expect(interning.json('{"wuyou":"1.0.0"}')).toEqual(builds);
  });
});
