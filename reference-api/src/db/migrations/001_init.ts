import { sql } from 'kysely';
import { generatedId, withoutRowid, type Migration } from './dialect';

/** The reference API's schema: accounts, sessions, codes, messages, statistics, the demo content and its search. */
export const init: Migration = {
  async up(db, dialect) {
    const id = generatedId(dialect);
    await withoutRowid(
      db.schema.createTable('meta').addColumn('key', 'text', (c) => c.primaryKey()).addColumn('value', 'text', (c) => c.notNull()),
      dialect,
    ).execute();

    // Accounts. password_hash is NULL for visitor accounts created by a first code login.
    await db.schema
      .createTable('users')
      .addColumn('id', 'integer', id)
      .addColumn('mobile', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text')
      .addColumn('teacher_icon', 'text')
      .addColumn('sid', 'text', (c) => c.notNull())
      .addColumn('tid', 'text', (c) => c.notNull())
      .addColumn('school_name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    // Only the SHA-256 of a token is kept.
    await withoutRowid(
      db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull()),
      dialect,
    ).execute();

    await db.schema
      .createTable('login_failures')
      .addColumn('id', 'integer', id)
      .addColumn('mobile', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('login_failures_by_mobile').on('login_failures').columns(['mobile', 'at']).execute();

    // Verification codes, scrypt-hashed; used_at is set on use and when a newer code replaces this one.
    await db.schema
      .createTable('sms_codes')
      .addColumn('id', 'integer', id)
      .addColumn('mobile', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema.createIndex('sms_codes_by_mobile').on('sms_codes').columns(['mobile', 'created_at']).execute();
    await db.schema.createIndex('sms_codes_by_ip').on('sms_codes').columns(['ip', 'created_at']).execute();

    await db.schema
      .createTable('messages')
      .addColumn('id', 'integer', id)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('messages_by_phone').on('messages').columns(['phone', 'created_at']).execute();

    await db.schema
      .createTable('stats_events')
      .addColumn('id', 'integer', id)
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('detail', 'text')
      .addColumn('received_at', 'bigint', (c) => c.notNull())
      .execute();

    // Demo content: replaced as a whole by the seed when its version changes.
    await withoutRowid(
      db.schema.createTable('categories').addColumn('name', 'text', (c) => c.primaryKey()).addColumn('sort', 'integer', (c) => c.notNull()),
      dialect,
    ).execute();

    await db.schema
      .createTable('courses')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull().references('categories.name'))
      .addColumn('lecturer', 'text', (c) => c.notNull())
      .addColumn('lessons', 'integer', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('cover', 'text', (c) => c.notNull())
      .addColumn('highlighted', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('courses_by_category').on('courses').columns(['category', 'id']).execute();

    await db.schema
      .createTable('experts')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('organization', 'text', (c) => c.notNull())
      .addColumn('field', 'text', (c) => c.notNull())
      .addColumn('intro', 'text', (c) => c.notNull())
      .addColumn('avatar', 'text', (c) => c.notNull())
      .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    // Keywords of 3+ characters: a trigram index over the searchable columns (src/db/search.ts). SQLite: FTS5's
    // trigram tokenizer, in tables of their own rebuilt by the seed. PostgreSQL: pg_trgm's GIN index over the columns
    // joined by a newline (a term never holds whitespace, so no match spans two columns), kept by PostgreSQL itself.
    if (dialect === 'sqlite') {
      await sql`CREATE VIRTUAL TABLE courses_fts USING fts5 (
        title, category, lecturer, summary, content = 'courses', content_rowid = 'id', tokenize = 'trigram')`.execute(db);
      await sql`CREATE VIRTUAL TABLE experts_fts USING fts5 (
        name, title, organization, field, intro, content = 'experts', content_rowid = 'id', tokenize = 'trigram')`.execute(db);
    } else {
      // A trusted extension (PostgreSQL 13+): a database owner may create it without being a superuser.
      await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
      await sql`CREATE INDEX courses_trigrams ON courses USING gin ((${sql.raw(COURSE_TEXT)}) gin_trgm_ops)`.execute(db);
      await sql`CREATE INDEX experts_trigrams ON experts USING gin ((${sql.raw(EXPERT_TEXT)}) gin_trgm_ops)`.execute(db);
    }

    // Keywords of 1-2 characters (below the trigram size): every distinct 1- and 2-character substring, indexed.
    await withoutRowid(
      db.schema
        .createTable('search_grams')
        .addColumn('gram', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('course', 'expert')`))
        .addColumn('ref_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('search_grams_pk', ['gram', 'kind', 'ref_id']),
      dialect,
    ).execute();

    await db.schema
      .createTable('banners')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('subtitle', 'text', (c) => c.notNull())
      .addColumn('image', 'text', (c) => c.notNull())
      .addColumn('link', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('news')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('partners')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('region', 'text', (c) => c.notNull())
      .execute();

    // blocks and sign_up are JSON documents (ActivityBlock[] and ActivitySignUp of shared/src/api/types.ts), kept as
    // text on both dialects: the API reads them whole and never queries inside them.
    await db.schema
      .createTable('activities')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('subtitle', 'text', (c) => c.notNull())
      .addColumn('start_time', 'text', (c) => c.notNull())
      .addColumn('end_time', 'text', (c) => c.notNull())
      .addColumn('place', 'text', (c) => c.notNull())
      .addColumn('organizer', 'text', (c) => c.notNull())
      .addColumn('cover', 'text', (c) => c.notNull())
      .addColumn('blocks', 'text', (c) => c.notNull())
      .addColumn('sign_up', 'text', (c) => c.notNull())
      .addColumn('online', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();

    // Generated demo images (SVG), served under /images/.
    await withoutRowid(
      db.schema.createTable('images').addColumn('path', 'text', (c) => c.primaryKey()).addColumn('svg', 'text', (c) => c.notNull()),
      dialect,
    ).execute();
  },
};

/** What PostgreSQL's trigram indexes cover, and what search.ts matches against them: the same expression. */
export const COURSE_TEXT = "title || E'\\n' || category || E'\\n' || lecturer || E'\\n' || summary";
export const EXPERT_TEXT = "name || E'\\n' || title || E'\\n' || organization || E'\\n' || field || E'\\n' || intro";
