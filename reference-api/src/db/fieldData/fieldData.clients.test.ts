import { ACTIVITY_ROUTE, type FieldEvent } from '@wenrun/shared/node';
import { column, rows, testDatabase } from '../../test/harness';
import type { Db } from '../database';
import { NOW, lcp, store, view } from './fieldDataFixture';
import { createFieldDataStore } from './store';

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
