import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export type Db = Database.Database;

const MIGRATIONS_DIR = path.resolve(__dirname, '../../migrations');
const MIGRATION_FILE = /^(\d{3})_[\w-]+\.sql$/;

/**
 * Applies every migration newer than the database's `user_version`, each in its own transaction, so a fresh file
 * gets the whole schema and an existing one only what it lacks.
 */
function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  const files = readdirSync(MIGRATIONS_DIR)
    .map((file) => ({ file, match: MIGRATION_FILE.exec(file) }))
    .filter((entry): entry is { file: string; match: RegExpExecArray } => entry.match !== null)
    .map(({ file, match }) => ({ file, version: Number(match[1]) }))
    .sort((a, b) => a.version - b.version);
  for (const { file, version } of files) {
    if (version <= current) continue;
    const sql = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${version}`);
    })();
  }
}

export function openDatabase(file: string): Db {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  // WAL lets readers run while a write commits; NORMAL sync is safe with WAL and much faster than FULL.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}
