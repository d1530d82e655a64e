/**
 * `npm start`: builds the parts whose sources changed since their last build (or all with `--build`, none with
 * `--no-build`; only that with `--build-only`), then runs the whole site under one supervisor (deploy/serve): each part on its own origin, the
 * reference API, the render server and the canary guard, each its own process, on loopback. It is the demo form
 * (the API in demo mode) and says so. Ctrl-C stops all.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { API_PORT, GUARD_METRICS_PORT, MANIFEST_FILE, RENDER_PORT, RUNTIME_CONFIG_FILE, SHELL_PART, VERSION_FILE } from '@wenrun/shared/node';
import { buildAndPrint } from '../assemble/buildParts';
import { isStale } from '../assemble/staleness';
import { coordinationProcesses, guardProcess, sayDemoForm, SERVED_PARTS, sharedDatabaseUrl, siteProcesses } from './siteProcesses';
import { Supervisor } from './supervisor';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

type Part = (typeof SERVED_PARTS)[number];

function needsBuild(part: Part): boolean {
  // shared whole (its package.json says what each surface is); the factory and its pieces.
  const inputs = [part.folder, 'shared', 'webpack.common.ts', 'deploy/assemble/webpack', 'package-lock.json'];
  return isStale(path.join(ROOT, part.folder, 'dist', VERSION_FILE), inputs.map((input) => path.join(ROOT, input)));
}

function run(what: string, args: string[]): void {
  const result = spawnSync('npm', ['run', ...args], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`[start] ${what}失败`);
    process.exit(result.status ?? 1);
  }
}

async function build(parts: Part[]): Promise<void> {
  if (!parts.length) return;
  console.log(`[start] 构建 ${parts.map((part) => part.folder).join('、')} …`);
  if (!(await buildAndPrint(ROOT, parts.map((part) => part.folder)))) {
    console.error('[start] 构建失败');
    process.exit(1);
  }
  // The shell's pages hold the server-rendered markup of every part: written again after any part changed.
  run('页面生成', ['pages']);
  run('压缩', ['compress']);
}

async function main() {
  const args = new Set(process.argv.slice(2));
  if (!args.has('--no-build')) await build(args.has('--build') ? SERVED_PARTS : SERVED_PARTS.filter(needsBuild));
  // `npm run test:quick`: the parts brought up to date for the browser tests, which start the site themselves.
  if (args.has('--build-only')) return;

  const supervisor = new Supervisor({ cwd: ROOT });
  let stopping = false;
  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    void supervisor.stop().then(() => process.exit(code));
  };
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));

  sayDemoForm('start');
  // The canary guard watches the config the shell serves (deploy/ops/release). With a PostgreSQL DATABASE_URL that
  // file follows the one kept in the database, which the guard writes (deploy/ops/coordination).
  const runtimeConfigFile = path.join(ROOT, SHELL_PART.folder, 'dist', RUNTIME_CONFIG_FILE);
  const databaseUrl = sharedDatabaseUrl();
  await supervisor.start([
    ...siteProcesses(),
    ...(databaseUrl ? coordinationProcesses({ runtimeConfigFile, renderServers: [`http://127.0.0.1:${RENDER_PORT}`], databaseUrl }) : []),
    // Without the admin token, were the operator's shell to hold one: it would go over plain HTTP, which fieldDataClient.ts
    // refuses, and the demo API answers the guard's figures without it (its development twin).
    guardProcess(runtimeConfigFile, { metricsPort: GUARD_METRICS_PORT, env: { ADMIN_TOKEN: undefined, ADMIN_TOKEN_FILE: undefined } }),
  ]);
  for (const part of SERVED_PARTS) {
    const file = part.folder === SHELL_PART.folder ? '' : MANIFEST_FILE;
    console.log(`[start] ${part.folder.padEnd(14)} http://localhost:${part.port}/${file}`);
  }
  console.log(`[start] ${'render-server'.padEnd(14)} http://localhost:${RENDER_PORT}/healthz`);
  console.log(`[start] ${'canary-guard'.padEnd(14)} http://127.0.0.1:${GUARD_METRICS_PORT}/metrics`);
  console.log(`[start] ${'reference-api'.padEnd(14)} http://localhost:${API_PORT}/healthz`);
  console.log('[start] 网站：http://localhost:3000/ （Ctrl-C 停止全部）');
}

main().catch((error: unknown) => {
  console.error('[start] 启动失败：', error instanceof Error ? error.message : error);
  process.exit(1);
});
