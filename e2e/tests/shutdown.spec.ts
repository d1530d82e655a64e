import { spawnSync } from 'node:child_process';
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

test('a part that dies is back within 2 s while the others keep serving; stopping npm start leaves no listener', async () => {
  test.setTimeout(60_000);
  const header = REMOTE_PARTS.header.port;
  const victim = pidOn(header);
  expect(victim).toBeDefined();
  const supervisor = Number(spawnSync('ps', ['-o', 'ppid=', '-p', String(victim)], { encoding: 'utf8' }).stdout.trim());
  process.kill(victim ?? 0, 'SIGKILL');
  const killedAt = Date.now();
  for (const port of PORTS.filter((port) => port !== header)) expect(await answers(port), String(port)).toBe(true);
  await expect.poll(() => answers(header), { timeout: 2_000, intervals: [100] }).toBe(true);
  expect(Date.now() - killedAt).toBeLessThan(2_000);
  expect(pidOn(header)).not.toBe(victim);

  process.kill(supervisor, 'SIGTERM');
  await expect
    .poll(() => Promise.all(PORTS.map(answers)).then((up) => up.filter(Boolean).length), { timeout: 15_000, intervals: [250] })
    .toBe(0);
  expect(PORTS.map(pidOn).filter(Boolean)).toEqual([]);
});
