import { serverStats, type ServerStat } from '@wenrun/deploy/ops/hosts/balancer';
import { unansweredRequests, type HostsSite } from '@wenrun/deploy/ops/hosts/hosts';
import { expect } from '../support/fixtures';
import { watchRootNetwork } from '../support/rootNetwork';
import { test } from '../support/twoHosts';

/**
 * Two hosts under load, one killed. Last of the hosts-*.spec.ts files (they run in order on one worker): host 2
 * stays dead for the worker's `twoHosts`.
 * The two hosts: e2e/support/twoHosts.ts.
 */

/** The load run of the issue: 100 connections for 20 s, host 2 killed at 10 s. */
const LOAD = { connections: 100, seconds: 20, killAtMs: 10_000 } as const;

/** Host `name`'s line in the health-checked backend. */
async function hostStat(site: HostsSite, name: string): Promise<ServerStat> {
  const stat = (await serverStats(site.balancerSocket)).find((line) => line.backend === site.checkedBackend && line.server === name);
  if (!stat) throw new Error(`负载均衡器里没有 ${name}`);
  return stat;
}

test('two hosts under load, one killed halfway: only requests in flight on it fail, and the balancer stops sending to it', async ({ twoHosts }) => {
  test.setTimeout(120_000);
  const { default: autocannon } = await import('autocannon');
  // autocannon.d.ts leaves out `requests`, which autocannon takes.
  const options: Parameters<typeof autocannon>[0] & { requests: { path: string }[] } = {
    url: twoHosts.shell,
    connections: LOAD.connections,
    duration: LOAD.seconds,
    requests: [{ path: '/' }, { path: `/search/${encodeURIComponent('课程')}` }],
  };
  const rootNetwork = watchRootNetwork();
  const run = autocannon(options);
  let killed: { at: number; openConnections: number; totalAtKill: number } | undefined;
  let out: { at: number; total: number } | undefined;
  const watched = new Promise<void>((resolve, reject) => {
    setTimeout(() => {
      void (async () => {
        // What is open to host 2 as it dies: each of those connections has at most one request in flight.
        const before = await hostStat(twoHosts, 'host-2');
        killed = { at: twoHosts.kill(2), openConnections: before.current, totalAtKill: before.total };
        for (;;) {
          const now = await hostStat(twoHosts, 'host-2');
          if (now.status.startsWith('DOWN')) {
            out = { at: Date.now(), total: now.total };
            return;
          }
          await new Promise((wait) => setTimeout(wait, 50));
        }
      })().then(resolve, reject);
    }, LOAD.killAtMs);
  });
  const result = await run;
  await watched;
  // Host 2's link cut: nothing a browser beside would see.
  expect(await rootNetwork.stop()).toEqual([]);
  if (!killed || !out) throw new Error('主机 2 没有被杀掉，或负载均衡器没有把它标为下线');
  const unanswered = unansweredRequests(result, LOAD.connections);
  const failed = unanswered + result.non2xx;
  const tookMs = out.at - killed.at;
  const figures = `请求 ${result.requests.total}，失败 ${failed}（未得到回答 ${unanswered}，其中错误 ${result.errors}、超时 ${result.timeouts}；非 2xx ${result.non2xx}），主机 2 被杀时连着 ${killed.openConnections} 个连接，负载均衡器 ${tookMs} ms 后不再发给它`;
  console.log(`[多主机] ${figures}`);
  test.info().annotations.push({ type: '主机失效', description: figures });

  expect(killed.openConnections, 'the balancer had spread the connections over both hosts').toBeGreaterThan(0);
  expect(result.requests.total).toBeGreaterThan(1_000);
  // The bound: one request per connection that was open to the dead host.
  expect(unanswered).toBeGreaterThanOrEqual(0);
  expect(failed).toBeLessThanOrEqual(killed.openConnections);
  expect(result.non2xx).toBe(0);
  // Two failed checks in a row (HEALTH in balancer.ts), each within its time-out: well under 5 s.
  expect(tookMs).toBeLessThan(5_000);
  // Out is out: nothing new went to it once it was marked down.
  expect((await hostStat(twoHosts, 'host-2')).total).toBe(out.total);
});
