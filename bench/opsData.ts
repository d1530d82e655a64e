/**
 * `npm run bench:ops-data`: the ops data at its caps (issue 52). Field data seeded to 1 %, 10 % and 100 % of the caps
 * (100,000 views, 200,000 events over a week, 50 releases: reference-api/src/test/fieldDataAtCaps.ts) on SQLite and
 * on PostgreSQL (a cluster of the bench's own), then every call the canary guard, `npm run release -- status` and
 * the ops console make timed through the API's routes. The first call of all reads the week into the API's hour cache
 * (reference-api/src/db/fieldData/hourCache.ts) and is reported on its own; each call is then timed RUNS times, each
 * after a beacon of the current hour (as the guard and the console meet the store under steady traffic: that hour is
 * read again), and the median kept. Prints the table, writes bench/results/ops-data.json; `--check` fails (exit 1)
 * when a call at the caps takes BUDGET_MS or more.
 *
 *   npm run bench:ops-data [-- --check] [-- --database sqlite|postgres] [-- --shares 0.01,0.1,1]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { API_PATHS, DAY_MS, FIELD_SERIES_PATH, RELEASE_FIGURES_PATH, SUCCESS_CODE } from '@wenrun/shared/node';
import { buildServer } from '@wenrun/reference-api';
import { openDatabase } from '@wenrun/reference-api/db/database';
import { createFieldDataStore } from '@wenrun/reference-api/db/fieldData';
import { fieldView } from '@wenrun/reference-api/test/fieldViews';
import { ADMIN_PREFIX } from '@wenrun/reference-api/prefixes';
import { seedFieldDataAtCaps } from '@wenrun/reference-api/test/fieldDataAtCaps';
import { startCluster, type Cluster } from '@wenrun/deploy/ops/postgres/cluster';
import { formatTable, thisMachine, writeResult } from './report';

const { values: flags } = parseArgs({ options: { check: { type: 'boolean', default: false }, database: { type: 'string' }, shares: { type: 'string' } } });
const DIALECTS = flags.database ? [flags.database] : ['sqlite', 'postgres'];
if (DIALECTS.some((dialect) => dialect !== 'sqlite' && dialect !== 'postgres')) throw new Error(`--database 只能是 sqlite 或 postgres，而不是 ${flags.database}`);

/** The shares of the caps seeded, 1 %, 10 % and 100 % unless `--shares` lists others (`--shares 1`: at the caps only). */
export const SHARES = flags.shares ? flags.shares.split(',').map(Number) : [0.01, 0.1, 1];
const RUNS = 5;
/** What each call may take at the caps (issue 52). */
export const BUDGET_MS = 250;
const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const TOKEN = 'ops-data-bench-admin-token-0123456789';

