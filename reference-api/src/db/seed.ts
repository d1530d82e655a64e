import { createHash } from 'node:crypto';
import { hashSecret } from '../security/hash';
import { DEMO_ACCOUNTS } from '../seed/accounts';
import { buildSeedContent, type SeedContent } from '../seed/content';
import { shortGrams } from '../search/terms';
import type { Db } from './database';

/**
 * Demo accounts are added when missing and never touched again, so a password changed by hand in the database
 * survives restarts. Hashing is slow, hence only the missing ones are hashed.
 */
async function seedAccounts(db: Db, now: number): Promise<void> {
  const exists = db.prepare<[string], { id: number }>('SELECT id FROM users WHERE mobile = ?');
  const missing = DEMO_ACCOUNTS.filter((account) => !exists.get(account.mobile));
  const hashed = await Promise.all(missing.map(async (account) => ({ account, hash: await hashSecret(account.password) })));
  const insert = db.prepare<[string, string, string | null, string, string, string, number]>(
    `INSERT INTO users (mobile, password_hash, teacher_icon, sid, tid, school_name, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (mobile) DO NOTHING`,
  );
  db.transaction(() => {
    for (const { account, hash } of hashed) {
      insert.run(account.mobile, hash, account.teacherIcon, account.sid, account.tid, account.schoolName, now);
    }
  })();
}

/**
 * The production form has no account whose password is published: a database that ran in demo mode loses the demo
 * accounts (and their sessions) when the server starts in production mode.
 */
function removeDemoAccounts(db: Db): number {
  const remove = db.prepare<[string]>('DELETE FROM users WHERE mobile = ?');
  return db.transaction(() => DEMO_ACCOUNTS.reduce((removed, account) => removed + remove.run(account.mobile).changes, 0))();
}

function contentHash(content: SeedContent): string {
  return createHash('sha256')
    .update(JSON.stringify({ ...content, images: [...content.images] }))
    .digest('hex');
}

const CONTENT_TABLES = ['search_grams', 'courses', 'experts', 'categories', 'banners', 'news', 'partners', 'activities', 'images'];

/** Replaces all demo content in one transaction; readers see the old content or the new, never a mix. */
function writeContent(db: Db, content: SeedContent, hash: string): void {
  const insertCategory = db.prepare('INSERT INTO categories (name, sort) VALUES (?, ?)');
  const insertCourse = db.prepare(
    `INSERT INTO courses (id, title, category, lecturer, lessons, summary, cover, highlighted)
     VALUES (@id, @title, @category, @lecturer, @lessons, @summary, @cover, @highlighted)`,
  );
  const insertExpert = db.prepare(
    `INSERT INTO experts (id, name, title, organization, field, intro, avatar, featured)
     VALUES (@id, @name, @title, @organization, @field, @intro, @avatar, @featured)`,
  );
  const insertGram = db.prepare("INSERT OR IGNORE INTO search_grams (gram, kind, ref_id) VALUES (?, ?, ?)");
  const insertBanner = db.prepare(
    'INSERT INTO banners (id, title, subtitle, image, link) VALUES (@id, @title, @subtitle, @image, @link)',
  );
  const insertNews = db.prepare('INSERT INTO news (id, title, date, summary) VALUES (@id, @title, @date, @summary)');
  const insertPartner = db.prepare('INSERT INTO partners (id, name, region) VALUES (@id, @name, @region)');
  const insertActivity = db.prepare(
    `INSERT INTO activities (id, title, subtitle, start_time, end_time, place, organizer, cover, blocks, sign_up, online)
     VALUES (@id, @title, @subtitle, @startTime, @endTime, @place, @organizer, @cover, @blocks, @signUp, @online)`,
  );
  const insertImage = db.prepare('INSERT INTO images (path, svg) VALUES (?, ?)');

  db.transaction(() => {
    for (const table of CONTENT_TABLES) db.exec(`DELETE FROM ${table}`);
    content.categories.forEach((name, index) => insertCategory.run(name, index));
    for (const course of content.courses) {
      insertCourse.run({ ...course, highlighted: course.highlighted ? 1 : 0 });
      for (const gram of shortGrams([course.title, course.category, course.lecturer, course.summary])) {
        insertGram.run(gram, 'course', course.id);
      }
    }
    for (const expert of content.experts) {
      insertExpert.run({ ...expert, featured: expert.featured ? 1 : 0 });
      for (const gram of shortGrams([expert.name, expert.title, expert.organization, expert.field, expert.intro])) {
        insertGram.run(gram, 'expert', expert.id);
      }
    }
    // External-content FTS tables are rebuilt from their content tables in one statement each.
    db.exec("INSERT INTO courses_fts (courses_fts) VALUES ('rebuild')");
    db.exec("INSERT INTO experts_fts (experts_fts) VALUES ('rebuild')");
    for (const banner of content.banners) insertBanner.run(banner);
    for (const item of content.news) insertNews.run(item);
    for (const partner of content.partners) insertPartner.run(partner);
    for (const { blocks, signUp, online, ...activity } of content.activities) {
      insertActivity.run({ ...activity, blocks: JSON.stringify(blocks), signUp: JSON.stringify(signUp), online: online ? 1 : 0 });
    }
    for (const [path, svg] of content.images) insertImage.run(path, svg);
    db.prepare("INSERT INTO meta (key, value) VALUES ('content_hash', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(hash);
  })();
}

/**
 * Idempotent, run on every start: demo accounts are added when missing in demo mode and removed otherwise; the demo
 * content is rewritten only when the content built from the repository differs from what the database holds (its
 * hash is kept in `meta`). Returns how many demo accounts were removed.
 */
export async function seedDatabase(db: Db, now: number, { demoAccounts }: { demoAccounts: boolean }): Promise<number> {
  if (demoAccounts) await seedAccounts(db, now);
  const removed = demoAccounts ? 0 : removeDemoAccounts(db);
  const content = buildSeedContent();
  const hash = contentHash(content);
  const stored = db.prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'content_hash'").get();
  if (stored?.value !== hash) writeContent(db, content, hash);
  return removed;
}
