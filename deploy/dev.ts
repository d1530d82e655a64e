/**
 * `npm run dev`: every part in watch mode on its own port (webpack-dev-server) and the reference API restarted
 * on change. Ctrl-C stops all.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { API_PORT, REMOTE_PARTS, SHELL_PART } from '../shared/src/config/parts';

const ROOT = path.resolve(import.meta.dirname, '..');
const folders = [SHELL_PART.folder, ...Object.values(REMOTE_PARTS).map((part) => part.folder)];

const children: ChildProcess[] = [
  ...folders.map((folder) => spawn('npm', ['run', 'dev', '-w', folder], { cwd: ROOT, stdio: 'inherit' })),
  spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['watch', 'reference-api/src/main.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PORT: String(API_PORT) },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && console.error(`[dev] 子进程退出：${code}`));
