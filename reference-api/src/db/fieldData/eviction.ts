import { DAY_MS, FIELD_RETENTION_DAYS } from '@wenrun/shared/node';
import { sql, type Transaction } from 'kysely';
import type { Dialect } from '../database';
import type { Schema } from '../schema';
import type { FieldDataLimits } from './limits';

/**
 * The oldest view of a client, ties in insertion order: SQLite's rowid (in the index on (client, seen_at), so the
 * lookup reads the index alone), PostgreSQL's view id (it has no rowid).
 */
const insertionOrderOf = (dialect: Dialect) => sql.raw(dialect === 'sqlite' ? 'rowid' : 'id');

/** Past a cap, the client holding most of it loses its oldest view, until the store is within it. */
async function evictPast(trx: Transaction<Schema>, dialect: Dialect, kind: 'views' | 'events', cap: number): Promise<void> {
  const insertionOrder = insertionOrderOf(dialect);
  let held = (await trx.selectFrom('field_totals').select(kind).executeTakeFirstOrThrow())[kind];
  while (held > cap) {
    const most = await trx.selectFrom('field_client_totals').select('client').orderBy(kind, 'desc').limit(1).executeTakeFirst();
    if (most === undefined) return;
    // Events go with their view (ON DELETE CASCADE); the totals follow (trigger field_views_gone).
    const dropped = await sql`DELETE FROM field_views WHERE ${insertionOrder} = (
      SELECT ${insertionOrder} FROM field_views WHERE client = ${most.client} ORDER BY seen_at, ${insertionOrder} LIMIT 1)`.execute(trx);
    if (dropped.numAffectedRows === 0n) return;
    held = (await trx.selectFrom('field_totals').select(kind).executeTakeFirstOrThrow())[kind];
  }
}

/** After a batch: views past retention go, then the clients holding most lose views until both caps hold. */
export async function keepWithinRetentionAndCaps(trx: Transaction<Schema>, dialect: Dialect, limits: FieldDataLimits, now: number): Promise<void> {
  await trx.deleteFrom('field_views').where('seen_at', '<', now - FIELD_RETENTION_DAYS * DAY_MS).execute();
  await evictPast(trx, dialect, 'views', limits.views);
  await evictPast(trx, dialect, 'events', limits.events);
}
