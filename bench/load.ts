/**
 * `npm run bench:load`: bounded load runs on loopback (autocannon), not tests. Starts the built site as `npm start`
 * does and behind nginx (over TLS, two render servers), then:
 *
 * - static files: 200 connections for 20 s on `/`, a hashed chunk and `remoteEntry.js`, through each;
 * - `/about/3` through nginx, 200 connections;
 * - `/` through nginx from one address that is not the bench's own, 200 visitors each with the key nginx gave it;
 * - pages rendered per request: 100 connections for 20 s on `/wuyou/1` and on `/search/课程` through nginx, and once
 *   more with one of the two render servers killed in the middle;
 * - right after an ops edit of the served config (the hotline): nginx `/` and `/about/3`, `npm start` `/`, each
 *   started once the page served carries the edit, all within a minute of it (issue 42: a page that is the same for
 *   every visitor stays at file speed after an edit).
 *
 * - the message call (`websiteMessage1.0`) on `npm start`'s API, 100 connections, every message a new one: a write.
 * - the console's seven-day field data series on `npm start`'s API with its field data at the caps (issue 52), 4
 *   connections: the heaviest call on the ops data (bench/opsData.ts).
 *
 * Prints requests/s, p50 and p99 latency and errors per run, and writes bench/results/load.json. Needs the site
 * built (`npm run build`) and nothing on the ports of `npm start` and on 3020-3028.
 *
 *   npm run bench:load [-- --only "nginx /,配置修改后"] [-- --check] [-- --accept] [-- --database postgres]
 *
 * `--database postgres` runs both APIs (`npm start`'s and the one behind nginx) on PostgreSQL, a database each on a
 * cluster of the bench's own (deploy/ops/postgres), instead of a SQLite file each; its rows are named `PostgreSQL …`,
 * with floors of their own.
 *
 * `--only` runs the rows whose name is, or ends with, one of the comma-separated words. Each row is judged by its ratio to
 * a reference measured in the same run (loadFloors.ts: a file of the page's size through the same server, a copy of
 * the file a file row asks for, a render server's or the API's answer without work), run before the first row that
 * needs it. `--check` fails (exit 1) when a
 * row's ratio falls below its floor in bench/results/load-floors.json; `--accept` writes the floors of the rows run
 * from this run's ratios. The report starts with the machine.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { RENDER_PORT, RUNTIME_CONFIG_FILE, SHELL_PART } from '@wenrun/shared/node';
import { afterEditRows } from './loadAfterEdit';
import { acceptFloors, checkFloors, FLOORS_FILE, readFloors } from './loadFloors';
import { referenceRuns, writeSameSizeFiles } from './loadReferences';
import { fileRows, OPS_DATA_ROW, opsDataRow, renderedRows, SHARED_ADDRESS_ROW, sharedAddressRow, type Origins } from './loadRows';
import { DURATION_S, measurer, wantedBy, type Run, type RowChoice } from './loadRun';
import { ROOT, startSites, waitFor } from './loadSites';
import { formatTable, thisMachine, writeResult } from './report';

const { values: flags } = parseArgs({
  options: {
    only: { type: 'string' },
    check: { type: 'boolean', default: false },
    accept: { type: 'boolean', default: false },
    database: { type: 'string', default: 'sqlite' },
  },
});
if (flags.database !== 'sqlite' && flags.database !== 'postgres') throw new Error(`--database 只能是 sqlite 或 postgres，而不是 ${flags.database}`);
const choice: RowChoice = {
  onlyWords: flags.only?.split(',').map((word) => word.trim()).filter(Boolean),
  judged: flags.check || flags.accept,
  onPostgres: flags.database === 'postgres',
};

/** The shell's main chunk, as `npm start`'s `/` names it (a preload since the app loader starts it after the first paint). */
async function mainChunk(npmStart: string): Promise<string> {
  const home = await (await fetch(`${npmStart}/`)).text();
  const chunk = /(?:src|href)="\/(main\.[0-9a-f]{8}\.js)"/.exec(home)?.[1];
  if (!chunk) throw new Error('首页没有提到 main.*.js');
  return chunk;
}

/** Every row `--only` wants, in order, each after its reference. */
async function measureRows(origins: Origins, demoConfigFile: string): Promise<Run[]> {
  await waitFor(`http://127.0.0.1:${RENDER_PORT}/healthz`);
  const chunk = await mainChunk(origins.npmStart);
  const runs: Run[] = [];
  const measure = measurer(runs, referenceRuns(origins), choice);
  const wanted = wantedBy(choice);
  await fileRows(measure, origins, chunk);
  if (wanted(SHARED_ADDRESS_ROW)) await sharedAddressRow(measure, origins);
  await renderedRows(measure, origins);
  await afterEditRows(measure, wanted, origins, demoConfigFile);
  if (wanted(choice.onPostgres ? `PostgreSQL ${OPS_DATA_ROW}` : OPS_DATA_ROW)) await opsDataRow(measure, origins);
  return runs;
}

/** The table, the machine and the ratios; then `--accept` and `--check`. */
function report(runs: Run[]): void {
  const machine = thisMachine();
  console.log(`机器：${machine.cpu}，${machine.cores} 核，Node ${machine.node}`);
  console.log(
    formatTable(
      ['运行', '连接', '请求/秒', 'p50 ms', 'p99 ms', '请求数', '错误', '非 2xx'],
      runs.map((r) => [r.name, String(r.connections), String(r.requestsPerSecond), String(r.p50), String(r.p99), String(r.total), String(r.errors), String(r.non2xx)]),
    ),
  );
  writeResult('load.json', { measuredAt: new Date().toISOString(), machine, durationSeconds: DURATION_S, runs });
  if (flags.accept) {
    fs.writeFileSync(FLOORS_FILE, `${JSON.stringify(acceptFloors(runs, readFloors(), machine), null, 2)}\n`);
    console.log(`[load] 已记下各行与参照之比的下限：${FLOORS_FILE}`);
  }
  const failures = checkFloors(runs, readFloors());
  if (flags.check && failures.length) {
    console.error(`[load] ${failures.length} 行低于下限：\n${failures.join('\n')}`);
    process.exitCode = 1;
  }
}

async function main(): Promise<void> {
  // The after-edit rows edit `npm start`'s served config: put back as it was when the run ends.
  const demoConfigFile = path.join(ROOT, SHELL_PART.folder, 'dist', RUNTIME_CONFIG_FILE);
  const demoConfig = fs.readFileSync(demoConfigFile, 'utf8');
  const removeSameSizeFiles = writeSameSizeFiles();
  const sites = await startSites(choice.onPostgres).catch((error: unknown) => {
    removeSameSizeFiles();
    throw error;
  });
  try {
    report(await measureRows(sites.origins, demoConfigFile));
  } finally {
    fs.writeFileSync(demoConfigFile, demoConfig);
    removeSameSizeFiles();
    await sites.stop();
  }
}

main().catch((error: unknown) => {
  console.error('[load] 失败：', error);
  process.exit(1);
});
