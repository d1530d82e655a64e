import { sql } from 'kysely';
import { ACTIVITIES } from '../seed/activities';
import { CATEGORIES, COURSES } from '../seed/courses';
import { EXPERTS } from '../seed/experts';
import { DEMO_ACCOUNTS } from '../seed/accounts';
import { column, freshDatabase, rows, TEST_DIALECT, type FreshDatabase } from '../test/harness';
import { openDatabase, type Db } from './database';
import { MIGRATIONS } from './migrations';
import { seedDatabase } from './seed';

const counts = async (db: Db) =>
  Object.fromEntries(
    await Promise.all(
      ['users', 'courses', 'experts', 'categories', 'activities', 'banners', 'news', 'partners', 'images', 'search_grams'].map(
        async (table) => [table, (await column(db, `SELECT count(*) AS n FROM ${table}`))[0]],
      ),
    ),
  );

const DEMO = { demoAccounts: true };

describe('database and seed', () => {
  const databases: FreshDatabase[] = [];
  /** A database of its own; on SQLite in a folder that does not exist yet. */
  async function fresh(): Promise<string> {
    const made = await freshDatabase({ empty: true });
    databases.push(made);
    return TEST_DIALECT === 'sqlite' ? made.target.replace(/site\.db$/, 'nested/site.db') : made.target;
  }
  afterEach(async () => {
    for (const made of databases.splice(0)) await made.drop();
  });

  it('creates the folder, the schema and the demo content on first start, and changes nothing on later starts', async () => {
    const target = await fresh();
    const db = await openDatabase(target);
    await seedDatabase(db, 1, DEMO);
    // Every migration ran, in order, once.
    expect(await column(db, 'SELECT name FROM kysely_migration ORDER BY name')).toEqual(MIGRATIONS.map(([name]) => name));
    if (db.dialect === 'sqlite') expect((await rows(db, 'PRAGMA journal_mode'))[0]).toEqual({ journal_mode: 'wal' });
    const first = await counts(db);
    const hashes = await rows(db, 'SELECT mobile, password_hash FROM users ORDER BY id');
    await db.close();

    const again = await openDatabase(target);
    await seedDatabase(again, 2, DEMO);
    expect(await counts(again)).toEqual(first);
    expect(await rows(again, 'SELECT mobile, password_hash FROM users ORDER BY id')).toEqual(hashes);
    await again.close();
  });

  // SQLite's alone: no PostgreSQL database predates the Migrator.
  if (TEST_DIALECT === 'sqlite') it('takes over a SQLite file migrated by numbered SQL files (PRAGMA user_version) without migrating it again', async () => {
    const target = await fresh();
    // What a file of the numbered-migrations days looks like: the schema of its five migrations, no Migrator table.
    const db = await openDatabase(target, { migrateTo: '005_field_clients' });
    await seedDatabase(db, 1, DEMO);
    await sql`DROP TABLE kysely_migration`.execute(db.kysely);
    await sql`DROP TABLE kysely_migration_lock`.execute(db.kysely);
    await sql`PRAGMA user_version = 5`.execute(db.kysely);
    await db.close();
    const again = await openDatabase(target);
    expect(await column(again, 'SELECT name FROM kysely_migration ORDER BY name')).toEqual(MIGRATIONS.map(([name]) => name));
    expect((await counts(again)).courses).toBe(COURSES.length);
    await again.close();
  });

  it('holds the promised amount of demo content', async () => {
    const db = await openDatabase(await fresh());
    await seedDatabase(db, 1, DEMO);
    const n = await counts(db);
    await db.close();
    expect(n.users).toBe(DEMO_ACCOUNTS.length);
    expect(n.courses).toBe(COURSES.length);
    expect(COURSES.length).toBeGreaterThanOrEqual(40);
    expect(n.experts).toBe(15);
    expect(n.categories).toBe(CATEGORIES.length);
    expect(n.activities).toBe(ACTIVITIES.length);
    expect(ACTIVITIES.filter((activity) => activity.online).length).toBeGreaterThanOrEqual(6);
    expect(n.banners).toBe(3);
    expect(n.partners).toBeGreaterThanOrEqual(8);
  });

  it('keeps the demo content free of placeholders and English filler', () => {
    const text = JSON.stringify({ COURSES, EXPERTS, ACTIVITIES });
    expect(text).not.toMatch(/lorem|ipsum|TODO|placeholder|foo|bar/i);
    for (const course of COURSES) {
      expect(CATEGORIES).toContain(course.category);
      expect(EXPERTS.map((expert) => expert.name)).toContain(course.lecturer);
    }
    expect(COURSES.filter((course) => course.highlighted)).toHaveLength(8);
    expect(EXPERTS.filter((expert) => expert.featured)).toHaveLength(6);
    expect(new Set(COURSES.map((course) => course.title)).size).toBe(COURSES.length);
  });

  it('rewrites the demo content when it changed, keeping accounts and visitor data', async () => {
    const db = await openDatabase(await fresh());
    await seedDatabase(db, 1, DEMO);
    await rows(db, "INSERT INTO messages (name, phone, message, created_at) VALUES ('张', '13800138000', '留言', 1)");
    await rows(db, "UPDATE courses SET title = '被改过的标题' WHERE id = 1");
    await rows(db, "UPDATE meta SET value = 'outdated' WHERE key = 'content_hash'");
    await seedDatabase(db, 2, DEMO);
    expect(await rows(db, 'SELECT title FROM courses WHERE id = 1')).toEqual([{ title: COURSES[0]?.title }]);
    expect(await rows(db, 'SELECT count(*) AS n FROM messages')).toEqual([{ n: 1 }]);
    await db.close();
  });

  it('adds no demo account in the production form, and removes those a demo run left, with their sessions', async () => {
    const empty = await openDatabase(await fresh());
    expect(await seedDatabase(empty, 1, { demoAccounts: false })).toBe(0);
    expect((await counts(empty)).users).toBe(0);
    await empty.close();

    const db = await openDatabase(await fresh());
    await seedDatabase(db, 1, DEMO);
    await rows(db, "INSERT INTO users (mobile, sid, tid, school_name, created_at) VALUES ('13511112222', '', '', '未绑定学校', 1)");
    await rows(db, "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) SELECT 'h', id, 1, 2 FROM users WHERE mobile = ?", DEMO_ACCOUNTS[0]?.mobile);
    expect(await seedDatabase(db, 2, { demoAccounts: false })).toBe(DEMO_ACCOUNTS.length);
    expect(await column(db, 'SELECT mobile FROM users')).toEqual(['13511112222']);
    expect((await column(db, 'SELECT count(*) FROM sessions'))[0]).toBe(0);
    await db.close();
  });
});
