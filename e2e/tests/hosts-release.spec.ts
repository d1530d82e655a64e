import fs from 'node:fs';
import { RESYNC_MS, type LookReason } from '@wenrun/deploy/ops/coordination/configFollower';
import { postgresSource } from '@wenrun/deploy/ops/coordination/sharedConfig';
import type { EntryChecker } from '@wenrun/deploy/ops/release/entryCheck';
import { takeStep } from '@wenrun/deploy/ops/release/release';
import { request } from '../support/https';
import { PUBLIC_PORTS } from '@wenrun/deploy/ops/hosts/hosts';
import { expect } from '../support/fixtures';
import { workerPort } from '../support/ports';
import { lastGuardWord, type GuardWord } from '../support/siteGuards';
import { onlyTo, test } from '../support/twoHosts';

/**
 * A release on two hosts: a canary taken on one is on the other, and one guard watches the whole site.
 * The two hosts: e2e/support/twoHosts.ts.
 */

/** The canary's entry need not answer: the release step is told it does (entryCheck.ts is tested alone). */
const answers: EntryChecker = async (entry) => ({ entry, version: entry.includes('/canary/') ? '9.9.9-canary' : '0.1.0' });

/** What brought the last config a host's follower wrote (configFollower.ts `LookReason`), from the host's log. */
function broughtBy(host: { logFile: string }): string | undefined {
  const said = [...fs.readFileSync(host.logFile, 'utf8').matchAll(/\[config\] 运行时配置已更新到第 \d+ 版（(.+?)）/g)];
  return said.at(-1)?.[1];
}

test('a canary released on host 1 reaches host 2 by the database\'s notification: its runtime config, CSP and pages', async ({ twoHosts, workerIndex }) => {
  const [first, second] = twoHosts.hosts;
  if (!first || !second) throw new Error('没有两台主机');
  // An origin of its own, on which nothing listens (the port after the balancer's): only the canary names it.
  const canaryOrigin = `https://localhost:${workerPort(workerIndex, PUBLIC_PORTS)}`;
  const canaryEntry = `${canaryOrigin}/canary/mf-manifest.json`;
  const get = (path: string) => request(`${twoHosts.shell}${path}`, { ca: twoHosts.ca, headers: { 'accept-encoding': 'identity' } });
  const source = postgresSource({ databaseUrl: twoHosts.databaseUrl, seedFile: first.runtimeConfigFile });
  try {
    await onlyTo(twoHosts, 'host-2', async () => {
      expect((await get('/runtime-config.json')).body).not.toContain(canaryOrigin);
      // What `npm run release -- canary` does with DATABASE_URL on host 1: the step goes to the shared config.
      const startedAt = Date.now();
      await takeStep({ configFile: first.runtimeConfigFile, source, verb: 'canary', remote: 'about', entry: canaryEntry, percent: 50, reason: '多主机测试', check: answers });
      // Bounded by the follower's own read (every 30 s), which would bring it without the notification: the time
      // depends on the machine (2.7 s to past 5 s on a quarter of this one), so it is reported, not judged; what
      // brought it is judged below.
      const beforeItsRead = { timeout: RESYNC_MS, intervals: [100] };
      await expect.poll(async () => (await get('/runtime-config.json')).body, beforeItsRead).toContain(canaryEntry);
      await expect.poll(async () => String((await get('/')).headers['content-security-policy']), beforeItsRead).toContain(canaryOrigin);
      // A page rendered now (search: per request, never kept) carries the config it was rendered for.
      await expect.poll(async () => (await get(`/search/${encodeURIComponent('课程')}`)).body, beforeItsRead).toContain(canaryEntry);
      const tookMs = Date.now() - startedAt;
      console.log(`[多主机] 主机 1 上开始的灰度 ${tookMs} ms 后在主机 2 的配置、CSP 和页面里`);
      test.info().annotations.push({ type: '灰度到达主机 2', description: `${tookMs} ms` });
      expect(fs.readFileSync(second.runtimeConfigFile, 'utf8')).toContain(canaryEntry);
      expect(broughtBy(second)).toBe('收到通知' satisfies LookReason);
    });
  } finally {
    await takeStep({ configFile: first.runtimeConfigFile, source, verb: 'abort', remote: 'about', reason: '多主机测试结束', check: answers }).catch(() => undefined);
    await source.close();
  }
});

test('one guard for the whole site: of the two hosts\' guards, one holds the lease and the other waits', async ({ twoHosts }) => {
  // Each host's last word on it: after PostgreSQL failed over (hosts-when-a-database-dies.spec.ts) the lease may have changed hands.
  const said = (word: GuardWord) => twoHosts.hosts.filter((host) => lastGuardWord(host) === word).map((host) => host.name);
  // Each guard says once which it is (deploy/ops/release/guardMain.ts), as soon as it has asked for the lease.
  await expect.poll(() => [...said('holds'), ...said('waits')].length, { timeout: 15_000 }).toBe(2);
  expect(said('holds')).toHaveLength(1);
  expect(said('waits')).toEqual(twoHosts.hosts.map((host) => host.name).filter((name) => !said('holds').includes(name)));
});
