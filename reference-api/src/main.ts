import path from 'node:path';
import { API_PORT, closeOnSignals, listenHost, listensBeyondLoopback } from '@wenrun/shared/node';
import { DEFAULT_POOL_SIZE, isPostgresUrl } from './db/database';
import { buildServer, DEFAULT_ALLOWED_ORIGINS, DEFAULT_LIMITS, DEFAULT_RATE_LIMIT } from './server';
import { adminTokenEnv, isDemoMode, listEnv, proxySecretEnv, serviceTokenEnv, trustedProxiesEnv } from './settings';

const PACKAGE_DIR = path.resolve(__dirname, '..');

function numberEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} 应为非负整数，而不是 "${raw}"`);
  return value;
}

async function main(): Promise<void> {
  const demo = isDemoMode(process.env);
  const databasePath = process.env.DATABASE_PATH
    ? path.resolve(process.env.DATABASE_PATH)
    : path.join(PACKAGE_DIR, '.data', 'site.db');
  // PostgreSQL when DATABASE_URL names one (several hosts share it), else the SQLite file.
  const databaseUrl = process.env.DATABASE_URL || undefined;
  if (databaseUrl !== undefined && !isPostgresUrl(databaseUrl)) throw new Error('DATABASE_URL 应为 postgres://… 形式的 PostgreSQL 地址（不设则使用 SQLite 文件 DATABASE_PATH）');
  const app = await buildServer({
    databasePath,
    databaseUrl,
    databasePoolSize: numberEnv('DATABASE_POOL_SIZE', DEFAULT_POOL_SIZE),
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
    allowedOrigins: listEnv(process.env.SITE_ORIGINS) ?? DEFAULT_ALLOWED_ORIGINS,
    devEndpoints: demo,
    rateLimit: { max: numberEnv('RATE_LIMIT_MAX', DEFAULT_RATE_LIMIT.max) },
    limits: {
      sendCodePerIpPerHour: numberEnv('SEND_CODE_PER_IP_PER_HOUR', DEFAULT_LIMITS.sendCodePerIpPerHour),
      sendCodePerMobilePerHour: numberEnv('SEND_CODE_PER_MOBILE_PER_HOUR', DEFAULT_LIMITS.sendCodePerMobilePerHour),
      sendCodePerHour: numberEnv('SEND_CODE_PER_HOUR', DEFAULT_LIMITS.sendCodePerHour),
      messagesPerIpPerDay: numberEnv('MESSAGES_PER_IP_PER_DAY', DEFAULT_LIMITS.messagesPerIpPerDay),
      fieldSummaryCacheMs: numberEnv('FIELD_SUMMARY_CACHE_MS', DEFAULT_LIMITS.fieldSummaryCacheMs),
      fieldViewsPerClientPerHour: numberEnv('FIELD_VIEWS_PER_CLIENT_PER_HOUR', DEFAULT_LIMITS.fieldViewsPerClientPerHour),
    },
    trustedProxies: trustedProxiesEnv(process.env.TRUST_PROXY),
    proxySecret: proxySecretEnv(process.env),
    adminToken: adminTokenEnv(process.env),
    serviceToken: serviceTokenEnv(process.env),
    renderMetricsUrls: listEnv(process.env.RENDER_METRICS_URLS) ?? [],
  });
  closeOnSignals(app);

  const host = listenHost();
  if (demo) {
    app.log.warn('演示模式（API_MODE=demo）：开发接口 /__dev/*（读取验证码、留言，发布活动）、演示账号和日志中的验证码均已开启，只用于本机演示和测试');
    if (listensBeyondLoopback()) app.log.warn({ host }, `演示模式监听 ${host}：其他机器也能使用上述演示入口`);
  }
  await app.listen({ port: numberEnv('PORT', API_PORT), host });
  // The URL may carry a password: only its host and database are logged.
  const database = databaseUrl ? `postgres ${new URL(databaseUrl).host}${new URL(databaseUrl).pathname}` : databasePath;
  app.log.info({ database, mode: demo ? 'demo' : 'production' }, 'reference API ready');
}

main().catch((error: unknown) => {
  console.error('reference API failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
