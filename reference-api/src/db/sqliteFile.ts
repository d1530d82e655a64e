import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * SQLite through Node's own `node:sqlite` (Node 22.16 and later; docs/ARCHITECTURE.md § SQLite): nothing native to
 * compile at install, so one `npm ci` serves every Node line the project supports, and the SQLite is the one Node
 * ships (FTS5 with the trigram tokenizer included).
 */
export interface SqliteFile {
  /** Runs one or more statements that return nothing (pragmas, DDL). */
  exec(text: string): void;
  /** The first row of a query, or undefined. */
  get(text: string, ...parameters: SQLInputValue[]): Record<string, unknown> | undefined;
  /** Runs one statement with its parameters. */
  run(text: string, ...parameters: SQLInputValue[]): void;
  /** Runs `work` in a transaction: committed when it returns, rolled back when it throws. */
  transaction(work: () => void): void;
  /** What Kysely's `SqliteDialect` drives. */
  kyselyDatabase: SqliteDatabase;
}

/** Kysely hands parameters as one array; node:sqlite binds them as arguments. */
function kyselyStatement(statement: StatementSync): SqliteStatement {
  return {
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...(parameters as SQLInputValue[])),
    run: (parameters) => statement.run(...(parameters as SQLInputValue[])),
    iterate: (parameters) => statement.iterate(...(parameters as SQLInputValue[])),
  };
}

/**
 * Kysely prepares each query anew, and a prepare parses the SQL every time. The API runs a bounded set of query texts
 * (search builds one per shape of terms), so each is prepared once and kept.
 */
function withStatementCache(database: DatabaseSync): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  const KEPT = 500;
  return {
    close: () => database.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        statement = kyselyStatement(database.prepare(text));
        if (statements.size < KEPT) statements.set(text, statement);
      }
      return statement;
    },
  };
}

const EXPERIMENTAL = 'SQLite is an experimental feature';

/**
 * `node:sqlite`, loaded at the first open. Node 22 calls it experimental when it is first loaded, in a line on stderr
 * that is not JSON, where the API's log is JSON lines; 24 and 26 do not. That one warning is left out, any other kept.
 */
function nodeSqlite(): typeof import('node:sqlite') {
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (!String(warning).startsWith(EXPERIMENTAL)) Reflect.apply(emitWarning, process, [warning, ...rest]);
  }) as typeof process.emitWarning;
  try {
    const sqlite = process.getBuiltinModule('node:sqlite') as typeof import('node:sqlite') | undefined;
    if (sqlite === undefined) throw new Error(`Node ${process.version} 没有 node:sqlite：请用 22.16 及以上的 22、24 或 26 版本线运行（npm 的命令会自行选用，见 README）`);
    return sqlite;
  } finally {
    process.emitWarning = emitWarning;
  }
}

/** Opens (creating its folder) the SQLite file `file`, or an in-memory database for `:memory:`. */
export function openSqliteFile(file: string): SqliteFile {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const database: DatabaseSync = new (nodeSqlite().DatabaseSync)(file);
  // WAL lets readers run while a write commits; NORMAL sync is safe with WAL and much faster than FULL.
  database.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000');
  return {
    exec: (text) => database.exec(text),
    get: (text, ...parameters) => database.prepare(text).get(...parameters),
    run: (text, ...parameters) => void database.prepare(text).run(...parameters),
    transaction(work) {
      database.exec('BEGIN');
      try {
        work();
        database.exec('COMMIT');
      } catch (error) {
        database.exec('ROLLBACK');
        throw error;
      }
    },
    kyselyDatabase: withStatementCache(database),
  };
}
