import { sql } from 'kysely';
import { withoutRowid, type Migration } from './dialect';

/** However a view goes (retention, a cap), its client's totals and the store's follow. */
const VIEW_GONE = `
  UPDATE field_client_totals SET views = views - 1, events = events - OLD.events WHERE client = OLD.client;
  DELETE FROM field_client_totals WHERE client = OLD.client AND views <= 0;
  UPDATE field_totals SET views = views - 1, events = events - OLD.events;`;

/**
 * Field data per client (deploy/ops/release/README.md, the threat model): who sent each view, how many views each
 * client sent in each hour (over the cap, every view of that client in that hour counts for nothing), and what each
 * client holds, so that a cap evicts from the client holding most, never the oldest views of everyone.
 */
export const fieldClients: Migration = {
  async up(db, dialect) {
    // The client: an IPv4 address or an IPv6 /64 (net.ts, clientKey). Views stored before had none: each is its own.
    await db.schema.alterTable('field_views').addColumn('client', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.updateTable('field_views').set({ client: sql`'legacy ' || id` }).execute();
    // How many events the view holds, kept as they arrive: what its client's share of the events cap is made of.
    await db.schema.alterTable('field_views').addColumn('events', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db
      .updateTable('field_views')
      .set({ events: sql`(SELECT count(*) FROM field_events e WHERE e.view_id = field_views.id)` })
      .execute();
    await db.schema.createIndex('field_views_by_client').on('field_views').columns(['client', 'seen_at']).execute();

    // New views per client per hour (seen_at / 3 600 000), refused ones included: over the cap, the hour is a flood.
    await withoutRowid(
      db.schema
        .createTable('field_client_hours')
        .addColumn('client', 'text', (c) => c.notNull())
        .addColumn('hour', 'integer', (c) => c.notNull())
        .addColumn('views', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('field_client_hours_pk', ['client', 'hour']),
      dialect,
    ).execute();

    // What each client holds, and the whole store's totals: the caps read these, never a count over the tables.
    await withoutRowid(
      db.schema
        .createTable('field_client_totals')
        .addColumn('client', 'text', (c) => c.primaryKey())
        .addColumn('views', 'integer', (c) => c.notNull())
        .addColumn('events', 'integer', (c) => c.notNull()),
      dialect,
    ).execute();
    await db.schema.createIndex('field_client_totals_by_views').on('field_client_totals').column('views').execute();
    await db.schema.createIndex('field_client_totals_by_events').on('field_client_totals').column('events').execute();
    await sql`INSERT INTO field_client_totals (client, views, events) SELECT client, count(*), sum(events) FROM field_views GROUP BY client`.execute(db);

    await db.schema
      .createTable('field_totals')
      .addColumn('only', 'integer', (c) => c.primaryKey().check(sql`"only" = 1`))
      .addColumn('views', 'integer', (c) => c.notNull())
      .addColumn('events', 'integer', (c) => c.notNull())
      .execute();
    await sql`INSERT INTO field_totals ("only", views, events) SELECT 1, count(*), coalesce(sum(events), 0) FROM field_views`.execute(db);

    // The one trigger, in each dialect's form: SQLite's body inline, PostgreSQL's in a function.
    if (dialect === 'sqlite') {
      await sql`CREATE TRIGGER field_views_gone AFTER DELETE ON field_views BEGIN ${sql.raw(VIEW_GONE)} END`.execute(db);
    } else {
      await sql`CREATE FUNCTION field_views_gone() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${sql.raw(VIEW_GONE)} RETURN OLD; END $$`.execute(db);
      await sql`CREATE TRIGGER field_views_gone AFTER DELETE ON field_views FOR EACH ROW EXECUTE FUNCTION field_views_gone()`.execute(db);
    }
  },
};