/** Every call of the guard, the status command and the console on field data, by who makes it. */
export const CALLS: { name: string; url: string }[] = [
  // The guard, each minute per canary: since the canary began, 10 and 20 clients left out (guard.ts judgeRelease);
  // `release -- status` makes the first for the last 24 hours, then the guard's two.
  { name: '守卫、发布状态：灰度数据，一天，去掉 10', url: `${ADMIN_PREFIX}${RELEASE_FIGURES_PATH}?since=${NOW - DAY_MS}&leaveOut=10` },
  { name: '守卫、发布状态：灰度数据，一天，去掉 20', url: `${ADMIN_PREFIX}${RELEASE_FIGURES_PATH}?since=${NOW - DAY_MS}&leaveOut=20` },
  { name: '守卫：灰度数据，七天，去掉 20', url: `${ADMIN_PREFIX}${RELEASE_FIGURES_PATH}?since=${NOW - 7 * DAY_MS}&leaveOut=20` },
  // The summary is read where the runtime config's statsBaseUrl points: the API's /stats.
  { name: '控制台：现场数据摘要，一天', url: `/stats${API_PATHS.fieldSummary}?days=1` },
  { name: '控制台：现场数据摘要，七天', url: `/stats${API_PATHS.fieldSummary}?days=7` },
  { name: '控制台：走势，一天（每小时）', url: `${ADMIN_PREFIX}${FIELD_SERIES_PATH}?days=1` },
  { name: '控制台：走势，七天（每天）', url: `${ADMIN_PREFIX}${FIELD_SERIES_PATH}?days=7` },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** Each call's median time in ms on the database `target`, seeded to `share` of the caps, and the first call's. */
async function timeCalls(target: string, share: number): Promise<{ seeded: { views: number; events: number }; times: number[]; first: number }> {
  const db = await openDatabase(target);
  const seeded = await seedFieldDataAtCaps(db, NOW, share).catch(async (error: unknown) => {
    await db.close();
    throw error;
  });
  const beacons = createFieldDataStore(db);
  let sent = 0;
  const beacon = () => beacons.record(fieldView({ id: `bench-beacon-${(sent += 1)}` }), [{ kind: 'metric', name: 'LCP', value: 1500 }], NOW, `10.200.0.${sent % 250}`);
  const onPostgres = target.startsWith('postgres');
  const app = await buildServer({
    databasePath: onPostgres ? ':memory:' : target,
    ...(onPostgres ? { databaseUrl: target } : {}),
    logger: false,
    adminToken: TOKEN,
    now: () => NOW,
    // Every call computed anew: the summary's once-a-minute cache would time a Map.
    limits: { fieldSummaryCacheMs: 0 },
  });
  try {
    const once = async (call: (typeof CALLS)[number]) => {
      const started = performance.now();
      const reply = await app.inject({ method: 'GET', url: call.url, headers: { authorization: `Bearer ${TOKEN}` } });
      const took = performance.now() - started;
      if (reply.statusCode !== 200 || (reply.json() as { header: { code: string } }).header.code !== SUCCESS_CODE) throw new Error(`${call.url}：${reply.body.slice(0, 200)}`);
      return took;
    };
    // The week read into the hour cache: what the first call after a start pays.
    const first = await once(CALLS.find((call) => call.name.includes('七天')) as (typeof CALLS)[number]);
    const times: number[] = [];
    for (const call of CALLS) {
      const runs: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        await beacon();
        runs.push(await once(call));
      }
      times.push(median(runs));
    }
    return { seeded, times, first };
  } finally {
    await app.close();
    await db.close();
  }
}

/** A fresh database for each share: a SQLite file in a folder of the run's, or a database of the bench's cluster. */
async function databases(dialect: string, work: string, cluster: () => Promise<Cluster>): Promise<string[]> {
  if (dialect === 'sqlite') return SHARES.map((share) => path.join(work, `ops-${share}.db`));
  const { url } = await cluster();
  const admin = await openDatabase(url);
  const names = SHARES.map((_, index) => `ops_data_${index}`);
  const { sql } = await import('kysely');
  for (const name of names) await sql.raw(`CREATE DATABASE ${name}`).execute(admin.kysely);
  await admin.close();
  return names.map((name) => Object.assign(new URL(url), { pathname: `/${name}` }).toString());
}

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wenrun-ops-data-'));
  let started: Cluster | undefined;
  const cluster = async () => (started ??= await startCluster());
  const columns: { label: string; times: number[]; first: number }[] = [];
  try {
    for (const dialect of DIALECTS) {
      const targets = await databases(dialect, work, cluster);
      for (const [index, share] of SHARES.entries()) {
        const { seeded, times, first } = await timeCalls(targets[index] as string, share);
        const label = `${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} ${seeded.views.toLocaleString('en')} 访问`;
        console.log(`[ops-data] ${label}，${seeded.events.toLocaleString('en')} 个事件：${times.map((t) => Math.round(t)).join(' / ')} ms（启动后第一次调用 ${Math.round(first)} ms）`);
        columns.push({ label, times, first });
      }
    }
  } finally {
    await started?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
  const machine = thisMachine();
  console.log(`机器：${machine.cpu}，${machine.cores} 核，Node ${machine.node}；每格 ${RUNS} 次的中位数（ms）`);
  console.log(formatTable(['调用', ...columns.map((column) => column.label)], CALLS.map((call, row) => [call.name, ...columns.map((column) => String(Math.round(column.times[row] ?? 0)))])));
  writeResult('ops-data.json', { measuredAt: new Date().toISOString(), machine, runs: RUNS, calls: CALLS.map((call) => call.name), columns });
  const over = columns.filter((column) => column.label.endsWith('100,000 访问')).flatMap((column) => CALLS.filter((_, row) => (column.times[row] ?? 0) >= BUDGET_MS).map((call) => `${column.label} ${call.name}`));
  if (flags.check && over.length) {
    console.error(`[ops-data] ${over.length} 个调用在满额时不低于 ${BUDGET_MS} ms：\n${over.join('\n')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error('[ops-data] 失败：', error);
  process.exit(1);
});
