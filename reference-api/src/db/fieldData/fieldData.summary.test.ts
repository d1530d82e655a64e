import { ACTIVITY_ROUTE, DAY_MS, type FieldEvent, type SlotOutcome } from '@wenrun/shared/node';
import { testDatabase } from '../../test/harness';
import { NOW, lcp, store, view } from './fieldDataFixture';
import { createFieldDataStore, MAX_VERSIONS_PER_REMOTE } from './store';

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

describe('the field data summary', () => {
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

  it('summarises the views first seen within [now - days, now]', async () => {
    const fieldData = await store();
    await fieldData.record(view('edge', '/'), [lcp(100)], NOW - DAY_MS, 'client-a');
    await fieldData.record(view('before', '/'), [lcp(200)], NOW - DAY_MS - 1, 'client-a');
    await fieldData.record(view('after', '/'), [lcp(300)], NOW + 1, 'client-a');
    const summary = await fieldData.summary(NOW, 1);
    expect(summary).toMatchObject({ since: NOW - DAY_MS, until: NOW, byRoute: [{ route: '/', views: 1, p75: { LCP: 100 } }] });
  });

  it('summarises by day in China time (UTC+8), oldest first, and only within the window', async () => {
    const fieldData = await store();
    // 15:59 and 16:01 UTC are 23:59 and 00:01 the next day in Beijing.
    const beforeMidnight = Date.UTC(2026, 10, 18, 15, 59);
    const afterMidnight = Date.UTC(2026, 10, 18, 16, 1);
    await fieldData.record(view('d2', '/'), [lcp(700)], afterMidnight, 'client-a');
    await fieldData.record(view('d1', '/'), [lcp(600)], beforeMidnight, 'client-a');
    await fieldData.record(view('old', '/'), [lcp(500)], NOW - 8 * DAY_MS, 'client-a');

    expect((await fieldData.summary(NOW, 7)).byDay).toEqual([
      { day: '2026-11-18', route: '/', views: 1, errorRate: 0, p75: { LCP: 600 } },
      { day: '2026-11-19', route: '/', views: 1, errorRate: 0, p75: { LCP: 700 } },
    ]);
    expect((await fieldData.summary(NOW, 1)).byRoute).toEqual([]);
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
