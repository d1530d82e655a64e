import type { StatsEvent } from '@wenrun/shared/node';
import type { Db } from './database';

/** The newest events kept; older ones are dropped on insert so the table cannot grow without bound. */
export const MAX_STORED_EVENTS = 50_000;

interface StoredEvent {
  id: number;
  type: string;
  path: string;
  detail: string | null;
  receivedAt: number;
}

export function createStatsStore(db: Db) {
  const insert = db.prepare<[string, string, string | null, number]>(
    'INSERT INTO stats_events (type, path, detail, received_at) VALUES (?, ?, ?, ?)',
  );
  const prune = db.prepare<[number]>('DELETE FROM stats_events WHERE id <= ?');
  const recent = db.prepare<[number], StoredEvent>(
    'SELECT id, type, path, detail, received_at AS receivedAt FROM stats_events ORDER BY id DESC LIMIT ?',
  );

  return {
    record: db.transaction((event: StatsEvent, now: number) => {
      const id = Number(insert.run(event.type, event.path, event.detail ? JSON.stringify(event.detail) : null, now).lastInsertRowid);
      // Ids only grow, so everything at or below id - MAX is older than the newest MAX events (an indexed range).
      if (id > MAX_STORED_EVENTS) prune.run(id - MAX_STORED_EVENTS);
    }),
    recent: (limit: number): StatsEvent[] =>
      recent.all(limit).map(({ detail, ...event }) => ({ ...event, ...(detail ? { detail: JSON.parse(detail) } : {}) })),
  };
}

export type StatsStore = ReturnType<typeof createStatsStore>;
