/**
 * `npm run bench:hosts` (as root): the several-hosts form (deploy/ops/hosts) with one host, then with two, each host
 * held to the same share of the processors (`--cpu-share`, 0.4 of a core: deploy/ops/hosts/cpuGroups.ts), behind the
 * same HAProxy, under autocannon: `/`, `/about/3`, `/search/课程` and `/wuyou/1`, 100 connections (search 20, below) for LOAD_SECONDS
 * (20) each, three runs per row, the median kept (this machine's runs vary by a third), and two hosts ÷ one. Each row
 * also says where the processors went (bench/hostsCpu.ts): how often each host used its whole share, and the cores the
 * load client, the balancer and PostgreSQL used, outside the hosts' shares. Then, on the two hosts, the host-loss run of
 * e2e/tests/hosts-when-one-dies.spec.ts once more: 100 connections on the pages, host 2 killed halfway, with its
 * failures and how long the balancer kept sending to it. Not a test: figures for BENCHMARKS.md, written to
 * bench/results/hosts.json.
 *
 * Both forms run on this one machine; the share per host is what makes one host and two comparable, as machines of
 * that size would be, while the balancer and the client are not held to it.
 *
 *   npm run bench:hosts [-- --first-port 55480 --postgres-port 55472 --cpu-share 0.4]
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { serverStats } from '@wenrun/deploy/ops/hosts/balancer';
import { cpuGroupOf, limitCpu } from '@wenrun/deploy/ops/hosts/cpuGroups';
import { startHosts, unansweredRequests, type HostsSite } from '@wenrun/deploy/ops/hosts/hosts';
import { watchCpu, type CpuUse } from './hostsCpu';
import { formatTable, writeResult } from './report';

const ROOT = path.resolve(import.meta.dirname, '..');
const DURATION_S = Number(process.env.LOAD_SECONDS ?? 20);
const RUNS = 3;
const CONNECTIONS = 100;
const SEARCH = `/search/${encodeURIComponent('课程')}`;
const PATHS = ['/', '/about/3', SEARCH, '/wuyou/1'];
/**
 * The page rendered per request, on fewer connections: a host of 0.4 of a core renders some 50 a second, and 100
 * waiting on it passed nginx's 8 s wait for a render server (deploy/ops/nginx/renderedPages.ts), which then asked the
 * other render server for the same page: twice the work, 11 pages a second, a host out of the balancer. 20 keep both
 * render servers of each host busy and every wait short: the row measures what the host serves, not how it collapses.
 */
const connectionsFor = (target: string) => (target === SEARCH ? 20 : CONNECTIONS);

const { values: flags } = parseArgs({
  options: { 'first-port': { type: 'string', default: '55480' }, 'postgres-port': { type: 'string', default: '55472' }, 'cpu-share': { type: 'string', default: '0.4' } },
});

type Options = Parameters<typeof autocannon>[0] & { requests?: { path: string }[] };

