import { MIGRATIONS } from '../db/migrations';
import { column, testDatabase } from './harness';

const SEEDED_TABLES = ['users', 'courses', 'experts', 'categories', 'activities', 'banners', 'news', 'partners', 'images', 'search_grams'];

describe('testDatabase: what its name says on either dialect', () => {
  it('is migrated and empty: no seeded content, no demo account', async () => {
    const db = await testDatabase();
    for (const table of SEEDED_TABLES) expect([table, Number((await column(db, `SELECT count(*) AS n FROM ${table}`))[0])]).toEqual([table, 0]);
    expect(Number((await column(db, 'SELECT count(*) AS n FROM kysely_migration'))[0])).toBe(MIGRATIONS.length);
  });

  it('stops at migrateTo', async () => {
    const [first] = MIGRATIONS[0] ?? [];
    const db = await testDatabase({ migrateTo: first });
    expect(await column(db, 'SELECT name AS n FROM kysely_migration')).toEqual([first]);
  });
});
