/**
 * The runtime config and its release history kept in PostgreSQL, for a site on several hosts: one row with a
 * version, the history as rows. Every step writes the row only at the version it read, in one transaction with its
 * history row and a notification; each host's follower (configFollower.ts) writes that host's file from the row.
 */
import fs from 'node:fs';
import pg from 'pg';
import { withDatabasePassword } from '@wenrun/shared/node';
import { historyFileBeside, readHistory, type HistoryLine } from '../release/history';
import { fileSource, type ConfigSource } from '../release/configSource';
import { sharedDatabaseUrl } from '../../serve/siteProcesses';
import { ReleaseRefusal } from '../release/remoteSetting';

/** Notified with the new version by every write of the config, in the writing transaction (sent at its commit). */
export const CONFIG_CHANNEL = 'wenrun_runtime_config';

/** Held for the length of a transaction that creates the tables or seeds them: two hosts starting at once. */
const SCHEMA_LOCK = 4_302_001;

export const REFUSED_CHANGED = '运行时配置在此期间被修改了（另一台主机的发布、守卫或手工推送），没有写入：请重新执行';

/** A client of a pool, or one of its own: anything that runs queries on one connection. */
type Connection = pg.ClientBase;

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS runtime_config (
    id boolean PRIMARY KEY DEFAULT true CHECK (id),
    body text NOT NULL,
    version bigint NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE TABLE IF NOT EXISTS release_history (
    seq bigserial PRIMARY KEY,
    line jsonb NOT NULL
  );
  CREATE TABLE IF NOT EXISTS site_leases (
    name text PRIMARY KEY,
    holder text NOT NULL,
    backend_pid integer NOT NULL,
    expires_at timestamptz NOT NULL
  );
`;

/** `work` in one transaction on `client`, rolled back when it throws. */
export async function inTransaction<T>(client: Connection, work: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await work();
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/**
 * Creates the tables when missing and, when the database has no config yet, takes this host's file (and its history)
 * as the first version: the first host to start with the database brings the site's config into it. Safe for any
 * number of hosts at once (one at a time under a transaction's advisory lock); a config already there is kept.
 */
export async function prepareSharedConfig(client: Connection, seedFile?: string): Promise<void> {
  await inTransaction(client, async () => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    await client.query(SCHEMA);
    if (!seedFile || !fs.existsSync(seedFile)) return;
    const seeded = await client.query("INSERT INTO runtime_config (body, version) VALUES ($1, 1) ON CONFLICT (id) DO NOTHING RETURNING version", [
      fs.readFileSync(seedFile, 'utf8'),
    ]);
    if (!seeded.rowCount) return;
    const { rows } = await client.query<{ any: boolean }>('SELECT exists(SELECT 1 FROM release_history) AS any');
    if (rows[0]?.any) return;
    for (const line of readHistory(historyFileBeside(seedFile))) await client.query('INSERT INTO release_history (line) VALUES ($1)', [JSON.stringify(line)]);
  });
}

export interface StoredConfig {
  text: string;
  version: number;
}

export async function readStoredConfig(client: Pick<Connection, 'query'>): Promise<StoredConfig | undefined> {
  const { rows } = await client.query<{ body: string; version: string }>('SELECT body, version FROM runtime_config');
  const row = rows[0];
  return row && { text: row.body, version: Number(row.version) };
}

/** The history, oldest first, and the sequence number of its newest row (0: none). */
export async function readStoredHistory(client: Pick<Connection, 'query'>): Promise<{ lines: HistoryLine[]; last: number }> {
  const { rows } = await client.query<{ seq: string; line: HistoryLine }>('SELECT seq, line FROM release_history ORDER BY seq');
  return { lines: rows.map((row) => row.line), last: Number(rows.at(-1)?.seq ?? 0) };
}

export async function lastHistorySeq(client: Pick<Connection, 'query'>): Promise<number> {
  const { rows } = await client.query<{ last: string | null }>('SELECT max(seq) AS last FROM release_history');
  return Number(rows[0]?.last ?? 0);
}

/**
 * Writes `text` as the next version if the config is still at `version`; the history row and the notification go
 * in the same transaction, so a host never sees a config without its line nor a line without its config. Returns
 * the new version, or undefined when someone wrote first.
 */
export async function writeStoredConfig(client: Connection, text: string, version: number, line?: HistoryLine): Promise<number | undefined> {
  return inTransaction(client, async () => {
    const { rows } = await client.query<{ version: string }>(
      'UPDATE runtime_config SET body = $1, version = version + 1, updated_at = now() WHERE version = $2 RETURNING version',
      [text, version],
    );
    const written = rows[0];
    if (!written) return undefined;
    if (line) await client.query('INSERT INTO release_history (line) VALUES ($1)', [JSON.stringify(line)]);
    await client.query('SELECT pg_notify($1, $2)', [CONFIG_CHANNEL, written.version]);
    return Number(written.version);
  });
}

export interface SharedConfigSource extends ConfigSource {
  close(): Promise<void>;
}

/**
 * The release command's and the guard's source when the site has a database: `seedFile` (this host's file) becomes
 * the first version when the database has none. "Changed since read" is the row's version, so it holds across hosts.
 */
export function postgresSource({ databaseUrl, seedFile }: { databaseUrl: string; seedFile?: string }): SharedConfigSource {
  const pool = new pg.Pool({ connectionString: withDatabasePassword(databaseUrl), max: 2, idleTimeoutMillis: 10_000 });
  // An idle connection the server cut is replaced at the next query; without a listener the process would exit.
  pool.on('error', () => undefined);
  let prepared: Promise<void> | undefined;
  const withClient = async <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      prepared ??= prepareSharedConfig(client, seedFile).catch((error: unknown) => {
        prepared = undefined;
        throw error;
      });
      await prepared;
      return await work(client);
    } finally {
      client.release();
    }
  };
  return {
    read: () =>
      withClient(async (client) => {
        const stored = await readStoredConfig(client);
        if (!stored) throw new ReleaseRefusal('数据库中还没有运行时配置：在一台有 runtime-config.json 的主机上先启动配置跟随进程或发布命令，它会写入第一版');
        return { text: stored.text, version: String(stored.version) };
      }),
    history: () => withClient(async (client) => (await readStoredHistory(client)).lines),
    write: (text, line, version) =>
      withClient(async (client) => {
        if ((await writeStoredConfig(client, text, Number(version), line)) === undefined) throw new ReleaseRefusal(REFUSED_CHANGED);
      }),
    close: () => pool.end(),
  };
}

/**
 * Where a release step (`npm run release`, `npm run deploy -- … --entry`) reads and writes the runtime config: the one
 * kept in PostgreSQL when the site has one (`DATABASE_URL`, several hosts; `configFile` seeds it, and every host's
 * follower writes its own file from it), else the file `configFile` itself.
 */
export function configSourceFor(configFile: string, env: NodeJS.ProcessEnv = process.env): SharedConfigSource & { shared: boolean } {
  const databaseUrl = sharedDatabaseUrl(env);
  if (databaseUrl) return { ...postgresSource({ databaseUrl, seedFile: configFile }), shared: true };
  return { ...fileSource(configFile), close: async () => undefined, shared: false };
}
