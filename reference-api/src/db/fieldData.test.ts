import { ACTIVITY_ROUTE, FIELD_METRICS, type FieldEvent, type FieldView, type SlotOutcome } from '@wenrun/shared/node';
import { column, freshDatabase, planOf, rows, testDatabase } from '../test/harness';
import { openDatabase, type Db } from './database';
import { createFieldDataStore, MAX_VERSIONS_PER_REMOTE } from './fieldData';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const DAY = 86_400_000;

function view(id: string, route: string, extra: Partial<FieldView> = {}): FieldView {
  return { id: `view-${id}`, route, versions: { header: '1.0.0' }, canary: [], ...extra };
}
const lcp = (value: number): FieldEvent => ({ kind: 'metric', name: 'LCP', value });

async function store() {
  return createFieldDataStore(await testDatabase());
}

describe('p75 (nearest rank: the value at rank ceil(0.75 × n), always one that was measured)', () => {
  it.each([
    [[1000, 1200, 1500, 2400, 3000], 2400],
    [[5], 5],
    [[4, 1, 3, 2], 3],
    [[], undefined],
  ])('%p ⇒ %p', async (values, expected) => {
    const fieldData = await store();
    for (const [index, value] of values.entries()) await fieldData.record(view(`p${index}`, '/'), [lcp(value)], NOW, 'client-a');
    expect((await fieldData.summary(NOW, 1)).byRoute[0]?.p75.LCP).toBe(expected);
  });
});

