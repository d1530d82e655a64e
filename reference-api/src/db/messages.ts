import type { WindowCount } from './auth';
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

export function createMessageStore(db: Db, maxStored = MAX_STORED_MESSAGES) {
  const findRecent = db.prepare<[string, string, string, number], { id: number }>(
    `SELECT id FROM messages WHERE phone = ? AND name = ? AND message = ? AND created_at > ?
     ORDER BY id DESC LIMIT 1`,
  );
  const insert = db.prepare<[string, string, string, string, number]>(
    'INSERT INTO messages (name, phone, message, ip, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const countFromIp = db.prepare<[string, number], WindowCount>(
    'SELECT count(*) AS count, min(created_at) AS oldest FROM messages WHERE ip = ? AND created_at > ?',
  );
  // Ids only grow, so the rows at or below newest - cap are the oldest ones over it (an indexed range).
  const dropOverCap = db.prepare<[number]>('DELETE FROM messages WHERE id <= ?');
  const byPhone = db.prepare<[{ phone: string | null; limit: number }], MessageRow>(
    `SELECT id, name, phone, message, created_at AS createdAt FROM messages
     WHERE @phone IS NULL OR phone = @phone ORDER BY id DESC LIMIT @limit`,
  );

  return {
    /**
     * The id of the same message stored since `since`: a double click or a retry after a slow reply sends it again,
     * and the sender gets the id stored the first time.
     */
    duplicateOf: (entry: MessageEntry, since: number): number | undefined =>
      findRecent.get(entry.phone, entry.name, entry.message, since)?.id,

    fromIpSince: (ip: string, since: number): WindowCount => countFromIp.get(ip, since) ?? { count: 0, oldest: null },

    store: db.transaction((entry: MessageEntry, ip: string, now: number): number => {
      const id = Number(insert.run(entry.name, entry.phone, entry.message, ip, now).lastInsertRowid);
      if (id > maxStored) dropOverCap.run(id - maxStored);
      return id;
    }),

    recent: (phone: string | null, limit: number): MessageRow[] => byPhone.all({ phone, limit }),
  };
}

export type MessageStore = ReturnType<typeof createMessageStore>;
