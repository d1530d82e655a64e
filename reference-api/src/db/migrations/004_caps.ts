import { sql } from 'kysely';
import type { Migration } from './dialect';

const METRICS = ['lcp', 'inp', 'cls', 'ttfb'] as const;

/**
 * Caps on every table a visitor can write to (reference-api/README.md, Limits): the address a message came from, and
 * the indexes that let each cap and expiry delete by range instead of scanning the table. Then what the field data
 * summary reads of a view, kept on the view as its batches arrive: the last value of each metric and whether it had
 * an error, so the summary reads one row per view, no event.
 */
export const caps: Migration = {
  async up(db) {
    await db.schema.alterTable('messages').addColumn('ip', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.createIndex('messages_by_ip').on('messages').columns(['ip', 'created_at']).execute();
    await db.schema.createIndex('sessions_by_user').on('sessions').columns(['user_id', 'created_at']).execute();
    await db.schema.createIndex('sessions_by_expiry').on('sessions').column('expires_at').execute();
    await db.schema.createIndex('login_failures_by_time').on('login_failures').column('at').execute();
    await db.schema.createIndex('sms_codes_by_time').on('sms_codes').column('created_at').execute();

    for (const metric of METRICS) await db.schema.alterTable('field_views').addColumn(metric, 'double precision').execute();
    await db.schema.alterTable('field_views').addColumn('has_error', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    const last = (metric: string) =>
      sql`(SELECT value FROM field_events e WHERE e.view_id = field_views.id AND e.kind = 'metric' AND e.name = ${metric.toUpperCase()} ORDER BY e.id DESC LIMIT 1)`;
    await db
      .updateTable('field_views')
      .set({
        ...Object.fromEntries(METRICS.map((metric) => [metric, last(metric)])),
        has_error: sql`CASE WHEN EXISTS (SELECT 1 FROM field_events e WHERE e.view_id = field_views.id AND e.kind = 'error') THEN 1 ELSE 0 END`,
      })
      .execute();
  },
};
