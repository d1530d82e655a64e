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
 * a reference measured in the same run (loadFloors.ts: a file of the page's size through the same server, a render
 * server's or the API's answer without work), run before the first row that needs it. `--check` fails (exit 1) when a
 * row's ratio falls below its floor in bench/results/load-floors.json; `--accept` writes the floors of the rows run
 * from this run's ratios. The report starts with the machine.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { aboutPath, API_PATHS, API_PORT, REMOTE_PARTS, RENDER_PORT, RUNTIME_CONFIG_FILE, SHELL_PART } from '@wenrun/shared/node';
import { NGINX_SITE_PORTS, startNginxSite, type NginxSite } from '@wenrun/deploy/ops/nginx/site';
import { startCluster, type Cluster } from '@wenrun/deploy/ops/postgres/cluster';
import { acceptFloors, checkFloors, FLOORS_FILE, readFloors, referenceOf, REFERENCES } from './loadFloors';
import { formatTable, thisMachine, writeResult } from './report';

const ROOT = path.resolve(import.meta.dirname, '..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const DURATION_S = Number(process.env.LOAD_SECONDS ?? 20);
/** nginx and its two render servers: the bench's ports (3020-3039) below those of run.ts. */
const NGINX_PORTS = Array.from({ length: NGINX_SITE_PORTS }, (_, index) => 3020 + index);
/**
 * A copy of the shell's `/` as the build wrote it (and its compressed copies), served as a plain file: what the
 * pages nginx and `npm start` keep are judged against (loadFloors.ts).
 */
const SAME_SIZE_FILE = 'bench-same-size.html';
/** The hotline an edit of the served config sets: the edit the "after" rows follow. */
const EDITED_HOTLINE = '400-800-4242';
/** Every row asks as a browser does: the build's brotli and gzip copies served. */
const ACCEPT = { 'accept-encoding': 'br, gzip' };
/** An edit must be in the page served within this (the minute). */
const EDIT_WITHIN_MS = 60_000;

/** The bench's PostgreSQL cluster (`--database postgres`): a port of the range 55400–55449 the data layer's tests use. */
const POSTGRES_PORT = 55_448;

const { values: flags } = parseArgs({
  options: {
    only: { type: 'string' },
    check: { type: 'boolean', default: false },
    accept: { type: 'boolean', default: false },
    database: { type: 'string', default: 'sqlite' },
  },
});
if (flags.database !== 'sqlite' && flags.database !== 'postgres') throw new Error(`--database 只能是 sqlite 或 postgres，而不是 ${flags.database}`);
const onPostgres = flags.database === 'postgres';
const onlyWords = flags.only?.split(',').map((word) => word.trim()).filter(Boolean);

/** A request of an autocannon run; `setupRequest` makes each one anew (a message of its own). */
interface CannonRequest {
  path?: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: CannonRequest) => CannonRequest;
}
type Options = Parameters<typeof autocannon>[0] & { requests?: CannonRequest[] };

/**
 * A database of its own for each API of the run on the bench's cluster: `npm start`'s (demo accounts) and the one
 * behind nginx (production mode, which removes them), as each has a file of its own on SQLite.
 */
async function postgresDatabases(): Promise<{ cluster: Cluster; demo: string; nginx: string }> {
  const cluster = await startCluster({ port: POSTGRES_PORT });
  const url = (name: string) => Object.assign(new URL(cluster.url), { pathname: `/${name}` }).toString();
  for (const name of ['bench_demo', 'bench_nginx']) {
    const created = spawnSync('/usr/lib/postgresql/15/bin/createdb', ['-h', '127.0.0.1', '-p', String(POSTGRES_PORT), '-U', 'wenrun', name]);
    if (created.status !== 0) {
      await cluster.stop();
      throw new Error(`createdb ${name} 失败：${created.stderr}`);
    }
  }
  return { cluster, demo: url('bench_demo'), nginx: url('bench_nginx') };
}

