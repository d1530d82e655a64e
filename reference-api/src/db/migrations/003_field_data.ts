import type { Migration } from './dialect';

/** Field data: page views of real visitors and what was measured in them (shared/src/api/fieldData.ts). */
export const fieldData: Migration = {
  async up(db, dialect) {
    await db.schema
      .createTable('field_views')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('route', 'text', (c) => c.notNull())
      // JSON (an object of versions by remote, a list of remotes), kept as text: database.ts, fieldData/hourCache.ts parses it.
      .addColumn('versions', 'text', (c) => c.notNull())
      .addColumn('canary', 'text', (c) => c.notNull())
      .addColumn('seen_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('field_views_seen_at').on('field_views').column('seen_at').execute();

    await db.schema
      .createTable('field_events')
      // SQLite's AUTOINCREMENT: an id is never reused, even after the newest row is evicted.
      .addColumn('id', 'integer', (c) => (dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
      .addColumn('view_id', 'text', (c) => c.notNull().references('field_views.id').onDelete('cascade'))
      .addColumn('received_at', 'bigint', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('name', 'text')
      .addColumn('value', 'double precision')
      .addColumn('remote', 'text')
      .addColumn('version', 'text')
      .addColumn('outcome', 'text')
      .addColumn('message', 'text')
      .execute();
    await db.schema.createIndex('field_events_view').on('field_events').column('view_id').execute();
  },
};