describe('field data store', () => {
  it('summarises by route: views, error rate, p75 of each metric, a metric sent twice counting with its last value', async () => {
    const fieldData = await store();
    for (const [index, value] of [1000, 1200, 1500, 2400, 3000].entries()) await fieldData.record(view(`a${index}`, '/about/*'), [lcp(value)], NOW - 1000, 'client-a');
    await fieldData.record(view('a0', '/about/*'), [{ kind: 'metric', name: 'CLS', value: 0.05 }], NOW - 900, 'client-a');
    await fieldData.record(view('a0', '/about/*'), [{ kind: 'metric', name: 'CLS', value: 0.1234 }], NOW - 800, 'client-a');
    await fieldData.record(view('h1', '/'), [lcp(900), { kind: 'error', message: 'x' }], NOW - 1000, 'client-a');
    await fieldData.record(view('h2', '/'), [lcp(800)], NOW - 1000, 'client-a');

    const { byRoute } = await fieldData.summary(NOW, 1);
    expect(byRoute).toEqual([
      { route: '/about/*', views: 5, errorRate: 0, p75: { LCP: 2400, CLS: 0.123 } },
      { route: '/', views: 2, errorRate: 0.5, p75: { LCP: 900 } },
    ]);
  });

  it('summarises by remote version, canary builds apart from stable ones, with slot load times and outcomes', async () => {
    const fieldData = await store();
    const slot = (loadMs: number, outcome: SlotOutcome, version = '2.0.0'): FieldEvent => ({ kind: 'slot', remote: 'wuyou', version, loadMs, outcome });
    const error: FieldEvent = { kind: 'error', message: 'ChunkLoadError', remote: 'wuyou' };
    const stable = { versions: { wuyou: '2.0.0' } };
    await fieldData.record(view('s1', ACTIVITY_ROUTE, { versions: { header: '1.0.0', wuyou: '2.0.0' } }), [lcp(1000), slot(100, 'loaded')], NOW, 'client-a');
    await fieldData.record(view('s2', ACTIVITY_ROUTE, stable), [lcp(2000), slot(300, 'loaded')], NOW, 'client-a');
    // A failed load counts in the load time too: the time it took to give up is what that visitor waited.
    await fieldData.record(view('s3', ACTIVITY_ROUTE, stable), [slot(8000, 'failed'), error], NOW, 'client-a');
    // The canary is per remote: this visitor runs header's stable build beside wuyou's canary.
    await fieldData.record(
      view('c1', ACTIVITY_ROUTE, { versions: { header: '1.0.0', wuyou: '2.1.0' }, canary: ['wuyou'] }),
      [lcp(1500), slot(200, 'loaded', '2.1.0')],
      NOW,
      'client-a',
    );
    // A canary visitor whose canary failed: the stable build answered (fallback), and an error was reported.
    await fieldData.record(view('c2', ACTIVITY_ROUTE, { versions: { wuyou: '2.0.0' }, canary: ['wuyou'] }), [slot(900, 'fallback'), error], NOW, 'client-a');

    expect((await fieldData.summary(NOW, 1)).byRemoteVersion).toEqual([
      { remote: 'header', version: '1.0.0', canary: false, views: 2, errorRate: 0, p75: { LCP: 1500 }, fallbacks: 0, failures: 0 },
      // LCP [1000, 2000] ⇒ index ceil(1.5) - 1 = 1; loads that gave a module [100, 300] ⇒ index ceil(1.5) - 1 = 1 (the failed one counts in failures).
      { remote: 'wuyou', version: '2.0.0', canary: false, views: 3, errorRate: 1 / 3, p75: { LCP: 2000 }, slotLoadP75: 300, fallbacks: 0, failures: 1 },
      { remote: 'wuyou', version: '2.0.0', canary: true, views: 1, errorRate: 1, p75: {}, slotLoadP75: 900, fallbacks: 1, failures: 0 },
      { remote: 'wuyou', version: '2.1.0', canary: true, views: 1, errorRate: 0, p75: { LCP: 1500 }, slotLoadP75: 200, fallbacks: 0, failures: 0 },
    ]);
  });

  it('sums each remote\'s canary visitors apart from its stable ones since a time, whatever build they ended up on', async () => {
    const fieldData = await store();
    const slot = (outcome: SlotOutcome, version = '2.0.0'): FieldEvent => ({ kind: 'slot', remote: 'wuyou', version, loadMs: 100, outcome });
    const stable = { versions: { wuyou: '2.0.0' } };
    await fieldData.record(view('before', ACTIVITY_ROUTE, { versions: { wuyou: '2.1.0' }, canary: ['wuyou'] }), [slot('failed')], NOW - 2000, 'client-a');
    await fieldData.record(view('s1', ACTIVITY_ROUTE, stable), [lcp(1000), slot('loaded')], NOW, 'client-a');
    await fieldData.record(view('s2', ACTIVITY_ROUTE, stable), [lcp(2000), slot('loaded'), { kind: 'error', message: 'x' }], NOW, 'client-a');
    // Every entry failed: the view has no version of wuyou, its slot says it was there.
    await fieldData.record(view('s3', ACTIVITY_ROUTE, { versions: {} }), [slot('failed', '未知')], NOW, 'client-a');
    await fieldData.record(view('c1', ACTIVITY_ROUTE, { versions: { wuyou: '2.1.0' }, canary: ['wuyou'] }), [lcp(3000), slot('loaded', '2.1.0')], NOW, 'client-a');
    // The canary threw: the stable build answered, and the visitor still counts as a canary visitor, once.
    await fieldData.record(view('c2', ACTIVITY_ROUTE, { ...stable, canary: ['wuyou'] }), [lcp(4000), slot('fallback'), slot('fallback')], NOW, 'client-a');

    expect((await fieldData.releases(NOW - 1000, NOW)).remotes).toEqual([
      {
        remote: 'wuyou',
        canary: {
          views: 2,
          errorRate: 0,
          p75: { LCP: 4000 },
          loadFailures: 1,
          clients: 1,
          trimmed: { errors: { views: 2, count: 0 }, loadFailures: { views: 2, count: 1 }, errorsHigh: { views: 2, count: 0 }, loadFailuresHigh: { views: 2, count: 1 }, lcp: { views: 2, p75: 4000 }, inp: { views: 0 } },
        },
        stable: {
          views: 3,
          errorRate: 1 / 3,
          p75: { LCP: 2000 },
          loadFailures: 1,
          clients: 1,
          trimmed: { errors: { views: 3, count: 1 }, loadFailures: { views: 3, count: 1 }, errorsHigh: { views: 3, count: 1 }, loadFailuresHigh: { views: 3, count: 1 }, lcp: { views: 2, p75: 2000 }, inp: { views: 0 } },
        },
      },
    ]);
  });

  it('stores a view once however many batches it sends, with the route and first-seen time of the first', async () => {
    const db = await testDatabase();
    const fieldData = createFieldDataStore(db);
    await fieldData.record(view('twice', '/'), [lcp(1000), { kind: 'metric', name: 'INP', value: 80 }], NOW - DAY - 1, 'client-a');
    await fieldData.record(view('twice', '/about/*'), [{ kind: 'metric', name: 'INP', value: 240 }], NOW - 10, 'client-a');
    expect(await rows(db, 'SELECT route, seen_at AS "seenAt" FROM field_views')).toEqual([{ route: '/', seenAt: NOW - DAY - 1 }]);
    expect((await column(db, 'SELECT COUNT(*) FROM field_events'))[0]).toBe(3);
    // First seen more than a day ago: the view belongs to the week, not the day.
    expect((await fieldData.summary(NOW, 1)).byRoute).toEqual([]);
    expect((await fieldData.summary(NOW, 7)).byRoute).toEqual([{ route: '/', views: 1, errorRate: 0, p75: { LCP: 1000, INP: 240 } }]);
  });

  it('stores nothing for a batch without events: an empty view would count as one without errors', async () => {
    const db = await testDatabase();
    await createFieldDataStore(db).record(view('empty', '/'), [], NOW, 'client-a');
    expect((await column(db, 'SELECT COUNT(*) FROM field_views'))[0]).toBe(0);
  });

  it('summarises the views first seen within [now - days, now]', async () => {
    const fieldData = await store();
    await fieldData.record(view('edge', '/'), [lcp(100)], NOW - DAY, 'client-a');
    await fieldData.record(view('before', '/'), [lcp(200)], NOW - DAY - 1, 'client-a');
    await fieldData.record(view('after', '/'), [lcp(300)], NOW + 1, 'client-a');
    const summary = await fieldData.summary(NOW, 1);
    expect(summary).toMatchObject({ since: NOW - DAY, until: NOW, byRoute: [{ route: '/', views: 1, p75: { LCP: 100 } }] });
  });

  it('summarises by day in China time (UTC+8), oldest first, and only within the window', async () => {
    const fieldData = await store();
    // 15:59 and 16:01 UTC are 23:59 and 00:01 the next day in Beijing.
    const beforeMidnight = Date.UTC(2026, 10, 18, 15, 59);
    const afterMidnight = Date.UTC(2026, 10, 18, 16, 1);
    await fieldData.record(view('d2', '/'), [lcp(700)], afterMidnight, 'client-a');
    await fieldData.record(view('d1', '/'), [lcp(600)], beforeMidnight, 'client-a');
    await fieldData.record(view('old', '/'), [lcp(500)], NOW - 8 * DAY, 'client-a');

    expect((await fieldData.summary(NOW, 7)).byDay).toEqual([
      { day: '2026-11-18', route: '/', views: 1, errorRate: 0, p75: { LCP: 600 } },
      { day: '2026-11-19', route: '/', views: 1, errorRate: 0, p75: { LCP: 700 } },
    ]);
    expect((await fieldData.summary(NOW, 1)).byRoute).toEqual([]);
  });

  it('drops what is older than 30 days at the next insert, with its events', async () => {
    const db = await testDatabase();
    const fieldData = createFieldDataStore(db);
    await fieldData.record(view('old', '/'), [lcp(500)], NOW - 31 * DAY, 'client-a');
    await fieldData.record(view('recent', '/'), [lcp(600)], NOW - 29 * DAY, 'client-a');
    await fieldData.record(view('new', '/'), [lcp(700)], NOW, 'client-a');
    const ids = await column(db, 'SELECT id FROM field_views ORDER BY id');
    expect(ids).toEqual(['view-new', 'view-recent']);
    expect((await column(db, "SELECT COUNT(*) FROM field_events WHERE view_id = 'view-old'"))[0]).toBe(0);
  });

  const count = async (db: Db, text: string) => (await column(db, text))[0];

  it('keeps at most its cap of views, dropping the oldest first', async () => {
    const db = await testDatabase();
    const fieldData = createFieldDataStore(db, { views: 3, events: 100 });
    for (const [index, id] of ['a', 'b', 'c', 'd'].entries()) await fieldData.record(view(id, '/'), [lcp(1)], NOW + index, 'client-a');
    expect(await column(db, 'SELECT id FROM field_views ORDER BY seen_at')).toEqual(['view-b', 'view-c', 'view-d']);
    expect(await count(db, "SELECT COUNT(*) FROM field_events WHERE view_id = 'view-a'")).toBe(0);
  });

  it('keeps at most its cap of events, dropping the views with the oldest events whole', async () => {
    const db = await testDatabase();
    const fieldData = createFieldDataStore(db, { views: 100, events: 5 });
    await fieldData.record(view('a', '/'), [lcp(1), lcp(2), lcp(3)], NOW, 'client-a');
    await fieldData.record(view('b', '/'), [lcp(4), lcp(5)], NOW + 1, 'client-a');
    expect(await count(db, 'SELECT COUNT(*) FROM field_events')).toBe(5);

    await fieldData.record(view('c', '/'), [lcp(6)], NOW + 2, 'client-a');
    expect(await column(db, 'SELECT id FROM field_views ORDER BY id')).toEqual(['view-b', 'view-c']);
    expect(await count(db, 'SELECT COUNT(*) FROM field_events')).toBe(3);

    // One view sending again and again cannot grow the table either; b's events are now the oldest.
    await fieldData.record(view('b', '/'), [lcp(7), lcp(8)], NOW + 3, 'client-a');
    await fieldData.record(view('c', '/'), [lcp(9)], NOW + 4, 'client-a');
    expect(await column(db, 'SELECT id FROM field_views')).toEqual(['view-c']);
    expect(await column(db, 'SELECT value FROM field_events ORDER BY id')).toEqual([6, 9]);
  });

  it('finds the client holding most and its oldest view by index, never by a scan or a count over the table', async () => {
    const db = await testDatabase();
    const fieldData = createFieldDataStore(db, { views: 3, events: 100 });
    for (const [index, id] of ['a', 'b', 'c'].entries()) await fieldData.record(view(id, '/'), [lcp(1)], NOW + index, 'client-a');
    // Another batch of a view already stored is no new view: nothing is dropped for it.
    await fieldData.record(view('a', '/'), [lcp(2)], NOW + 3, 'client-a');
    expect(await column(db, 'SELECT id FROM field_views ORDER BY seen_at')).toEqual(['view-a', 'view-b', 'view-c']);
    const plan = (text: string, ...params: string[]) => planOf(db, text, ...params);
    // An index read in order, stopped at its first row.
    if (db.dialect === 'sqlite') {
      expect(await plan('SELECT client FROM field_client_totals ORDER BY views DESC LIMIT 1')).toMatch(/USING COVERING INDEX field_client_totals_by_views$/);
      expect(await plan('SELECT rowid FROM field_views WHERE client = ? ORDER BY seen_at, rowid LIMIT 1', 'x')).toMatch(/^SEARCH field_views USING COVERING INDEX field_views_by_client \(client=\?\)$/);
    } else {
      expect(await plan('SELECT client FROM field_client_totals ORDER BY views DESC LIMIT 1')).toMatch(/Limit[\s\S]*Index Scan Backward using field_client_totals_by_views/);
      const oldest = await plan('SELECT id FROM field_views WHERE client = ? ORDER BY seen_at, id LIMIT 1', 'x');
      expect(oldest).toMatch(/Limit[\s\S]*Index Scan using field_views_by_client on field_views/);
      expect(oldest).not.toMatch(/Seq Scan|Sort Key: field_views.seen_at,/);
    }
  });
});

