import path from 'node:path';
import { API_PORT } from '../../shared/src/config/parts';
import { buildServer, DEFAULT_ALLOWED_ORIGINS } from './server';

const PACKAGE_DIR = path.resolve(__dirname, '..');

function listEnv(value: string | undefined): string[] | undefined {
  const items = value?.split(',').map((item) => item.trim()).filter(Boolean);
  return items && items.length > 0 ? items : undefined;
}

function numberEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

/** TRUST_PROXY: unset or "false" = none, "true" = any, otherwise addresses or ranges, e.g. "loopback" or "10.0.0.0/8". */
function trustProxyEnv(value: string | undefined): boolean | string {
  if (value === undefined || value === '' || value === 'false') return false;
  return value === 'true' ? true : value;
}

async function main(): Promise<void> {
  const databasePath = process.env.DATABASE_PATH
    ? path.resolve(process.env.DATABASE_PATH)
    : path.join(PACKAGE_DIR, '.data', 'site.db');
  const app = await buildServer({
    databasePath,
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
    allowedOrigins: listEnv(process.env.SITE_ORIGINS) ?? DEFAULT_ALLOWED_ORIGINS,
    rateLimit: { max: numberEnv('RATE_LIMIT_MAX', 600) },
    limits: { sendCodePerIpPerHour: numberEnv('SEND_CODE_PER_IP_PER_HOUR', 10) },
    trustProxy: trustProxyEnv(process.env.TRUST_PROXY),
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // In-flight requests finish; a stuck one must not keep the process alive past a deploy's patience.
    setTimeout(() => process.exit(1), 10_000).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  await app.listen({ port: numberEnv('PORT', API_PORT), host: process.env.HOST ?? '::' });
  app.log.info({ databasePath }, 'reference API ready');
}

main().catch((error: unknown) => {
  console.error('reference API failed to start:', error);
  process.exit(1);
});
