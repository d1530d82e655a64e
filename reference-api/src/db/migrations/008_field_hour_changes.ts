import { HOUR_MS } from '@wenrun/shared/node';
import { sql } from 'kysely';
import type { Dialect, Migration, MigrationDb } from './dialect';

/** Counts one more change of an hour's field data (`hour`: an SQL expression of the hour's number). */
const bump = (hour: string) => `
  INSERT INTO field_hour_changes (hour, changes) VALUES (${hour}, 1)
  ON CONFLICT (hour) DO UPDATE SET changes = field_hour_changes.changes + 1;`;

/** The writes that change what an hour's views count for, and the hour each changes. */
const WATCHED = [
  { table: 'field_views', operation: 'INSERT', hours: [`NEW.seen_at / ${HOUR_MS}`] },
  { table: 'field_views', operation: 'UPDATE', hours: [`OLD.seen_at / ${HOUR_MS}`, `NEW.seen_at / ${HOUR_MS}`] },
  { table: 'field_views', operation: 'DELETE', hours: [`OLD.seen_at / ${HOUR_MS}`] },
  // A client's hour crossing the cap makes every view of its in that hour a flood's: none of them counts any more.
  { table: 'field_client_hours', operation: 'INSERT', hours: ['NEW.hour'] },
  { table: 'field_client_hours', operation: 'UPDATE', hours: ['OLD.hour', 'NEW.hour'] },
  { table: 'field_client_hours', operation: 'DELETE', hours: ['OLD.hour'] },
] as const;

async function createTrigger(db: MigrationDb, dialect: Dialect, { table, operation, hours }: (typeof WATCHED)[number]): Promise<void> {
  const name = `${table}_${operation.toLowerCase()}_changes_hour`;
  const body = hours.map(bump).join('');
  if (dialect === 'sqlite') {
    await sql.raw(`CREATE TRIGGER ${name} AFTER ${operation} ON ${table} BEGIN ${body} END`).execute(db);
    return;
  }
  await sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${body} RETURN NULL; END $$`).execute(db);
  await sql.raw(`CREATE TRIGGER ${name} AFTER ${operation} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`).execute(db);
}

/**
 * How many times each hour's field data changed (issue 52): the API keeps the views of each hour in memory
 * (fieldData/hourCache.ts) and reads an hour again only when its count moved. Counted by triggers, so every writer
 * is seen: a beacon and a later one of the same view, eviction past a cap, retention, a bulk seed, and a flooder's
 * refused view that puts its client's hour past the cap. Every hour that has views has a row (they are counted here
 * once), and rows are never deleted, so an hour's count only grows: a count read once names one state of the hour.
 */
export const fieldHourChanges: Migration = {
  async up(db, dialect) {
    await db.schema
      .createTable('field_hour_changes')
      .addColumn('hour', 'bigint', (c) => c.primaryKey())
      .addColumn('changes', 'bigint', (c) => c.notNull())
      .execute();
    await sql`INSERT INTO field_hour_changes (hour, changes) SELECT DISTINCT seen_at / ${sql.lit(HOUR_MS)}, 1 FROM field_views`.execute(db);
    for (const watched of WATCHED) await createTrigger(db, dialect, watched);
  },
};
