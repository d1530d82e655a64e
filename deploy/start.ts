/**
 * `npm start`: builds the parts whose sources changed since their last build (or all with `--build`, none with
 * `--no-build`), then serves the five parts on their own origins and starts the reference API. Ctrl-C stops all.
 */
import { spawn, spawnSync } from 'node:child_process';
import type http from 'node:http';
import path from 'node:path';
import { API_PORT, REMOTE_PARTS, SHELL_PART } from '../shared/src/config/parts';
import { siteOrigins } from './siteOrigins';
import { isStale } from './staleness';
import { startPartServer } from './staticServer';

const ROOT = path.resolve(import.meta.dirname, '..');

interface Part {
  folder: string;
  port: number;
  spa: boolean | string;
}

const PARTS: Part[] = [
  { folder: SHELL_PART.folder, port: SHELL_PART.port, spa: 'app.html' },
  ...Object.values(REMOTE_PARTS).map((part) => ({ folder: part.folder, port: part.port, spa: true })),
];

function needsBuild(part: Part): boolean {
  const inputs = [part.folder, 'shared/src', 'webpack.common.ts', 'package-lock.json'];
  return isStale(path.join(ROOT, part.folder, 'dist', 'index.html'), inputs.map((input) => path.join(ROOT, input)));
}

function run(what: string, args: string[]): void {
  const result = spawnSync('npm', ['run', ...args], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`[start] ${what}失败`);
    process.exit(result.status ?? 1);
  }
}

function build(parts: Part[]): void {
  for (const part of parts) {
    console.log(`[start] 构建 ${part.folder} …`);
    run(`${part.folder} 构建`, ['build', '-w', part.folder]);
  }
  // The shell's pages hold the server-rendered markup of every part: written again after any part changed.
  if (parts.length) run('页面生成', ['pages']);
}

async function main() {
  const args = new Set(process.argv.slice(2));
  if (!args.has('--no-build')) build(args.has('--build') ? PARTS : PARTS.filter(needsBuild));

  const origins = siteOrigins();
  const servers: http.Server[] = await Promise.all(
    PARTS.map((part) =>
      startPartServer({
        root: path.join(ROOT, part.folder, 'dist'),
        port: part.port,
        spa: part.spa,
        // The shell is read by nobody else; remotes are read by the shell and each other's pages.
        allowedOrigins: part.folder === SHELL_PART.folder ? [] : origins,
        host: process.env.HOST,
      }),
    ),
  );
  // Only once every part's port is ours: a busy port must stop the start before anything else runs.
  const api = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'reference-api/src/main.ts')], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PORT: String(API_PORT) },
  });

  for (const part of PARTS) console.log(`[start] ${part.folder.padEnd(14)} http://localhost:${part.port}/`);
  console.log(`[start] ${'reference-api'.padEnd(14)} http://localhost:${API_PORT}/healthz`);
  console.log('[start] 网站：http://localhost:3000/ （Ctrl-C 停止全部）');

  let stopping = false;
  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const server of servers) server.close();
    api.kill('SIGTERM');
    setTimeout(() => process.exit(code), 500).unref();
  };
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  api.on('exit', (code) => {
    if (!stopping) {
      console.error(`[start] 参考 API 退出（${code ?? 'signal'}），停止全部`);
      stop(1);
    }
  });
}

main().catch((error: unknown) => {
  console.error('[start] 启动失败：', error);
  process.exit(1);
});
