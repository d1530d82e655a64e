import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACTIVITIES } from '../seed/activities';
import { CATEGORIES, COURSES } from '../seed/courses';
import { EXPERTS } from '../seed/experts';
import { DEMO_ACCOUNTS } from '../seed/accounts';
import { openDatabase, type Db } from './database';
import { seedDatabase } from './seed';

/** The newest migration's number: what a fresh database is migrated to. */
const NEWEST_MIGRATION = Math.max(
  ...readdirSync(path.resolve(__dirname, '../../migrations')).map((file) => Number(/^(\d{3})_/.exec(file)?.[1] ?? 0)),
);

const counts = (db: Db) =>
  Object.fromEntries(
    ['users', 'courses', 'experts', 'categories', 'activities', 'banners', 'news', 'partners', 'images', 'search_grams'].map(
      (table) => [table, (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n],
    ),
  );

const DEMO = { demoAccounts: true };

describe('database and seed', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'reference-api-seed-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the folder, the schema and the demo content on first start, and changes nothing on later starts', async () => {
    const file = path.join(dir, 'nested', 'site.db');
    const db = openDatabase(file);
    await seedDatabase(db, 1, DEMO);
    expect(db.pragma('user_version', { simple: true })).toBe(NEWEST_MIGRATION);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    const first = counts(db);
    const hashes = db.prepare('SELECT mobile, password_hash FROM users ORDER BY id').all();
    db.close();

    const again = openDatabase(file);
    await seedDatabase(again, 2, DEMO);
    expect(counts(again)).toEqual(first);
    expect(again.prepare('SELECT mobile, password_hash FROM users ORDER BY id').all()).toEqual(hashes);
    again.close();
  });

  it('holds the promised amount of demo content', async () => {
    const db = openDatabase(path.join(dir, 'site.db'));
    await seedDatabase(db, 1, DEMO);
    const n = counts(db);
    db.close();
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
    const file = path.join(dir, 'site.db');
    const db = openDatabase(file);
    await seedDatabase(db, 1, DEMO);
    db.prepare("INSERT INTO messages (name, phone, message, created_at) VALUES ('张', '13800138000', '留言', 1)").run();
    db.prepare("UPDATE courses SET title = '被改过的标题' WHERE id = 1").run();
    db.prepare("UPDATE meta SET value = 'outdated' WHERE key = 'content_hash'").run();
    await seedDatabase(db, 2, DEMO);
    expect(db.prepare('SELECT title FROM courses WHERE id = 1').get()).toEqual({ title: COURSES[0]?.title });
    expect(db.prepare('SELECT count(*) AS n FROM messages').get()).toEqual({ n: 1 });
    db.close();
  });

  it('adds no demo account in the production form, and removes those a demo run left, with their sessions', async () => {
    const file = path.join(dir, 'site.db');
    const fresh = openDatabase(path.join(dir, 'fresh.db'));
    expect(await seedDatabase(fresh, 1, { demoAccounts: false })).toBe(0);
    expect(counts(fresh).users).toBe(0);
    fresh.close();

    const db = openDatabase(file);
    await seedDatabase(db, 1, DEMO);
    db.prepare("INSERT INTO users (mobile, sid, tid, school_name, created_at) VALUES ('13511112222', '', '', '未绑定学校', 1)").run();
    db.prepare("INSERT INTO sessions (token_hash, user_id, created_at, expires_at) SELECT 'h', id, 1, 2 FROM users WHERE mobile = ?").run(
      DEMO_ACCOUNTS[0]?.mobile,
    );
    expect(await seedDatabase(db, 2, { demoAccounts: false })).toBe(DEMO_ACCOUNTS.length);
    expect(db.prepare('SELECT mobile FROM users').pluck().all()).toEqual(['13511112222']);
    expect(db.prepare('SELECT count(*) FROM sessions').pluck().get()).toBe(0);
    db.close();
  });
});
