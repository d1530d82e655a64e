/**
 * `npm run dev`: every part built in watch mode (development builds, written to its dist/), served as `npm start`
 * serves it (deploy/serve: each part on its port, the reference API, the render server), so development pages are
 * server-rendered too. The render server picks up a rebuilt remote by its manifest and is restarted when the shell's
 * server build changes. Ctrl-C stops all.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_PARTS, SHELL_PART } from '@wenrun/shared/node';
import { sayDemoForm, siteProcesses } from './serve/siteProcesses';
import { Supervisor } from './serve/supervisor';

const ROOT = path.resolve(import.meta.dirname, '..');
const WEBPACK = path.join(ROOT, 'node_modules/.bin/webpack');
const folders = [SHELL_PART.folder, ...Object.values(REMOTE_PARTS).map((part) => part.folder)];
const SHELL_SERVER_BUNDLE = path.join(ROOT, SHELL_PART.folder, 'dist/server/server.js');

const watchers: ChildProcess[] = folders.map((folder) =>
  spawn(WEBPACK, ['--watch', '--mode', 'development'], { cwd: path.join(ROOT, folder), stdio: 'inherit' }),
);
const supervisor = new Supervisor({ cwd: ROOT });

function stop(): void {
  for (const watcher of watchers) watcher.kill('SIGTERM');
  void supervisor.stop().then(() => process.exit(0));
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

/** Resolves once every part's first build is on disk (a remote's development build includes its dev page). */
async function firstBuilds(): Promise<void> {
  const built = () => folders.every((folder) => fs.existsSync(path.join(ROOT, folder, 'dist', 'index.html'))) && fs.existsSync(SHELL_SERVER_BUNDLE);
  while (!built()) await new Promise((resolve) => setTimeout(resolve, 500));
}

async function main(): Promise<void> {
  await firstBuilds();
  sayDemoForm('dev');
  await supervisor.start(siteProcesses());
  console.log('[dev] 网站：http://localhost:3000/ （修改源码后刷新页面；Ctrl-C 停止全部）');
  // The render server runs the shell's server build it loaded at start: a new one means a new process.
  fs.watchFile(SHELL_SERVER_BUNDLE, { interval: 1000 }, () => supervisor.restart('render-server'));
}

main().catch((error: unknown) => {
  console.error('[dev] 启动失败：', error);
  stop();
});