describe('field data per client (the threat model: one address, or an IPv6 /64, sending any number of requests)', () => {
  const ids = (db: Db) => column(db, 'SELECT id FROM field_views ORDER BY id');

  it('a client past its views per hour is a flooder for that hour: nothing more is stored, and none of its views of that hour counts', async () => {
    const db = await testDatabase();
    const fieldData = createFieldDataStore(db, { viewsPerClientPerHour: 3 });
    await fieldData.record(view('real', '/'), [lcp(1000)], NOW, 'visitor');
    const before = await fieldData.summary(NOW + 1, 1);
    const outcomes = [];
    for (const id of ['f1', 'f2', 'f3', 'f4', 'f5']) outcomes.push(await fieldData.record(view(id, '/'), [lcp(60_000), { kind: 'error', message: 'x' }], NOW, 'flooder'));
    expect(outcomes).toEqual(['stored', 'stored', 'stored', 'flood', 'flood']);
    expect(await ids(db)).toEqual(['view-f1', 'view-f2', 'view-f3', 'view-real']);
    expect({ ...await fieldData.summary(NOW + 1, 1) }).toEqual(before);
    expect((await fieldData.releases(NOW - 1, NOW + 1)).remotes).toMatchObject([{ remote: 'header', stable: { views: 1, clients: 1, errorRate: 0 } }]);
    expect((await fieldData.summary(NOW + 1, 1)).byRoute).toEqual([{ route: '/', views: 1, errorRate: 0, p75: { LCP: 1000 } }]);
    // The next hour it is a client like any other; under the cap, a client counts.
    await fieldData.record(view('next', '/'), [lcp(2000)], NOW + 3_600_000, 'flooder');
    expect((await fieldData.summary(NOW + 3_600_000, 1)).byRoute).toEqual([{ route: '/', views: 2, errorRate: 0, p75: { LCP: 2000 } }]);
  });

  it('past a cap, the client holding most loses its oldest views: a flood under the hourly cap evicts no other client', async () => {
    const db = await testDatabase();
    const fieldData = createFieldDataStore(db, { views: 10, events: 100 });
    for (const [index, id] of ['a1', 'a2', 'b1', 'b2', 'c1'].entries()) await fieldData.record(view(id, '/'), [lcp(1)], NOW + index, `visitor-${id[0] ?? ''}`);
    for (let index = 0; index < 40; index += 1) await fieldData.record(view(`x${index}`, '/'), [lcp(1)], NOW + 10 + index, 'forger');
    expect(await ids(db)).toEqual(['view-a1', 'view-a2', 'view-b1', 'view-b2', 'view-c1', ...[35, 36, 37, 38, 39].map((index) => `view-x${index}`)]);
    expect((await rows(db, 'SELECT views, events FROM field_totals'))[0]).toEqual({ views: 10, events: 10 });
    expect((await rows(db, "SELECT views, events FROM field_client_totals WHERE client = 'forger'"))[0]).toEqual({ views: 5, events: 5 });
  });

  it('past the events cap, the client holding the most events loses its oldest views, however few views it has', async () => {
    const db = await testDatabase();
    const fieldData = createFieldDataStore(db, { views: 100, events: 10 });
    await fieldData.record(view('real', '/'), [lcp(1), lcp(2)], NOW, 'visitor');
    await fieldData.record(view('old', '/'), [lcp(1)], NOW, 'forger');
    // One view sent again and again: dropped whole each time the forger is over, and sent anew as a new view.
    for (let index = 0; index < 10; index += 1) await fieldData.record(view('again', '/'), [lcp(1), lcp(2), lcp(3)], NOW + 1 + index, 'forger');
    expect(await ids(db)).toEqual(['view-again', 'view-real']);
    expect((await column(db, "SELECT events FROM field_views WHERE id = 'view-real'"))[0]).toBe(2);
    expect((await rows(db, 'SELECT views, events FROM field_totals'))[0]).toEqual({ views: 2, events: 5 });
  });

  it('refuses a later batch of a view from another client: nobody else\'s view can be made to fail', async () => {
    const db = await testDatabase();
    const fieldData = createFieldDataStore(db);
    await fieldData.record(view('mine', '/'), [lcp(1000)], NOW, 'visitor');
    expect(await fieldData.record(view('mine', '/'), [{ kind: 'error', message: 'forged' }], NOW, 'forger')).toBe('foreign');
    expect((await fieldData.summary(NOW, 1)).byRoute).toEqual([{ route: '/', views: 1, errorRate: 0, p75: { LCP: 1000 } }]);
  });

  it('leaves out, for each count, the clients with the most such views and those with the most views without', async () => {
    const fieldData = await store();
    const failed: FieldEvent[] = [{ kind: 'slot', remote: 'wuyou', version: '2.1.0', loadMs: 0, outcome: 'failed' }, { kind: 'error', message: 'x' }];
    const clean = (value: number): FieldEvent[] => [lcp(value), { kind: 'slot', remote: 'wuyou', version: '2.1.0', loadMs: 100, outcome: 'loaded' }];
    const canaryView = (id: string) => view(id, ACTIVITY_ROUTE, { versions: { wuyou: '2.1.0' }, canary: ['wuyou'] });
    // A forger of failures (5 views), one of clean views (8), three visitors with a view each, one of them failed.
    for (let index = 0; index < 5; index += 1) await fieldData.record(canaryView(`bad${index}`), failed, NOW, 'forger-bad');
    for (let index = 0; index < 8; index += 1) await fieldData.record(canaryView(`good${index}`), clean(100), NOW, 'forger-good');
    await fieldData.record(canaryView('v1'), clean(1000), NOW, 'visitor-1');
    await fieldData.record(canaryView('v2'), clean(2000), NOW, 'visitor-2');
    await fieldData.record(canaryView('v3'), failed, NOW, 'visitor-3');
    const [raw] = (await fieldData.releases(NOW - 1, NOW)).remotes;
    expect(raw?.canary).toMatchObject({ views: 16, clients: 5, loadFailures: 6, trimmed: { errors: { views: 16, count: 6 } } });
    const [trimmed] = (await fieldData.releases(NOW - 1, NOW, 1)).remotes;
    expect(trimmed?.canary).toMatchObject({
      views: 16,
      clients: 5,
      // Left out: forger-bad (most failures) and forger-good (most without); the three visitors remain. LCP is the
      // median client's own p75: forger-good 100, visitor-1 1000, visitor-2 2000, however many views each sent. The
      // high reading leaves out only forger-good: forger-bad's 5 failing views stay.
      trimmed: {
        errors: { views: 3, count: 1 },
        loadFailures: { views: 3, count: 1 },
        errorsHigh: { views: 8, count: 6 },
        loadFailuresHigh: { views: 8, count: 6 },
        lcp: { views: 10, p75: 1000 },
        inp: { views: 0 },
      },
    });
  });
});