interface Run {
  name: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  errors: number;
  non2xx: number;
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 240; i += 1) {
    const up = await fetch(url).then(
      () => true,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} 没有启动`);
}

function pidOn(port: number): number | undefined {
  const pid = /pid=(\d+)/.exec(spawnSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' }).stdout)?.[1];
  return pid ? Number(pid) : undefined;
}

/** `--only`: the rows whose name is, or ends with, one of its words (`nginx /`, `配置修改后`); every row without it. */
function wanted(name: string): boolean {
  return !onlyWords || onlyWords.some((word) => name.endsWith(word));
}

async function run(name: string, options: Options, during?: () => void): Promise<Run> {
  console.log(`[load] ${name} …`);
  const pending = autocannon({ duration: DURATION_S, ...options });
  if (during) setTimeout(during, (DURATION_S * 1000) / 2);
  const result = await pending;
  return {
    name,
    connections: options.connections ?? 10,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * Edits the hotline of the runtime config in `file` as ops would, then waits until `page` serves it: how long that
 * took. The rows measured after it start then, so each runs within the minute after the edit.
 */
async function editHotline(file: string, page: string, get: (url: string) => Promise<string>): Promise<number> {
  const config = JSON.parse(fs.readFileSync(file, 'utf8')) as { contact?: Record<string, string> };
  config.contact = { ...config.contact, hotline: EDITED_HOTLINE };
  const editedAt = Date.now();
  fs.writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  while (!(await get(page)).includes(EDITED_HOTLINE)) {
    if (Date.now() - editedAt > EDIT_WITHIN_MS) throw new Error(`${page} 一分钟内没有带上修改后的配置`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const tookMs = Date.now() - editedAt;
  console.log(`[load] ${file} 已修改，${(tookMs / 1000).toFixed(1)} 秒后 ${page} 带上了新配置`);
  return tookMs;
}

/** The body of `url` over HTTPS, trusting `ca` alone (the certificate the bench's nginx made). */
function textOver(url: string, ca: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    https
      .get(url, { ca, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      })
      .on('error', reject);
  });
}

/** The shell's `/` as written at build, copied beside it under SAME_SIZE_FILE with its compressed copies. */
function writeSameSizeFile(): () => void {
  const dist = path.join(ROOT, SHELL_PART.folder, 'dist');
  const copies = ['', '.br', '.gz'].filter((suffix) => fs.existsSync(path.join(dist, `index.html${suffix}`)));
  for (const suffix of copies) fs.copyFileSync(path.join(dist, `index.html${suffix}`), path.join(dist, `${SAME_SIZE_FILE}${suffix}`));
  return () => copies.forEach((suffix) => fs.rmSync(path.join(dist, `${SAME_SIZE_FILE}${suffix}`), { force: true }));
}

type Measure = (row: string, options: Options, during?: () => void) => Promise<void>;

/**
 * Runs a row when `--only` wants it, after its reference (loadFloors.ts) when that was not run yet and the row is
 * to be judged or accepted: the two are measured in the same run, on the same machine.
 */
function measurer(runs: Run[], references: Record<string, Options>): Measure {
  const prefixed = (row: string) => (onPostgres ? `PostgreSQL ${row}` : row);
  const done = new Set<string>();
  const runRow = async (name: string, options: Options, during?: () => void) => {
    runs.push(await run(name, options, during));
    done.add(name);
  };
  return async (row, options, during) => {
    const name = prefixed(row);
    if (!wanted(name)) return;
    const reference = referenceOf(name);
    const referenceOptions = reference && references[reference.replace(/^PostgreSQL /, '')];
    if (reference && referenceOptions && !done.has(reference) && (flags.check || flags.accept || wanted(reference))) {
      await runRow(reference, referenceOptions);
    }
    await runRow(name, options, during);
  };
}

interface Origins {
  npmStart: string;
  viaNginx: string;
  nginx: NginxSite;
}

/** The rows served as files or kept pages, through `npm start` and nginx. */
async function fileRows(measure: Measure, { npmStart, viaNginx, nginx }: Origins, chunk: string): Promise<void> {
  for (const [label, origin, header] of [
    ['npm start', npmStart, `http://localhost:${REMOTE_PARTS.header.port}`],
    ['nginx', viaNginx, nginx.remotes.header],
  ] as const) {
    await measure(`${label} /`, { url: `${origin}/`, connections: 200, headers: ACCEPT });
    // Named without its hash, which each build changes: the row keeps its floor.
    await measure(`${label} main.js`, { url: `${origin}/${chunk}`, connections: 200, headers: ACCEPT });
    await measure(`${label} remoteEntry.js`, { url: `${header}/remoteEntry.js`, connections: 200, headers: ACCEPT });
  }
  await measure(`nginx ${aboutPath(3)}`, { url: `${viaNginx}${aboutPath(3)}`, connections: 200, headers: ACCEPT });
}

