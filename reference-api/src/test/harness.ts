import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { Envelope } from '@wenrun/shared/node';
import { openDatabase, type Db, type Dialect, type OpenOptions } from '../db/database';
import { buildServer, type ServerOptions } from '../server';
import { POSTGRES_ADMIN_URL_ENV, TEMPLATE_DATABASE } from './postgresTemplate';

/**
 * The database the suites of this Jest project run on: the `reference-api-postgres` project (jest.config.mjs) sets
 * `REFERENCE_API_TEST_DIALECT=postgres` and starts a cluster for the run; every other project runs on SQLite.
 */
export const TEST_DIALECT: Dialect = process.env.REFERENCE_API_TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';

export interface FreshDatabase {
  /** What `openDatabase` and `buildServer` take: a SQLite file, or a postgres:// URL. */
  target: string;
  drop(): Promise<void>;
}

/**
 * A database of the suite's dialect, its own: a file in a temp folder, or a new database on the run's cluster. On
 * PostgreSQL it is a copy of the run's template, migrated and seeded once (deploy/ops/postgres/testCluster.ts): a server's start then
 * finds its content and demo accounts in place, as a SQLite file does on its second start. `empty` skips the template
 * (the tests of migrations and of the seed itself).
 */
export async function freshDatabase({ empty = false } = {}): Promise<FreshDatabase> {
  if (TEST_DIALECT === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'reference-api-'));
    return { target: path.join(dir, 'site.db'), drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const admin = process.env[POSTGRES_ADMIN_URL_ENV];
  if (!admin) throw new Error(`${POSTGRES_ADMIN_URL_ENV} 未设置：PostgreSQL 的测试由 jest.config.mjs 的 reference-api-postgres 项目启动集群`);
  // Unique across the workers and the suites of each (a suite's module state starts anew).
  const name = `suite_${randomBytes(8).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client(admin);
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}${empty ? '' : ` TEMPLATE ${TEMPLATE_DATABASE}`}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { target: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

const opened: { db: Db; fresh: FreshDatabase }[] = [];

/**
 * A migrated, empty database for a store's tests, closed and dropped after the suite: `:memory:` on SQLite, a fresh
 * database on PostgreSQL, not the seeded template's copy, so a store's test sees the same rows on both dialects (and
 * `migrateTo` stops where it says on both).
 */
export async function testDatabase(options: OpenOptions = {}): Promise<Db> {
  const fresh: FreshDatabase = TEST_DIALECT === 'sqlite' ? { target: ':memory:', drop: async () => undefined } : await freshDatabase({ empty: true });
  const db = await openDatabase(fresh.target, options);
  opened.push({ db, fresh });
  return db;
}

// Jest's global: a Playwright spec imports startServer too (e2e/tests/ops-console.spec.ts), and opens no testDatabase.
if (typeof afterAll === 'function') {
  afterAll(async () => {
    for (const { db, fresh } of opened.splice(0)) {
      await db.close();
      await fresh.drop();
    }
  });
}

export interface TestServer {
  url: string;
  app: FastifyInstance;
  /** Its database, for `openDatabase`: the test reads what the server stored. */
  database: string;
  close: () => Promise<void>;
}

/** The server options that open `database` (a file, or a PostgreSQL database's address) in the suite's dialect. */
const databaseOptions = (database: string) => (TEST_DIALECT === 'sqlite' ? { databasePath: database } : { databasePath: ':memory:', databaseUrl: database });

/** A server on `database` and a free loopback port; `done` runs after it closed. */
async function serveOn(database: string, options: Partial<ServerOptions>, done: () => Promise<void>): Promise<TestServer> {
  const app = await buildServer({ ...databaseOptions(database), logger: false, devEndpoints: true, ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    database,
    close: async () => {
      await app.close();
      await done();
    },
  };
}

/** A real server on a free loopback port with its own database, dropped on close. */
export async function startServer(options: Partial<ServerOptions> = {}): Promise<TestServer> {
  const fresh = await freshDatabase();
  return serveOn(fresh.target, options, fresh.drop);
}

/**
 * A demo-mode twin of a production `server`, on its database: the guard's figures for a test that checks in its own
 * process on a clock of its own, from the development twin without a token, as `npm start`'s guard reads them (the
 * admin token goes to an https: address alone: deploy/ops/release/fieldDataClient.ts). Its database stays on close.
 */
export function startDemoTwin(server: TestServer, options: Partial<ServerOptions> = {}): Promise<TestServer> {
  return serveOn(server.database, { ...options, devEndpoints: true }, async () => undefined);
}

/** A clock the test moves by hand. */
export function manualClock(start = Date.UTC(2026, 10, 1, 8, 0, 0)) {
  let current = start;
  return {
    now: () => current,
    advance: (ms: number) => {
      current += ms;
    },
  };
}

export interface Reply<T = unknown> {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body; `null` when it is not JSON. */
  body: Envelope<T> | null;
}

function parseJson<T>(text: string): Envelope<T> | null {
  try {
    return JSON.parse(text) as Envelope<T>;
  } catch {
    return null;
  }
}

async function toReply<T>(response: Response): Promise<Reply<T>> {
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: parseJson<T>(text) };
}

export async function send<T = unknown>(
  url: string,
  init: { method?: string; body?: string | Uint8Array<ArrayBuffer>; contentType?: string; headers?: Record<string, string> } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.contentType) headers['content-type'] = init.contentType;
  return toReply<T>(await fetch(url, { method: init.method ?? 'POST', body: init.body, headers }));
}

/** Who sends a form through the proxy: `client` as nginx's X-Forwarded-For names it, from a page of `origin`. */
export interface FormSender {
  client?: string;
  origin?: string;
}

/** A form post as the site's client sends it; repeated keys (arrays) are kept. */
export function postForm<T = unknown>(url: string, fields: Record<string, string | number | string[]> = {}, { client, origin }: FormSender = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const headers = { ...(client ? { 'x-forwarded-for': client } : {}), ...(origin ? { origin } : {}) };
  return send<T>(url, { body: params.toString(), contentType: 'application/x-www-form-urlencoded', headers });
}

/**
 * A POST as the proxy the API trusts (on loopback) forwards it from `client` (X-Forwarded-For), through the server's
 * own request handling rather than a socket: for suites that post thousands, where HTTP's own cost was most of their
 * CPU. Parsing on a socket, and the client learnt from a proxy on one, are limits.callers.test.ts's and server.test.ts's.
 */
export async function postFromProxy<T = unknown>(
  server: Pick<TestServer, 'app'>,
  url: string,
  { client, payload, contentType }: { client: string; payload: string; contentType: string },
): Promise<Pick<Reply<T>, 'status' | 'text' | 'body'>> {
  const reply = await server.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: '127.0.0.1',
    headers: { 'content-type': contentType, 'x-forwarded-for': client },
  });
  return { status: reply.statusCode, text: reply.body, body: parseJson<T>(reply.body) };
}

export function postJson<T = unknown>(url: string, body: unknown) {
  return send<T>(url, { body: JSON.stringify(body), contentType: 'application/json' });
}

export async function getJson<T = unknown>(url: string) {
  return send<T>(url, { method: 'GET' });
}

/** The envelope of a business refusal: HTTP 200, a non-"200" code, the Chinese message. */
export function expectRefusal(reply: Reply, codeMsg: string | RegExp): void {
  expect(reply.status).toBe(200);
  expect(reply.body?.header.code).not.toBe('200');
  if (typeof codeMsg === 'string') expect(reply.body?.header.codeMsg).toBe(codeMsg);
  else expect(reply.body?.header.codeMsg).toMatch(codeMsg);
}

/** A SQL text of a test with `?` for each parameter, the same text on both dialects. */
function bound(text: string, params: unknown[]) {
  const [first = '', ...rest] = text.split('?');
  return sql.join([sql.raw(first), ...rest.map((part, index) => sql`${params[index]}${sql.raw(part)}`)], sql``);
}

/** The rows a test's query returns (a test reads what a store wrote). */
export async function rows<T = Record<string, unknown>>(db: Db, text: string, ...params: unknown[]): Promise<T[]> {
  return (await sql<T>`${bound(text, params)}`.execute(db.kysely)).rows;
}

/** The first column of each row. */
export async function column(db: Db, text: string, ...params: unknown[]): Promise<unknown[]> {
  return (await rows(db, text, ...params)).map((row) => Object.values(row as object)[0]);
}

/**
 * How the database would run a query, as text: SQLite's `EXPLAIN QUERY PLAN` details joined by commas, PostgreSQL's
 * `EXPLAIN` lines with sequential scans off (the tables of a test are tiny: the question is whether an index can
 * answer, not whether the planner prefers it for ten rows).
 */
export async function planOf(db: Db, text: string, ...params: unknown[]): Promise<string> {
  if (db.dialect === 'sqlite') return (await rows<{ detail: string }>(db, `EXPLAIN QUERY PLAN ${text}`, ...params)).map((step) => step.detail).join();
  return db.kysely.connection().execute(async (connection) => {
    await sql`SET enable_seqscan = off`.execute(connection);
    try {
      return (await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${bound(text, params)}`.execute(connection)).rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      await sql`RESET enable_seqscan`.execute(connection);
    }
  });
}
