/**
 * The canary guard as a process of its own, supervised by `npm start` (deploy/serve/start.ts) and the production form
 * (deploy/ops/nginx/start.ts):
 *
 *   npx tsx deploy/ops/release/guardMain.ts --config FILE [--field-data URL] [--interval-seconds 60] [--metrics-port N]
 *
 * The admin token, when the API wants one, comes from ADMIN_TOKEN or ADMIN_TOKEN_FILE, as the API reads it.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { tokenFromEnv } from './fieldFigures';
import { GUARD_INTERVAL_MS, startGuard } from './guard';
import { serveGuardFigures } from './guardFigures';

const { values: args } = parseArgs({
  options: {
    config: { type: 'string' },
    'field-data': { type: 'string' },
    'interval-seconds': { type: 'string', default: String(GUARD_INTERVAL_MS / 1000) },
    'metrics-port': { type: 'string' },
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
const configFile = path.resolve(args.config);

async function main(): Promise<void> {
  const token = tokenFromEnv();
  const figures = metricsPort === undefined ? undefined : await serveGuardFigures(metricsPort);
  const listening = figures?.app.server.address();
  const guard = startGuard({
    configFile,
    intervalMs,
    ...(figures ? { checked: figures.checked } : {}),
    fieldData: { ...(args['field-data'] ? { baseUrl: args['field-data'] } : {}), ...(token ? { token } : {}) },
  });
  console.log(
    `[guard] 灰度守卫：每 ${intervalMs / 1000} 秒检查 ${configFile} 中的灰度（只会中止，从不推广）${listening && typeof listening === 'object' ? `；指标：http://127.0.0.1:${listening.port}/metrics` : ''}`,
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      guard.stop();
      void (figures?.app.close() ?? Promise.resolve()).finally(() => process.exit(0));
    });
  }
}

main().catch((error: unknown) => {
  console.error(`[guard] 启动失败：${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
