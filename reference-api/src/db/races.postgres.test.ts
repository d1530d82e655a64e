import type { FieldEvent } from '@wenrun/shared/node';
import { fieldView } from '../test/fieldViews';
import { column, freshDatabase, rows, type FreshDatabase } from '../test/harness';
import { createActivityEditor } from './activityEditor';
import { openDatabase, type Db } from './database';
import { createFieldDataStore } from './fieldData/store';

/**
 * Two API instances on one PostgreSQL database (two hosts, later): each a pool of its own, writing at the same time.
 * What one SQLite file in one process never saw, because it ran one transaction at a time.
 */
describe('two API instances writing to one PostgreSQL database at once', () => {
  let fresh: FreshDatabase;
  let hostA: Db;
  let hostB: Db;
  beforeEach(async () => {
    fresh = await freshDatabase();
    [hostA, hostB] = await Promise.all([openDatabase(fresh.target), openDatabase(fresh.target)]);
  });
  afterEach(async () => {
    await Promise.all([hostA.close(), hostB.close()]);
    await fresh.drop();
  });

  const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
  const lcp = (value: number): FieldEvent => ({ kind: 'metric', name: 'LCP', value });
  const view = (id: string) => fieldView({ id: `view-${id}`, route: '/', versions: { header: '1.0.0' } });

  it('gives a page view to one client only, when two clients send its first batch through two hosts at once', async () => {
    const [a, b] = [createFieldDataStore(hostA), createFieldDataStore(hostB)];
    const ids = Array.from({ length: 40 }, (_, index) => `raced-${index}`);
    const outcomes = await Promise.all(
      ids.map((id) => Promise.all([a.record(view(id), [lcp(1000)], NOW, 'visitor'), b.record(view(id), [lcp(60_000)], NOW, 'forger')])),
    );
    for (const pair of outcomes) expect([...pair].sort()).toEqual(['foreign', 'stored']);
    // Every view holds its owner's one event, never the other client's beside it.
    expect(await rows(hostA, 'SELECT view_id, count(*) AS n FROM field_events GROUP BY view_id HAVING count(*) <> 1')).toEqual([]);
    expect(await rows(hostA, 'SELECT views, events FROM field_totals')).toEqual([{ views: 40, events: 40 }]);
  });

  it('holds the caps and their totals when two hosts store past them at once', async () => {
    const limits = { views: 10, events: 100 };
    const [a, b] = [createFieldDataStore(hostA, limits), createFieldDataStore(hostB, limits)];
    const sent = Array.from({ length: 30 }, (_, index) => index);
    const outcomes = await Promise.all(
      sent.flatMap((index) => [
        a.record(view(`a${index}`), [lcp(1)], NOW + index, `client-a${index % 3}`),
        b.record(view(`b${index}`), [lcp(1)], NOW + index, `client-b${index % 3}`),
      ]),
    );
    expect(new Set(outcomes)).toEqual(new Set(['stored']));
    expect(await column(hostA, 'SELECT count(*) FROM field_views')).toEqual([limits.views]);
    // The totals the caps read are the counts, not a drifted copy of them.
    expect(await rows(hostA, 'SELECT views, events FROM field_totals')).toEqual([{ views: limits.views, events: limits.views }]);
    expect(await rows(hostA, 'SELECT sum(views) AS views, sum(events) AS events FROM field_client_totals')).toEqual([{ views: limits.views, events: limits.views }]);
  });

  it('gives two activities published through two hosts at once two ids, and loses neither of two edits made at once', async () => {
    const clock = () => NOW;
    const [a, b] = [createActivityEditor(hostA, clock), createActivityEditor(hostB, clock)];
    const draft = (title: string) => ({ title, subtitle: '', startTime: '2027-07-01 09:00', endTime: '2027-07-01 17:00', place: '青禾市', content: '活动介绍' });
    const ids = await Promise.all(Array.from({ length: 10 }, (_, index) => (index % 2 ? a : b).publish(draft(`同时发布 ${index}`))));
    expect(new Set(ids).size).toBe(10);

    const [first] = ids;
    for (let round = 0; round < 10; round += 1) {
      await Promise.all([a.edit(first ?? 0, { title: `标题 ${round}` }), b.edit(first ?? 0, { place: `地点 ${round}` })]);
      expect(await rows(hostA, 'SELECT title, place FROM activities WHERE id = ?', first)).toEqual([{ title: `标题 ${round}`, place: `地点 ${round}` }]);
    }
  });
});
