/**
 * `npm run dev`: every part built in watch mode (development builds, written to its dist/), served as `npm start`
 * serves it (deploy/serve: each part on its port, the reference API, the render server), so development pages are
 * server-rendered too. The render server picks up a rebuilt remote by its manifest and is restarted when the shell's
 * server build changes. Ctrl-C stops all.
 *
 *   npm run dev [-- --first-port 4000 --out /tmp/wenrun-dev]
 *
 * `--first-port` runs the site on the ports from there on (the parts in the table's order, the render server, the
 * API) and serves a runtime config moved onto them; `--out` writes each part's build to `<out>/<folder>` instead of
 * its dist/. Together they run a second site beside `npm start` without touching its builds (e2e/tests/dev.spec.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REMOTE_NAMES, REMOTE_PARTS, RUNTIME_CONFIG_FILE, SHELL_PART, type RemoteName } from '@wenrun/shared/node';
import { configOnOrigins } from './servedConfig';
import { DEFAULT_LAYOUT, layoutFrom, partPort, sayDemoForm, siteProcesses, type SiteLayout } from './siteProcesses';
import { Supervisor } from './supervisor';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const WEBPACK = path.join(ROOT, 'node_modules/.bin/webpack');
const folders = [SHELL_PART.folder, ...Object.values(REMOTE_PARTS).map((part) => part.folder)];

const { values: args } = parseArgs({ options: { 'first-port': { type: 'string' }, out: { type: 'string' } } });
const out = args.out ? path.resolve(args.out) : undefined;
const firstPort = args['first-port'] === undefined ? undefined : Number(args['first-port']);
if (firstPort !== undefined && !(Number.isInteger(firstPort) && firstPort > 0 && firstPort < 65_000)) {
  throw new Error(`--first-port 应为端口号：${String(args['first-port'])}`);
}
const layout: SiteLayout = firstPort ? layoutFrom(firstPort, out) : { ...DEFAULT_LAYOUT, ...(out ? { builds: out } : {}) };
const buildOf = (folder: string) => (out ? path.join(out, folder) : path.join(ROOT, folder, 'dist'));
const SHELL_SERVER_BUNDLE = path.join(buildOf(SHELL_PART.folder), 'server/server.js');
const origin = (port: number) => `http://localhost:${port}`;
const moved = layout.parts.shell !== DEFAULT_LAYOUT.parts.shell;

if (moved) {
  // The children read these from the env: the parts' and the API's CORS, the pages' canonical links.
  process.env.SITE_ORIGINS ??= Object.values(layout.parts)
    .flatMap((port) => [origin(port), `http://127.0.0.1:${port}`])
    .join(',');
  process.env.SITE_URL ??= origin(partPort(layout, 'shell'));
}

const watchers: ChildProcess[] = folders.map((folder) =>
  spawn(WEBPACK, ['--watch', '--mode', 'development'], {
    cwd: path.join(ROOT, folder),
    stdio: 'inherit',
    env: out ? { ...process.env, OUT_DIR: buildOf(folder) } : process.env,
  }),
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
  const built = () => folders.every((folder) => fs.existsSync(path.join(buildOf(folder), 'index.html'))) && fs.existsSync(SHELL_SERVER_BUNDLE);
  while (!built()) await new Promise((resolve) => setTimeout(resolve, 500));
}

/**
 * On other ports, the shell's runtime config names this site's remotes and API (as nginx's does for its origins),
 * and keeps naming them when a rebuild copies the shell's own config in again.
 */
function serveMovedConfig(): void {
  const file = path.join(buildOf(SHELL_PART.folder), RUNTIME_CONFIG_FILE);
  const remotes = Object.fromEntries(REMOTE_NAMES.map((name) => [name, origin(partPort(layout, name))])) as Record<RemoteName, string>;
  const move = () => {
    const text = fs.readFileSync(file, 'utf8');
    let onThisSite: string;
    try {
      onThisSite = `${JSON.stringify(configOnOrigins(JSON.parse(text), { api: origin(layout.api), remotes }), null, 2)}\n`;
    } catch {
      return; // Caught mid-write by a rebuild: the write that completes it is seen next.
    }
    if (text !== onThisSite) fs.writeFileSync(file, onThisSite);
  };
  move();
  fs.watchFile(file, { interval: 1000 }, move);
}

async function main(): Promise<void> {
  await firstBuilds();
  if (moved) serveMovedConfig();
  sayDemoForm('dev');
  await supervisor.start(siteProcesses(layout));
  console.log(`[dev] 网站：${origin(partPort(layout, 'shell'))}/ （修改源码后刷新页面；Ctrl-C 停止全部）`);
  // The render server runs the shell's server build it loaded at start: a new one means a new process.
  fs.watchFile(SHELL_SERVER_BUNDLE, { interval: 1000 }, () => supervisor.restart('render-server'));
}

main().catch((error: unknown) => {
  console.error('[dev] 启动失败：', error);
  stop();
});
