import { createHash } from 'node:crypto';
import { sql, type Insertable, type Transaction } from 'kysely';
import { hashSecret } from '../security/hash';
import { DEMO_ACCOUNTS } from '../seed/accounts';
import { buildSeedContent, type SeedContent } from '../seed/content';
import { shortGrams } from '../search/terms';
import { exclusively, type Db } from './database';
import type { Schema } from './schema';

/**
 * Demo accounts are added when missing and never touched again, so a password changed by hand in the database
 * survives restarts. Hashing is slow, hence only the missing ones are hashed.
 */
async function seedAccounts({ kysely }: Db, now: number): Promise<void> {
  const existing = new Set(
    (await kysely.selectFrom('users').select('mobile').where('mobile', 'in', DEMO_ACCOUNTS.map((account) => account.mobile)).execute()).map(
      (row) => row.mobile,
    ),
  );
  const missing = DEMO_ACCOUNTS.filter((account) => !existing.has(account.mobile));
  if (missing.length === 0) return;
  const hashed = await Promise.all(missing.map(async (account) => ({ account, hash: await hashSecret(account.password) })));
  await kysely
    .insertInto('users')
    .values(
      hashed.map(({ account, hash }) => ({
        mobile: account.mobile,
        password_hash: hash,
        teacher_icon: account.teacherIcon,
        sid: account.sid,
        tid: account.tid,
        school_name: account.schoolName,
        created_at: now,
      })),
    )
    .onConflict((conflict) => conflict.column('mobile').doNothing())
    .execute();
}

/**
 * The production form has no account whose password is published: a database that ran in demo mode loses the demo
 * accounts (and their sessions) when the server starts in production mode.
 */
async function removeDemoAccounts({ kysely }: Db): Promise<number> {
  const removed = await kysely.deleteFrom('users').where('mobile', 'in', DEMO_ACCOUNTS.map((account) => account.mobile)).executeTakeFirst();
  return Number(removed.numDeletedRows);
}

function contentHash(content: SeedContent): string {
  return createHash('sha256')
    .update(JSON.stringify({ ...content, images: [...content.images] }))
    .digest('hex');
}

const CONTENT_TABLES = ['search_grams', 'courses', 'experts', 'categories', 'banners', 'news', 'partners', 'activities', 'images'] as const;

/** Rows per INSERT: well under both dialects' limits on bound parameters (SQLite 32 766, PostgreSQL 65 535). */
const ROWS_PER_INSERT = 500;

async function insertAll<T extends keyof Schema>(trx: Transaction<Schema>, table: T, rows: Insertable<Schema[T]>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    // The rows are the table's own (checked at the call); Kysely cannot follow `T` through its generic `values`.
    await trx.insertInto(table).values(rows.slice(start, start + ROWS_PER_INSERT) as never).execute();
  }
}

const contentRead = (db: Db) => db.kysely.selectFrom('meta').select('value').where('key', '=', 'content_hash').executeTakeFirst();

/**
 * Replaces all demo content in one transaction; readers see the old content or the new, never a mix. Under a lock,
 * with the hash read again inside: two instances starting at once write it once.
 */
async function writeContent(db: Db, content: SeedContent, hash: string): Promise<void> {
  await exclusively(db, 'seed', async (trx) => {
    const stored = await trx.selectFrom('meta').select('value').where('key', '=', 'content_hash').executeTakeFirst();
    if (stored?.value === hash) return;
    for (const table of CONTENT_TABLES) await trx.deleteFrom(table).execute();
    await insertAll(trx, 'categories', content.categories.map((name, index) => ({ name, sort: index })));
    await insertAll(
      trx,
      'courses',
      content.courses.map(({ id, title, category, lecturer, lessons, summary, cover, highlighted }) => ({
        id, title, category, lecturer, lessons, summary, cover, highlighted: highlighted ? 1 : 0,
      })),
    );
    await insertAll(
      trx,
      'experts',
      content.experts.map(({ id, name, title, organization, field, intro, avatar, featured }) => ({
        id, name, title, organization, field, intro, avatar, featured: featured ? 1 : 0,
      })),
    );
    await insertAll(trx, 'search_grams', [
      ...content.courses.flatMap((course) =>
        [...shortGrams([course.title, course.category, course.lecturer, course.summary])].map((gram) => ({ gram, kind: 'course' as const, ref_id: course.id })),
      ),
      ...content.experts.flatMap((expert) =>
        [...shortGrams([expert.name, expert.title, expert.organization, expert.field, expert.intro])].map((gram) => ({
          gram, kind: 'expert' as const, ref_id: expert.id,
        })),
      ),
    ]);
    // SQLite's external-content FTS tables are rebuilt from their content tables in one statement each; PostgreSQL's
    // trigram indexes follow the tables by themselves (migrations/001_init.ts).
    if (db.dialect === 'sqlite') {
      await sql`INSERT INTO courses_fts (courses_fts) VALUES ('rebuild')`.execute(trx);
      await sql`INSERT INTO experts_fts (experts_fts) VALUES ('rebuild')`.execute(trx);
    }
    await insertAll(trx, 'banners', content.banners.map(({ id, title, subtitle, image, link }) => ({ id, title, subtitle, image, link })));
    await insertAll(trx, 'news', content.news.map(({ id, title, date, summary }) => ({ id, title, date, summary })));
    await insertAll(trx, 'partners', content.partners.map(({ id, name, region }) => ({ id, name, region })));
    await insertAll(
      trx,
      'activities',
      content.activities.map((activity) => ({
        id: activity.id,
        title: activity.title,
        subtitle: activity.subtitle,
        start_time: activity.startTime,
        end_time: activity.endTime,
        place: activity.place,
        organizer: activity.organizer,
        cover: activity.cover,
        blocks: JSON.stringify(activity.blocks),
        sign_up: JSON.stringify(activity.signUp),
        online: activity.online ? 1 : 0,
      })),
    );
    await insertAll(trx, 'images', [...content.images].map(([path, svg]) => ({ path, svg })));
    await trx
      .insertInto('meta')
      .values({ key: 'content_hash', value: hash })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: hash }))
      .execute();
  });
}

/**
 * Idempotent, run on every start: demo accounts are added when missing in demo mode and removed otherwise; the demo
 * content is rewritten only when the content built from the repository differs from what the database holds (its
 * hash is kept in `meta`). Returns how many demo accounts were removed.
 */
export async function seedDatabase(db: Db, now: number, { demoAccounts }: { demoAccounts: boolean }): Promise<number> {
  if (demoAccounts) await seedAccounts(db, now);
  const removed = demoAccounts ? 0 : await removeDemoAccounts(db);
  const content = buildSeedContent();
  const hash = contentHash(content);
  if ((await contentRead(db))?.value !== hash) await writeContent(db, content, hash);
  return removed;
}
