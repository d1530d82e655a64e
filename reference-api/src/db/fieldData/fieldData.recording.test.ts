import { DAY_MS, FIELD_METRICS } from '@wenrun/shared/node';
import { column, freshDatabase, planOf, rows, testDatabase } from '../../test/harness';
import { openDatabase, type Db } from '../database';
import { NOW, lcp, view } from './fieldDataFixture';
import { createFieldDataStore } from './store';

describe('storing field data: a view once, retention and caps', () => {
  it('stores a view once however many batches it sends, with the route and first-seen time of the first', async () => {
    const db = await testDatabase();
    const fieldData = createFieldDataStore(db);
    await fieldData.record(view('twice', '/'), [lcp(1000), { kind: 'metric', name: 'INP', value: 80 }], NOW - DAY_MS - 1, 'client-a');
    await fieldData.record(view('twice', '/about/*'), [{ kind: 'metric', name: 'INP', value: 240 }], NOW - 10, 'client-a');
    expect(await rows(db, 'SELECT route, seen_at AS "seenAt" FROM field_views')).toEqual([{ route: '/', seenAt: NOW - DAY_MS - 1 }]);
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

  it('drops what is older than 30 days at the next insert, with its events', async () => {
    const db = await testDatabase();
    const fieldData = createFieldDataStore(db);
    await fieldData.record(view('old', '/'), [lcp(500)], NOW - 31 * DAY_MS, 'client-a');
    await fieldData.record(view('recent', '/'), [lcp(600)], NOW - 29 * DAY_MS, 'client-a');
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