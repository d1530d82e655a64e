import type { StatsEvent } from '@wenrun/shared/node';
import type { Db } from './database';

/** The newest events kept; older ones are dropped on insert so the table cannot grow without bound. */
export const MAX_STORED_EVENTS = 50_000;

export function createStatsStore({ kysely }: Db) {
  return {
    record: (event: StatsEvent, now: number): Promise<void> =>
      kysely.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('stats_events')
          .values({ type: event.type, path: event.path, detail: event.detail ? JSON.stringify(event.detail) : null, received_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        // Ids only grow, so everything at or below id - MAX is older than the newest MAX events (an indexed range).
        if (id > MAX_STORED_EVENTS) await trx.deleteFrom('stats_events').where('id', '<=', id - MAX_STORED_EVENTS).execute();
      }),
    recent: async (limit: number): Promise<StatsEvent[]> =>
      (
        await kysely
          .selectFrom('stats_events')
          .select(['id', 'type', 'path', 'detail', 'received_at as receivedAt'])
          .orderBy('id', 'desc')
          .limit(limit)
          .execute()
      ).map(({ detail, ...event }) => ({ ...event, ...(detail ? { detail: JSON.parse(detail) } : {}) })),
  };
}

export type StatsStore = ReturnType<typeof createStatsStore>;
