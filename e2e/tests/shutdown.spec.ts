import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { API_PORT, REMOTE_PARTS, RENDER_PORT, SHELL_PART } from '@wenrun/shared/node';
import { request } from '../support/https';

/**
 * Runs after every other test (its own project): it kills processes of the `npm start` the suite runs on, and stops
 * it at the end.
 */
const PORTS = [SHELL_PART.port, ...Object.values(REMOTE_PARTS).map((part) => part.port), RENDER_PORT, API_PORT];

function pidOn(port: number): number | undefined {
  const pid = /pid=(\d+)/.exec(spawnSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' }).stdout)?.[1];
  return pid ? Number(pid) : undefined;
}

function answers(port: number): Promise<boolean> {
  return request(`http://127.0.0.1:${port}/`).then(
    () => true,
    () => false,
  );
}

/** Seconds since this machine booted, now (/proc/uptime). */
const uptime = () => Number(fs.readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim());
/** When process `pid` started, in seconds since boot (the 22nd field of /proc/<pid>/stat, in clock ticks). */
function startedAt(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // After the command's name in parentheses, the fields from the 3rd on.
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]) / CLOCK_TICKS;
}

/**
 * The supervisor starts a part that died again after its restart delay (deploy/serve/supervisor.ts: 100 ms after a
 * run of over 10 s, 200 ms after a shorter one, as when this file runs alone): that is asserted, from when the kernel
 * says the new process started (0.23 s after the kill here; 1.2 s with the delays made six times longer, which
 * failed). How long the part then takes to answer is its start-up
 * on this machine (1.1-2.4 s seen beside other projects): printed, and bounded only against a hang.
 */
const RESTART_DELAY_S = 0.2;
const RESTARTED_WITHIN_S = RESTART_DELAY_S + 0.4;
const ANSWERS_WITHIN_MS = 30_000;

test('a part that dies is started again after its restart delay and answers again, while the others keep serving; stopping npm start leaves no listener', async () => {
  test.setTimeout(60_000);
  const header = REMOTE_PARTS.header.port;
  const victim = pidOn(header);
  expect(victim).toBeDefined();
  const supervisor = Number(spawnSync('ps', ['-o', 'ppid=', '-p', String(victim)], { encoding: 'utf8' }).stdout.trim());
  process.kill(victim ?? 0, 'SIGKILL');
  const [killedAt, killedUptime] = [Date.now(), uptime()];
  for (const port of PORTS.filter((port) => port !== header)) expect(await answers(port), String(port)).toBe(true);
  await expect.poll(() => answers(header), { timeout: ANSWERS_WITHIN_MS, intervals: [100] }).toBe(true);
  test.info().annotations.push({ type: 'restart', description: `被杀 ${Date.now() - killedAt} ms 后重新回答` });
  const restarted = pidOn(header);
  expect(restarted).not.toBe(victim);
  expect(startedAt(restarted ?? 0) - killedUptime).toBeLessThan(RESTARTED_WITHIN_S);

  process.kill(supervisor, 'SIGTERM');
  await expect
    .poll(() => Promise.all(PORTS.map(answers)).then((up) => up.filter(Boolean).length), { timeout: 15_000, intervals: [250] })
    .toBe(0);
  expect(PORTS.map(pidOn).filter(Boolean)).toEqual([]);
});
