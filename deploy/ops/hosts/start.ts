/**
 * The production form on several hosts, on one machine (README beside this file): PostgreSQL that fails over (a
 * primary and a synchronous standby under Patroni), `--hosts` network namespaces each running the production form
 * with `DATABASE_URL` on the primary, and HAProxy in front on loopback. Runs as
 * root (namespaces, a bridge); Ctrl-C or SIGTERM stops and removes all of it.
 *
 *   npx tsx deploy/ops/hosts/start.ts [--hosts 2] [--first-port 8000] [--postgres-port 55470] [--cpu-share 0.4]
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SHELL_PART } from '@wenrun/shared/node';
import { cpuGroupOf, limitCpu } from './cpuGroups';
import { startHosts } from './hosts';

/** The production form's own default ports (deploy/ops/nginx/start.ts: the dev layout shifted by 5000). */
const DEFAULT_FIRST_PORT = SHELL_PART.port + 5000;

const { values: args } = parseArgs({
  options: {
    hosts: { type: 'string', default: '2' },
    'first-port': { type: 'string', default: String(DEFAULT_FIRST_PORT) },
    'postgres-port': { type: 'string', default: '55470' },
    // Cores each host may use (cpuGroups.ts); the whole machine without it.
    'cpu-share': { type: 'string' },
  },
});

async function main(): Promise<void> {
  if (process.getuid?.() !== 0) throw new Error('需要 root：多主机形态要创建网络命名空间和网桥（sudo npx tsx deploy/ops/hosts/start.ts）');
  const cpuShare = args['cpu-share'] === undefined ? undefined : Number(args['cpu-share']);
  if (cpuShare !== undefined && !(cpuShare > 0)) throw new Error(`--cpu-share 应为正数（每台主机的核数）：${args['cpu-share']}`);
  const site = await startHosts({ root: path.resolve(import.meta.dirname, '..', '..', '..'), count: Number(args.hosts), firstPort: Number(args['first-port']), postgresPort: Number(args['postgres-port']) });
  // Once they are up: starting under the quota would only be slower.
  if (cpuShare !== undefined) for (const host of site.hosts) limitCpu(cpuGroupOf(host.netns), cpuShare);
  console.log(`[多主机] 网站：${site.shell}/ （负载均衡器 HAProxy，127.0.0.1），API：${site.api}`);
  console.log(`[多主机] 两台负载均衡器共用的网站地址（VRRP）：${site.balancers.siteAddress}（站名 localhost；端口同上）`);
  for (const host of site.hosts) {
    console.log(`[多主机] ${host.name}：网络命名空间 ${host.netns}，CPU ${cpuShare === undefined ? '不限' : `${cpuShare} 核`}（cgroup ${cpuGroupOf(host.netns).dir}），地址 ${host.address}，运行时配置 ${host.runtimeConfigFile}，日志 ${host.logFile}`);
  }
  console.log(`[多主机] PostgreSQL（Patroni 主库 ${site.database.primary().name}，同步备库，文件夹 ${site.database.cluster.folder}）：${site.databaseUrl}；负载均衡器的运行时接口（show stat）：${site.balancerSocket}`);
  console.log('[多主机] Ctrl-C 停止并清理全部');
}

main().catch((error: unknown) => {
  console.error(`[多主机] 启动失败：${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
