import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import readline from 'node:readline';
import path from 'node:path';
import { LAYOUT, leftovers } from '@wenrun/deploy/ops/hosts/network';
import { expect } from '../support/fixtures';
import { workerPort } from '../support/ports';
import { ROOT } from '../support/site';
import { POSTGRES_PORT, test } from '../support/twoHosts';

/**
 * The form started by its own command, as a terminal starts and stops it. First of the hosts-*.spec.ts files (they
 * run in order on one worker): before any starts the worker's `twoHosts`, whose names (LAYOUT) are the form's too.
 * The two hosts: e2e/support/twoHosts.ts.
 */

/** The lines `start.ts` printed until it says how to stop it, or it ends first. */
function startedForm(output: NodeJS.ReadableStream): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const lines: string[] = [];
    const reader = readline.createInterface({ input: output });
    reader.on('line', (line) => {
      lines.push(line);
      if (line.includes('Ctrl-C')) resolve(lines);
    });
    reader.on('close', () => reject(new Error(`start.ts 没有启动完成就结束了：\n${lines.join('\n')}`)));
  });
}

/** How long each thing the run made may take to go once it has exited. */
const CLEANUP_BOUND_MS = 60_000;

test('stopped as a terminal stops it (Ctrl-C to its process group, twice), the form leaves no namespace, link, folder or process', async ({ workerIndex }) => {
  test.setTimeout(300_000);
  if (process.getuid?.() !== 0) throw new Error('多主机测试需要 root');
  expect(leftovers(LAYOUT)).toEqual([]);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wenrun-ctrl-c-'));
  // As /tmp is: the hosts' users read the form's tree in it.
  fs.chmodSync(tmp, 0o755);
  try {
    // The README's command, as a terminal runs it: its own process group, as a shell's job is, npm's and tsx's.
    const form = spawn('npm', ['run', '--silent', 'hosts', '--', '--hosts', '2', '--first-port', String(workerPort(workerIndex, 0)), '--postgres-port', String(POSTGRES_PORT + 1)], {
      cwd: ROOT,
      detached: true,
      env: { ...process.env, TMPDIR: tmp },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const ended = new Promise((resolve) => form.once('exit', resolve));
    const lines = await startedForm(form.stdout);
    // The Patroni pair's folder (its members' data, etcd's): every etcd, Patroni and PostgreSQL process names it.
    const postgresFolder = /文件夹 ([^）\s]+)/.exec(lines.join('\n'))?.[1] ?? '';
    expect(fs.existsSync(postgresFolder)).toBe(true);
    // Both balancers' keepalived and HAProxy, which the leftovers list must find gone afterwards.
    const balancerProcesses = leftovers(LAYOUT).filter((item) => /^process \d+ \S*(keepalived|haproxy)$/.test(item));
    expect(new Set(balancerProcesses.map((item) => item.replace(/^.*\//, '')))).toEqual(new Set(['keepalived', 'haproxy']));
    const running = () => spawnSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' }).stdout.split('\n');
    const databaseProcesses = (name: string) => running().filter((line) => line.includes(postgresFolder) && line.includes(name));
    // Three etcd members, two Patroni, their PostgreSQL servers: what Ctrl-C must end.
    expect([databaseProcesses('etcd').length, databaseProcesses('patroni').length, databaseProcesses('postgres -D').length]).toEqual([3, 2, 2]);
    const pid = form.pid ?? 0;
    process.kill(-pid, 'SIGINT');
    // A second Ctrl-C, as an impatient operator presses it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.kill(-pid, 'SIGINT');
    await ended;
    // What the janitor finishes after the run (deploy/ops/hosts/janitor.ts) is waited for, each up to a bound on a
    // hang, not a speed: its grace for a process alone is 5 s, and beside other projects the folder took over 10 s.
    const gone = { timeout: CLEANUP_BOUND_MS };
    await expect.poll(() => leftovers(LAYOUT), gone).toEqual([]);
    await expect.poll(() => fs.existsSync(postgresFolder), gone).toBe(false);
    // tsx's cache may stay (its own, reused by the next run); nothing of the form's.
    await expect.poll(() => fs.readdirSync(tmp).filter((name) => name.startsWith('wenrun-')), gone).toEqual([]);
    await expect.poll(() => running().filter((line) => line.includes(tmp) || line.includes(postgresFolder)), gone).toEqual([]);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
