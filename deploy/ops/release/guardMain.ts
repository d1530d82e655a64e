/**
 * The canary guard as a process of its own, supervised by `npm start` (deploy/serve/start.ts) and the production form
 * (deploy/ops/nginx/start.ts):
 *
 *   npx tsx deploy/ops/release/guardMain.ts --config FILE [--field-data URL] [--interval-seconds 60] [--metrics-port N]
 *     [--lease-seconds 30]
 *
 * The admin token, when the API wants one, comes from ADMIN_TOKEN or ADMIN_TOKEN_FILE, as the API reads it. With
 * DATABASE_URL=postgres://… (several hosts) it reads and writes the config kept there, and acts only while it holds
 * the site's guard lease (deploy/ops/coordination/): one guard for the whole site, the others waiting to take over.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { acquireGuardLease, LEASE_PERIOD_MS, type Lease } from '../coordination/guardLease';
import { sharedDatabaseUrl } from '../../serve/siteProcesses';
import { postgresSource } from '../coordination/sharedConfig';
import { tokenFromEnv } from './fieldDataClient';
import { GUARD_INTERVAL_MS, startGuard, type GuardOptions } from './guard';
import { serveGuardMetrics } from './guardMetrics';

const { values: args } = parseArgs({
  options: {
    config: { type: 'string' },
    'field-data': { type: 'string' },
    'interval-seconds': { type: 'string', default: String(GUARD_INTERVAL_MS / 1000) },
    'metrics-port': { type: 'string' },
    'lease-seconds': { type: 'string', default: String(LEASE_PERIOD_MS / 1000) },
  },
});

if (!args.config) {
  console.error('[guard] 需要 --config（运行时配置文件）');
  process.exit(2);
}
const intervalMs = Number(args['interval-seconds']) * 1000;
if (!(intervalMs > 0)) {
  console.error(`[guard] --interval-seconds 应为正数，而不是 ${args['interval-seconds']}`);
  process.exit(2);
}
const metricsPort = args['metrics-port'] === undefined ? undefined : Number(args['metrics-port']);
if (metricsPort !== undefined && !(Number.isInteger(metricsPort) && metricsPort >= 0 && metricsPort < 65_536)) {
  console.error(`[guard] --metrics-port 应为端口号，而不是 ${args['metrics-port']}`);
  process.exit(2);
}
const leaseMs = Number(args['lease-seconds']) * 1000;
if (!(leaseMs > 0)) {
  console.error(`[guard] --lease-seconds 应为正数，而不是 ${args['lease-seconds']}`);
  process.exit(2);
}
const configFile = path.resolve(args.config);
const databaseUrl = sharedDatabaseUrl();

async function main(): Promise<void> {
  const token = tokenFromEnv();
  const metrics = metricsPort === undefined ? undefined : await serveGuardMetrics(metricsPort);
  const listening = metrics?.app.server.address();
  const source = databaseUrl ? postgresSource({ databaseUrl, seedFile: configFile }) : undefined;
  const options: GuardOptions & { intervalMs: number } = {
    configFile,
    ...(source ? { source } : {}),
    intervalMs,
    ...(metrics ? { checked: metrics.checked } : {}),
    fieldData: { ...(args['field-data'] ? { baseUrl: args['field-data'] } : {}), ...(token ? { token } : {}) },
  };
  let guard: { stop: () => void } | undefined;
  let lease: Lease | undefined;
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      stopping = true;
      guard?.stop();
      void Promise.all([metrics?.app.close(), lease?.release(), source?.close()]).finally(() => process.exit(0));
    });
  }
  const where = source ? '共享数据库里运行时配置' : configFile;
  const said = `[guard] 灰度守卫：每 ${intervalMs / 1000} 秒检查${where}中的灰度（只会中止，从不推广）${listening && typeof listening === 'object' ? `；指标：http://127.0.0.1:${listening.port}/metrics` : ''}`;
  if (!databaseUrl) {
    guard = startGuard(options);
    console.log(said);
    return;
  }
  // One guard for the whole site: this one acts only while it holds the lease, and waits for it again when lost.
  while (!stopping) {
    lease = await acquireGuardLease({
      databaseUrl,
      periodMs: leaseMs,
      onWaiting: (holder) => console.log(`[guard] 全站的灰度守卫由 ${holder} 担任，本进程等待接替`),
    });
    const held = lease;
    guard = startGuard({ ...options, mayAct: () => held.held() });
    console.log(`[guard] 已成为全站唯一的灰度守卫（${held.holder}）`);
    console.log(said);
    const why = await held.lost;
    guard.stop();
    await held.release();
    if (!stopping) console.log(`[guard] 不再是全站的灰度守卫（${why}），等待重新取得租约`);
  }
}

main().catch((error: unknown) => {
  console.error(`[guard] 启动失败：${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
