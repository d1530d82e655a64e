import type { FieldEvent, FieldView } from '../../../shared/src/api/fieldData';
import { openDatabase } from './database';
import { chinaDay, createFieldDataStore, MAX_FIELD_VIEWS, p75 } from './fieldData';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const DAY = 86_400_000;

function view(id: string, route: string, extra: Partial<FieldView> = {}): FieldView {
  return { id: `view-${id}`, route, versions: { header: '1.0.0' }, canary: [], ...extra };
}
const lcp = (value: number): FieldEvent => ({ kind: 'metric', name: 'LCP', value });

function store() {
  return createFieldDataStore(openDatabase(':memory:'));
}

describe('p75 (nearest rank)', () => {
  it.each([
    [[1000, 1200, 1500, 2400, 3000], 2400],
    [[5], 5],
    [[4, 1, 3, 2], 3],
    [[], undefined],
  ])('%p ⇒ %p', (values, expected) => expect(p75(values)).toBe(expected));
});

describe('field data store', () => {
  it('summarises by route: views, error rate, p75 of each metric, a metric sent twice counting with its last value', () => {
    const fieldData = store();
    [1000, 1200, 1500, 2400, 3000].forEach((value, index) => fieldData.record(view(`a${index}`, '/about/*'), [lcp(value)], NOW - 1000));
    fieldData.record(view('a0', '/about/*'), [{ kind: 'metric', name: 'CLS', value: 0.05 }], NOW - 900);
    fieldData.record(view('a0', '/about/*'), [{ kind: 'metric', name: 'CLS', value: 0.1234 }], NOW - 800);
    fieldData.record(view('h1', '/'), [lcp(900), { kind: 'error', message: 'x' }], NOW - 1000);
    fieldData.record(view('h2', '/'), [lcp(800)], NOW - 1000);

    const { byRoute } = fieldData.summary(NOW, 1);
    expect(byRoute).toEqual([
      { route: '/about/*', views: 5, errorRate: 0, p75: { LCP: 2400, CLS: 0.123 } },
      { route: '/', views: 2, errorRate: 0.5, p75: { LCP: 900 } },
    ]);
  });

  it('summarises by remote version, canary builds apart from stable ones, with slot load times and outcomes', () => {
    const fieldData = store();
    const slot = (loadMs: number, outcome: 'loaded' | 'fallback' | 'failed', version = '2.0.0'): FieldEvent => ({
      kind: 'slot',
      remote: 'wuyou',
      version,
      loadMs,
      outcome,
    });
    fieldData.record(view('s1', '/wuyou/*', { versions: { wuyou: '2.0.0' } }), [lcp(1000), slot(100, 'loaded')], NOW);
    fieldData.record(view('s2', '/wuyou/*', { versions: { wuyou: '2.0.0' } }), [lcp(2000), slot(300, 'loaded')], NOW);
    fieldData.record(view('c1', '/wuyou/*', { versions: { wuyou: '2.1.0' }, canary: ['wuyou'] }), [lcp(1500), slot(200, 'loaded', '2.1.0')], NOW);
    // A canary visitor whose canary failed: the stable build answered (fallback), and an error was reported.
    fieldData.record(
      view('c2', '/wuyou/*', { versions: { wuyou: '2.0.0' }, canary: ['wuyou'] }),
      [slot(900, 'fallback'), { kind: 'error', message: 'ChunkLoadError', remote: 'wuyou', version: '2.1.0' }],
      NOW,
    );

    const rows = fieldData.summary(NOW, 1).byRemoteVersion;
    expect(rows).toEqual(
      expect.arrayContaining([
        { remote: 'wuyou', version: '2.0.0', canary: false, views: 2, errorRate: 0, p75: { LCP: 2000 }, slotLoadP75: 300, fallbacks: 0, failures: 0 },
        { remote: 'wuyou', version: '2.1.0', canary: true, views: 1, errorRate: 0, p75: { LCP: 1500 }, slotLoadP75: 200, fallbacks: 0, failures: 0 },
        { remote: 'wuyou', version: '2.0.0', canary: true, views: 1, errorRate: 1, p75: {}, slotLoadP75: 900, fallbacks: 1, failures: 0 },
      ]),
    );
    expect(rows).toHaveLength(3);
  });

  it('summarises by day in China time (UTC+8), oldest first, and only within the window', () => {
    const fieldData = store();
    // 15:59 and 16:01 UTC are 23:59 and 00:01 the next day in Beijing.
    const beforeMidnight = Date.UTC(2026, 10, 18, 15, 59);
    const afterMidnight = Date.UTC(2026, 10, 18, 16, 1);
    fieldData.record(view('d2', '/'), [lcp(700)], afterMidnight);
    fieldData.record(view('d1', '/'), [lcp(600)], beforeMidnight);
    fieldData.record(view('old', '/'), [lcp(500)], NOW - 8 * DAY);

    expect(fieldData.summary(NOW, 7).byDay).toEqual([
      { day: '2026-11-18', route: '/', views: 1, errorRate: 0, p75: { LCP: 600 } },
      { day: '2026-11-19', route: '/', views: 1, errorRate: 0, p75: { LCP: 700 } },
    ]);
    expect(fieldData.summary(NOW, 1).byRoute).toEqual([]);
    expect(chinaDay(beforeMidnight)).toBe('2026-11-18');
  });

  it('drops what is older than 30 days at the next insert, with its events', () => {
    const db = openDatabase(':memory:');
    const fieldData = createFieldDataStore(db);
    fieldData.record(view('old', '/'), [lcp(500)], NOW - 31 * DAY);
    fieldData.record(view('recent', '/'), [lcp(600)], NOW - 29 * DAY);
    fieldData.record(view('new', '/'), [lcp(700)], NOW);
    const ids = db.prepare('SELECT id FROM field_views ORDER BY id').pluck().all();
    expect(ids).toEqual(['view-new', 'view-recent']);
    expect(db.prepare("SELECT COUNT(*) FROM field_events WHERE view_id = 'view-old'").pluck().get()).toBe(0);
  });

  it(`keeps at most ${MAX_FIELD_VIEWS} views, dropping the oldest first`, () => {
    const db = openDatabase(':memory:');
    const fieldData = createFieldDataStore(db);
    const insert = db.prepare("INSERT INTO field_views (id, route, versions, canary, seen_at) VALUES (?, '/', '{}', '[]', ?)");
    db.transaction(() => {
      for (let i = 0; i < MAX_FIELD_VIEWS; i += 1) insert.run(`seed-${i}`, NOW - DAY + i);
    })();
    fieldData.record(view('newest', '/'), [lcp(1)], NOW);
    expect(db.prepare('SELECT COUNT(*) FROM field_views').pluck().get()).toBe(MAX_FIELD_VIEWS);
    expect(db.prepare("SELECT COUNT(*) FROM field_views WHERE id = 'seed-0'").pluck().get()).toBe(0);
    expect(db.prepare("SELECT COUNT(*) FROM field_views WHERE id = 'view-newest'").pluck().get()).toBe(1);
  });
});
