/**
 * `npm start`: builds the parts whose sources changed since their last build (or all with `--build`, none with
 * `--no-build`), then runs the whole site under one supervisor (deploy/serve): each part on its own origin, the
 * reference API, and the render server, each its own process. Ctrl-C stops all.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { API_PORT, REMOTE_PARTS, RENDER_PORT, SHELL_PART } from '../shared/src/config/parts';
import { isStale } from './staleness';
import { Supervisor, type ChildSpec } from './serve/supervisor';

const ROOT = path.resolve(import.meta.dirname, '..');

interface Part {
  name: string;
  folder: string;
  port: number;
}

const PARTS: Part[] = [
  { name: 'shell', folder: SHELL_PART.folder, port: SHELL_PART.port },
  ...Object.entries(REMOTE_PARTS).map(([name, part]) => ({ name, folder: part.folder, port: part.port })),
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
  if (parts.length) {
    run('页面生成', ['pages']);
    run('压缩', ['compress']);
  }
}

/** Every process of the site, in the order they start: the parts, then the API, then the render server. */
export function siteProcesses(): ChildSpec[] {
  return [
    ...PARTS.map((part) => ({
      name: part.folder,
      entry: 'deploy/serve/partMain.ts',
      args: ['--part', part.name],
      readyUrl: `http://127.0.0.1:${part.port}/`,
    })),
    {
      name: 'reference-api',
      entry: 'reference-api/src/main.ts',
      env: { PORT: String(API_PORT) },
      readyUrl: `http://127.0.0.1:${API_PORT}/healthz`,
    },
    {
      name: 'render-server',
      entry: 'render-server/src/server/main.ts',
      env: { PORT: String(RENDER_PORT) },
      readyUrl: `http://127.0.0.1:${RENDER_PORT}/healthz`,
    },
  ];
}

async function main() {
  const args = new Set(process.argv.slice(2));
  if (!args.has('--no-build')) build(args.has('--build') ? PARTS : PARTS.filter(needsBuild));

  const supervisor = new Supervisor({ cwd: ROOT });
  let stopping = false;
  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    void supervisor.stop().then(() => process.exit(code));
  };
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));

  await supervisor.start(siteProcesses());
  for (const part of PARTS) console.log(`[start] ${part.folder.padEnd(14)} http://localhost:${part.port}/`);
  console.log(`[start] ${'render-server'.padEnd(14)} http://localhost:${RENDER_PORT}/healthz`);
  console.log(`[start] ${'reference-api'.padEnd(14)} http://localhost:${API_PORT}/healthz`);
  console.log('[start] 网站：http://localhost:3000/ （Ctrl-C 停止全部）');
}

main().catch((error: unknown) => {
  console.error('[start] 启动失败：', error instanceof Error ? error.message : error);
  process.exit(1);
});