describe('the summary of a flooded store', () => {
  it(`answers one row per route of the manifest and at most ${MAX_VERSIONS_PER_REMOTE} builds per remote, the most viewed`, async () => {
    const db = await testDatabase();
    const fieldData = createFieldDataStore(db);
    // Stored before beacons were checked: made-up routes and remotes, a new version in every view.
    const stored = [
      ...Array.from({ length: 2000 }, (_, index) => ({
        id: `view-poison-${index}`,
        route: `/poison/${index}`,
        versions: JSON.stringify({ header: `9.9.${index}`, [`fake${index}`]: '1.0.0' }),
      })),
      ...Array.from({ length: 30 }, (_, index) => ({ id: `view-real-${index}`, route: '/about/*', versions: JSON.stringify({ header: '1.0.0' }) })),
    ];
    await db.kysely.transaction().execute(async (trx) => {
      for (let start = 0; start < stored.length; start += 500) {
        const chunk = stored.slice(start, start + 500);
        await trx.insertInto('field_views').values(chunk.map((row) => ({ ...row, canary: '[]', seen_at: NOW - 1000 }))).execute();
        await trx
          .insertInto('field_events')
          .values(chunk.map((row) => ({ view_id: row.id, received_at: NOW - 1000, kind: 'metric', name: 'LCP', value: 1000 })))
          .execute();
      }
    });
    const summary = await fieldData.summary(NOW, 1);
    expect(summary.byRoute.map((row) => row.route)).toEqual(['/about/*']);
    expect(summary.byDay).toHaveLength(1);
    expect(summary.byRemoteVersion.map((row) => [row.remote, row.version, row.views])).toEqual([['header', '1.0.0', 30]]);
  });

  it(`keeps the ${MAX_VERSIONS_PER_REMOTE} builds of a remote seen in the most views`, async () => {
    const fieldData = await store();
    for (let version = 0; version < MAX_VERSIONS_PER_REMOTE + 5; version += 1) {
      // Version n is seen in n + 1 views.
      for (let copy = 0; copy <= version; copy += 1) await fieldData.record(view(`v${version}-${copy}`, '/', { versions: { header: `1.${version}.0` } }), [lcp(1)], NOW, 'client-a');
    }
    const versions = (await fieldData.summary(NOW, 1)).byRemoteVersion.map((row) => row.version);
    expect(versions).toHaveLength(MAX_VERSIONS_PER_REMOTE);
    expect(versions).toEqual(Array.from({ length: MAX_VERSIONS_PER_REMOTE }, (_, index) => `1.${index + 5}.0`));
  });
});