/** The address the shared-address row's visitors come from, as a school's or a carrier's NAT gives them one. */
const SHARED_ADDRESS = '127.0.0.77';
/** How many visitors the shared-address row plays, each a connection with the visitor key nginx gave it. */
const SHARED_VISITORS = 200;

/** The `name=value` visitor key nginx gives a first-time visitor from `localAddress`. */
function visitorKeyFrom(url: string, ca: Buffer, localAddress: string): Promise<string> {
  return new Promise((resolve, reject) => {
    https
      .get(url, { ca, agent: false, localAddress }, (response) => {
        response.resume();
        const key = [response.headers['set-cookie'] ?? []].flat()[0]?.split(';')[0];
        if (key) resolve(key);
        else reject(new Error(`${url} 没有给访客标识（Set-Cookie）`));
      })
      .on('error', reject);
  });
}

/**
 * A page nginx keeps, asked by many visitors behind one address (issue 50): each connection a visitor with the key
 * nginx gave it, all from one address that is not the bench's own (which nginx does not limit). Judged as the other
 * kept pages, against a file of the same size: a per-address budget in front of the cache would refuse most of it.
 */
async function sharedAddressRow(measure: Measure, { viaNginx, nginx }: Origins): Promise<void> {
  const keys: string[] = [];
  for (let visitor = 0; visitor < SHARED_VISITORS; visitor += 1) keys.push(await visitorKeyFrom(`${viaNginx}/`, nginx.ca, SHARED_ADDRESS));
  let next = 0;
  await measure(`nginx / 一个地址后 ${SHARED_VISITORS} 位访客`, {
    url: `${viaNginx}/`,
    connections: SHARED_VISITORS,
    headers: ACCEPT,
    tlsOptions: { localAddress: SHARED_ADDRESS },
    setupClient: (client) => client.setHeaders({ ...ACCEPT, cookie: keys[next++ % keys.length] ?? '' }),
  });
}

/** The rows the render servers make per request, and the API's write. */
async function renderedRows(measure: Measure, { viaNginx, nginx }: Origins): Promise<void> {
  const pages = [{ path: '/wuyou/1' }, { path: `/search/${encodeURIComponent('课程')}` }];
  await measure('nginx /wuyou/1', { url: `${viaNginx}/wuyou/1`, connections: 100, headers: ACCEPT });
  await measure('nginx /search/课程', { url: `${viaNginx}/search/${encodeURIComponent('课程')}`, connections: 100, headers: ACCEPT });
  await measure('nginx 两页，中途杀掉一个渲染服务器', { url: viaNginx, connections: 100, headers: ACCEPT, requests: pages }, () => {
    const victim = pidOn(nginx.renderPorts[0] ?? 0);
    if (victim) process.kill(victim, 'SIGKILL');
  });
  // A message of its own each time: an identical one within 10 minutes is answered from the first, not stored.
  let sent = 0;
  await measure('npm start 留言 websiteMessage1.0', {
    url: `http://localhost:${API_PORT}`,
    connections: 100,
    requests: [
      {
        method: 'POST',
        path: API_PATHS.message,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        setupRequest: (request) => {
          sent += 1;
          return { ...request, body: new URLSearchParams({ name: '压测', phone: '13800138000', message: `第${sent}条留言` }).toString() };
        },
      },
    ],
  });
}