interface Row {
  name: string;
  target: string;
  /** Requests a second, each run's, and their median. */
  runs: number[];
  median: number;
  p99: number;
  errors: number;
  /** Where the processors went, each run's. */
  cpu: CpuUse[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function measure(site: HostsSite, hosts: number, target: string): Promise<Row> {
  const runs: number[] = [];
  let p99 = 0;
  let errors = 0;
  const cpu: CpuUse[] = [];
  // Not counted: the page's first renders (its remote's server code loaded by each render server, on 0.4 of a core)
  // held the first run of `/wuyou/1` to 24 a second and the next to 45, against 1,398 once warm; search, rendered
  // every time, still rose run after run after 5 s (19, 24, 43 a second): V8 compiling the renderer on the quota.
  const warmUpS = target === SEARCH ? 20 : 5;
  await autocannon({ url: `${site.shell}${target}`, connections: connectionsFor(target), duration: warmUpS, headers: { 'accept-encoding': 'br, gzip' } });
  for (let run = 0; run < RUNS; run += 1) {
    const used = watchCpu(site);
    const result = await autocannon({ url: `${site.shell}${target}`, connections: connectionsFor(target), duration: DURATION_S, headers: { 'accept-encoding': 'br, gzip' } });
    cpu.push(used());
    // A host held to its share must still pass its health checks, or the row measures one host less.
    const out = (await serverStats(site.balancerSocket)).filter((stat) => stat.backend === site.checkedBackend && stat.status !== 'UP');
    if (out.length) console.log(`[hosts] 注意：这次运行后 ${out.map((stat) => `${stat.server} ${stat.status}`).join('、')}`);
    runs.push(Math.round(result.requests.average));
    p99 = Math.max(p99, result.latency.p99);
    errors += result.errors + result.timeouts + result.non2xx;
  }
  const row = { name: `${hosts} 台主机 ${decodeURIComponent(target)}`, target, runs, median: median(runs), p99, errors, cpu };
  console.log(`[hosts] ${row.name}：${runs.join('、')} 请求/秒，中位数 ${row.median}；${cpu.map(describeCpu).join('；')}`);
  return row;
}

const percent = (share: number) => `${Math.round(share * 100)} %`;

function describeCpu(use: CpuUse): string {
  return `主机用满份额 ${use.hostsThrottled.map(percent).join(' / ')}，客户端 ${use.client.toFixed(2)} 核，HAProxy ${use.balancer.toFixed(2)} 核，PostgreSQL ${use.postgres.toFixed(2)} 核，负载 ${use.load.toFixed(1)}`;
}

/** The e2e test's host-loss run, for its figures. */
interface HostLoss {
  requests: number;
  failed: number;
  /** Connections open to host 2 as it was killed. */
  openConnections: number;
  /** From the kill until the balancer marked it down. */
  outAfterMs: number;
}

async function hostLoss(site: HostsSite): Promise<HostLoss> {
  const options: Options = { url: site.shell, connections: CONNECTIONS, duration: DURATION_S, requests: PATHS.map((path) => ({ path })) };
  const pending = autocannon(options);
  const watched = new Promise<Pick<HostLoss, 'openConnections' | 'outAfterMs'>>((resolve) => {
    setTimeout(() => {
      void (async () => {
        const stat = async () => (await serverStats(site.balancerSocket)).find((line) => line.backend === site.checkedBackend && line.server === 'host-2');
        const open = (await stat())?.current ?? 0;
        const at = site.kill(2);
        while (!(await stat())?.status.startsWith('DOWN')) await new Promise((wait) => setTimeout(wait, 50));
        resolve({ openConnections: open, outAfterMs: Date.now() - at });
      })();
    }, (DURATION_S * 1000) / 2);
  });
  const result = await pending;
  const unanswered = unansweredRequests(result, CONNECTIONS);
  const figures: HostLoss = { requests: result.requests.total, failed: unanswered + result.non2xx, ...(await watched) };
  console.log(`[hosts] 杀掉主机 2：请求 ${figures.requests}，失败 ${figures.failed}，当时连着 ${figures.openConnections} 个连接，${figures.outAfterMs} ms 后负载均衡器不再发给它`);
  return figures;
}

/** Each page: one host's median, two hosts', and two ÷ one. */
function ratioTable(rows: Row[]): string {
  const of = (count: number, target: string) => rows.find((row) => row.name === `${count} 台主机 ${decodeURIComponent(target)}`)?.median ?? 0;
  return formatTable(
    ['页面', '1 台主机（请求/秒）', '2 台主机', '2 台 ÷ 1 台'],
    PATHS.map((target) => [decodeURIComponent(target), String(of(1, target)), String(of(2, target)), (of(2, target) / Math.max(1, of(1, target))).toFixed(2)]),
  );
}

async function main(): Promise<void> {
  if (process.getuid?.() !== 0) throw new Error('需要 root：多主机形态要创建网络命名空间和网桥');
  const cpuShare = Number(flags['cpu-share']);
  const rows: Row[] = [];
  let loss: HostLoss | undefined;
  for (const count of [1, 2]) {
    const site = await startHosts({ root: ROOT, count, firstPort: Number(flags['first-port']), postgresPort: Number(flags['postgres-port']), unlimitedClients: ['127.0.0.1'] });
    try {
      // Once they are up (starting under the quota is only slower): from here each host has the same budget.
      for (const host of site.hosts) limitCpu(cpuGroupOf(host.netns), cpuShare);
      for (const target of PATHS) rows.push(await measure(site, count, target));
      if (count === 2) loss = await hostLoss(site);
    } finally {
      await site.stop();
    }
  }
  console.log(
    formatTable(
      ['运行', '连接', '请求/秒（3 次）', '中位数', 'p99 ms（最大）', '错误', '各次：主机用满份额的周期，客户端 / HAProxy / PostgreSQL 的核数，负载'],
      rows.map((row) => [row.name, String(connectionsFor(row.target)), row.runs.join(' / '), String(row.median), String(row.p99), String(row.errors), row.cpu.map(describeCpu).join('；')]),
    ),
  );
  console.log(`\n每台主机 ${cpuShare} 核：\n${ratioTable(rows)}`);
  writeResult('hosts.json', { measuredAt: new Date().toISOString(), durationSeconds: DURATION_S, connections: CONNECTIONS, cpuShare, rows, hostLoss: loss });
}

main().catch((error: unknown) => {
  console.error('[hosts] 失败：', error);
  process.exit(1);
});