describe('the figures kept on each view', () => {
  it('has a column for every metric of the wire format', async () => {
    const db = await testDatabase();
    const columns = await column(
      db,
      db.dialect === 'sqlite' ? "SELECT name FROM pragma_table_info('field_views')" : "SELECT column_name FROM information_schema.columns WHERE table_name = 'field_views'",
    );
    for (const metric of FIELD_METRICS) expect(columns).toContain(metric.toLowerCase());
  });

  it('are filled from the events of views stored before they existed, when the database is migrated', async () => {
    const fresh = await freshDatabase({ empty: true });
    try {
      const old = await openDatabase(fresh.target, { migrateTo: '003_field_data' });
      await old.kysely.insertInto('field_views').values({ id: 'view-old', route: '/', versions: '{}', canary: '[]', seen_at: NOW - 10 }).execute();
      const event = (kind: string, name: string | null, value: number | null, message: string | null) => ({ view_id: 'view-old', received_at: 0, kind, name, value, message });
      await old.kysely
        .insertInto('field_events')
        .values([event('metric', 'LCP', 900, null), event('metric', 'LCP', 1200, null), event('error', null, null, 'x')])
        .execute();
      await old.close();
      const db = await openDatabase(fresh.target);
      const fieldData = createFieldDataStore(db);
      expect((await fieldData.summary(NOW, 1)).byRoute).toEqual([{ route: '/', views: 1, errorRate: 1, p75: { LCP: 1200 } }]);
      // A view from before clients were kept is a client of its own, its events counted for the caps.
      expect(await rows(db, 'SELECT client, events FROM field_views')).toEqual([{ client: 'legacy view-old', events: 3 }]);
      expect(await rows(db, 'SELECT views, events FROM field_totals')).toEqual([{ views: 1, events: 3 }]);
      expect(await rows(db, 'SELECT client, views, events FROM field_client_totals')).toEqual([{ client: 'legacy view-old', views: 1, events: 3 }]);
      await db.close();
    } finally {
      await fresh.drop();
    }
  });
});
