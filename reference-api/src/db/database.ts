import { Kysely, PostgresDialect, SqliteDialect, sql, type Transaction } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { withDatabasePassword } from '@wenrun/shared/node';
import { MIGRATIONS, migrationProvider } from './migrations';
import type { Dialect } from './migrations/dialect';
import type { Schema } from './schema';
import { openSqliteFile, type SqliteFile } from './sqliteFile';

export type { Dialect };

/** One data-access layer over either database: the stores build their queries with `kysely` and never see which. */
export interface Db {
  dialect: Dialect;
  kysely: Kysely<Schema>;
  /** Ends the pool's connections (PostgreSQL) or closes the file (SQLite). */
  close(): Promise<void>;
}

export interface OpenOptions {
  /**
   * PostgreSQL connections this process keeps at most. Each API instance has its own pool; several instances share
   * one server, whose `max_connections` (100 by default) must hold them all.
   */
  poolSize?: number;
  /** Migrate up to this migration only (the migration tests); default: the newest. */
  migrateTo?: string;
}

export const DEFAULT_POOL_SIZE = 10;

/** `postgres://…` or `postgresql://…` names a PostgreSQL database; anything else is a SQLite file (or `:memory:`). */
export const isPostgresUrl = (target: string): boolean => /^postgres(ql)?:\/\//.test(target);

/**
 * pg reads bigint (times in ms, count(*)) and numeric (a sum of bigints) as strings, since they may exceed 2^53; the
 * API's never do (ms since the epoch are below 2^43), and its stores expect numbers, as SQLite gives them.
 */
const NUMBER_TYPES = new Set<number>([pg.types.builtins.INT8, pg.types.builtins.NUMERIC]);
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    NUMBER_TYPES.has(oid) ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** The longest a query waits for a connection of the pool before it fails (and the request answers 500). */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * A SQLite file migrated before Kysely's Migrator (numbered .sql files, counted in `PRAGMA user_version`) has the
 * schema of its first `user_version` migrations, which kept their numbers and order: they are recorded as done.
 */
function adoptNumberedMigrations(database: SqliteFile): void {
  const applied = Number(database.get('PRAGMA user_version')?.['user_version'] ?? 0);
  if (applied === 0 || database.get("SELECT 1 FROM sqlite_master WHERE name = 'kysely_migration'")) return;
  const at = new Date().toISOString();
  database.transaction(() => {
    database.exec('CREATE TABLE kysely_migration (name varchar(255) NOT NULL PRIMARY KEY, timestamp varchar(255) NOT NULL)');
    for (const [name] of MIGRATIONS.slice(0, applied)) database.run('INSERT INTO kysely_migration (name, timestamp) VALUES (?, ?)', name, at);
  });
}

/**
 * Applies every migration the database lacks. On PostgreSQL the Migrator holds an advisory lock and runs them in one
 * transaction, so two API instances starting at once migrate once: the second waits, then finds nothing to do.
 */
async function migrate(kysely: Kysely<Schema>, dialect: Dialect, to?: string): Promise<void> {
  const migrator = new Migrator({ db: kysely, provider: migrationProvider(dialect) });
  const { error, results } = to === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(to);
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? '?';
    throw new Error(`数据库迁移 ${failed} 失败：${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

function openPostgres(url: string, poolSize: number): Db {
  const pool = new pg.Pool({ connectionString: withDatabasePassword(url), max: poolSize, types: pgTypes, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle connection the server dropped (a restart, a failover) is an error event on the pool, not a crash.
  pool.on('error', () => undefined);
  // One lost while a query holds it is an error event on that client, which the pool stops listening to while it is
  // checked out: unheard, it ended the process (both hosts' APIs, when PostgreSQL failed over). The query fails
  // with it, and the pool drops the client when it comes back.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const kysely = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  return { dialect: 'postgres', kysely, close: () => kysely.destroy() };
}

function openSqlite(file: string): Db {
  const database = openSqliteFile(file);
  adoptNumberedMigrations(database);
  const kysely = new Kysely<Schema>({ dialect: new SqliteDialect({ database: database.kyselyDatabase }) });
  return { dialect: 'sqlite', kysely, close: () => kysely.destroy() };
}

/** Opens and migrates the database `target` names: a PostgreSQL URL, or a SQLite file. */
export async function openDatabase(target: string, options: OpenOptions = {}): Promise<Db> {
  const db = isPostgresUrl(target) ? openPostgres(target, options.poolSize ?? DEFAULT_POOL_SIZE) : openSqlite(target);
  try {
    await migrate(db.kysely, db.dialect, options.migrateTo);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/**
 * Runs `work` in a transaction that no other transaction holding the same `lock` runs beside, across every API
 * instance on the database: the read-then-write steps inside it cannot interleave with another's. PostgreSQL: a
 * transaction-scoped advisory lock, released at commit or rollback. SQLite: nothing to take, the one connection runs
 * one transaction at a time.
 */
export async function exclusively<T>(db: Db, lock: string, work: (trx: Transaction<Schema>) => Promise<T>): Promise<T> {
  return db.kysely.transaction().execute(async (trx) => {
    if (db.dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(hashtext(${lock}))`.execute(trx);
    return work(trx);
  });
}
