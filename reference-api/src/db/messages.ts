import type { WindowCount } from './windowCount';
import type { Db } from './database';

export interface MessageRow {
  id: number;
  name: string;
  phone: string;
  message: string;
  createdAt: number;
}

export interface MessageEntry {
  name: string;
  phone: string;
  message: string;
}

/** The most messages kept; past it the oldest go first, so a flood cannot fill the disk. */
export const MAX_STORED_MESSAGES = 100_000;

export function createMessageStore({ kysely }: Db, maxStored = MAX_STORED_MESSAGES) {
  return {
    /**
     * The id of the same message stored since `since`: a double click or a retry after a slow reply sends it again,
     * and the sender gets the id stored the first time.
     */
    duplicateOf: async (entry: MessageEntry, since: number): Promise<number | undefined> =>
      (
        await kysely
          .selectFrom('messages')
          .select('id')
          .where('phone', '=', entry.phone)
          .where('name', '=', entry.name)
          .where('message', '=', entry.message)
          .where('created_at', '>', since)
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst()
      )?.id,

    fromIpSince: async (ip: string, since: number): Promise<WindowCount> => {
      const row = await kysely
        .selectFrom('messages')
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min<number | null>('created_at').as('oldest')])
        .where('ip', '=', ip)
        .where('created_at', '>', since)
        .executeTakeFirst();
      return { count: Number(row?.count ?? 0), oldest: row?.oldest ?? null };
    },

    store: (entry: MessageEntry, ip: string, now: number): Promise<number> =>
      kysely.transaction().execute(async (trx) => {
        const { id } = await trx.insertInto('messages').values({ ...entry, ip, created_at: now }).returning('id').executeTakeFirstOrThrow();
        // Ids only grow, so the rows at or below newest - cap are the oldest ones over it (an indexed range).
        if (id > maxStored) await trx.deleteFrom('messages').where('id', '<=', id - maxStored).execute();
        return id;
      }),

    recent: (phone: string | null, limit: number): Promise<MessageRow[]> =>
      kysely
        .selectFrom('messages')
        .select(['id', 'name', 'phone', 'message', 'created_at as createdAt'])
        .$if(phone !== null, (query) => query.where('phone', '=', phone ?? ''))
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),
  };
}

export type MessageStore = ReturnType<typeof createMessageStore>;