/** Within a minute of an ops edit: the rows that would have caught issue 42. */
async function afterEditRows(measure: Measure, { npmStart, viaNginx, nginx }: Origins, demoConfigFile: string): Promise<void> {
  const about = aboutPath(3);
  if ([`nginx / 配置修改后`, `nginx ${about} 配置修改后`].some(wanted)) {
    await Promise.all(nginx.renderPorts.map((port) => waitFor(`http://127.0.0.1:${port}/healthz`)));
    await editHotline(nginx.runtimeConfigFile, `${viaNginx}/`, (url) => textOver(url, nginx.ca));
    await measure(`nginx / 配置修改后`, { url: `${viaNginx}/`, connections: 200, headers: ACCEPT });
    await measure(`nginx ${about} 配置修改后`, { url: `${viaNginx}${about}`, connections: 200, headers: ACCEPT });
  }
  if (wanted('npm start / 配置修改后')) {
    await editHotline(demoConfigFile, `${npmStart}/`, async (url) => (await fetch(url)).text());
    await measure('npm start / 配置修改后', { url: `${npmStart}/`, connections: 200, headers: ACCEPT });
  }
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
  const demoConfigFile = path.join(ROOT, SHELL_PART.folder, 'dist', RUNTIME_CONFIG_FILE);
  const demoConfig = fs.readFileSync(demoConfigFile, 'utf8');
  const removeSameSizeFile = writeSameSizeFile();
  const postgres = onPostgres ? await postgresDatabases() : undefined;
  // Messages per address and day as high as the run needs: the message row is one address sending all of them.
  const apiEnv = { MESSAGES_PER_IP_PER_DAY: String(1e9), ...(postgres ? { DATABASE_URL: postgres.demo } : { DATABASE_PATH: '/tmp/wenrun-load.db' }) };
  const site = spawn(TSX, ['deploy/serve/start.ts', '--no-build'], { cwd: ROOT, stdio: 'ignore', env: { ...process.env, ...apiEnv } });
  // The API behind nginx reads DATABASE_URL from the environment its start script passes on.
  if (postgres) process.env.DATABASE_URL = postgres.nginx;
  const nginx = await startNginxSite({ root: ROOT, ports: NGINX_PORTS, siteDir: path.join(ROOT, 'bench', 'results', 'nginx-load') }).catch(
    async (error: unknown) => {
      await stop(site);
      await postgres?.cluster.stop();
      removeSameSizeFile();
      throw error;
    },
  );
  try {
    await waitFor(`http://127.0.0.1:${RENDER_PORT}/healthz`);
    const origins: Origins = { npmStart: `http://localhost:${SHELL_PART.port}`, viaNginx: nginx.site.shell, nginx: nginx.site };
    const home = await (await fetch(`${origins.npmStart}/`)).text();
    // The shell's main chunk, as the page names it (a preload since the app loader starts it after the first paint).
    const chunk = /(?:src|href)="\/(main\.[0-9a-f]{8}\.js)"/.exec(home)?.[1];
    if (!chunk) throw new Error('首页没有提到 main.*.js');
    const runs: Run[] = [];
    const measure = measurer(runs, {
      [REFERENCES.nginxFile]: { url: `${origins.viaNginx}/${SAME_SIZE_FILE}`, connections: 200, headers: ACCEPT },
      [REFERENCES.npmStartFile]: { url: `${origins.npmStart}/${SAME_SIZE_FILE}`, connections: 200, headers: ACCEPT },
      // The render server that is not killed in the middle of a row.
      [REFERENCES.renderAnswer]: { url: `http://127.0.0.1:${nginx.site.renderPorts[1] ?? 0}/healthz`, connections: 100 },
      [REFERENCES.apiAnswer]: { url: `http://localhost:${API_PORT}/healthz`, connections: 100 },
    });
    await fileRows(measure, origins, chunk);
    if (wanted(`nginx / 一个地址后 ${SHARED_VISITORS} 位访客`)) await sharedAddressRow(measure, origins);
    await renderedRows(measure, origins);
    await afterEditRows(measure, origins, demoConfigFile);
    report(runs);
  } finally {
    fs.writeFileSync(demoConfigFile, demoConfig);
    removeSameSizeFile();
    await Promise.all([stop(site), nginx.stop()]);
    await postgres?.cluster.stop();
  }
}

main().catch((error: unknown) => {
  console.error('[load] 失败：', error);
  process.exit(1);
});
