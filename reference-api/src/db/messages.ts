import type { Db } from './database';

export interface MessageRow {
  id: number;
  name: string;
  phone: string;
  message: string;
  createdAt: number;
}

export function createMessageStore(db: Db) {
  const findRecent = db.prepare<[string, string, string, number], { id: number }>(
    `SELECT id FROM messages WHERE phone = ? AND name = ? AND message = ? AND created_at > ?
     ORDER BY id DESC LIMIT 1`,
  );
  const insert = db.prepare<[string, string, string, number]>(
    'INSERT INTO messages (name, phone, message, created_at) VALUES (?, ?, ?, ?)',
  );
  const byPhone = db.prepare<[{ phone: string | null; limit: number }], MessageRow>(
    `SELECT id, name, phone, message, created_at AS createdAt FROM messages
     WHERE @phone IS NULL OR phone = @phone ORDER BY id DESC LIMIT @limit`,
  );

  return {
    /**
     * A double click or a retry after a slow reply sends the same message again: within the window it is the
     * same message, and the caller gets the id stored the first time.
     */
    submit: db.transaction(
      (entry: { name: string; phone: string; message: string }, now: number, duplicateWindowMs: number): number => {
        const recent = findRecent.get(entry.phone, entry.name, entry.message, now - duplicateWindowMs);
        if (recent) return recent.id;
        return Number(insert.run(entry.name, entry.phone, entry.message, now).lastInsertRowid);
      },
    ),

    recent: (phone: string | null, limit: number): MessageRow[] => byPhone.all({ phone, limit }),
  };
}

export type MessageStore = ReturnType<typeof createMessageStore>;
