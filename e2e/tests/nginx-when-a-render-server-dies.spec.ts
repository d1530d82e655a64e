import { spawnSync } from 'node:child_process';
import { expect, test } from '../support/fixtures';

// Named to sort after the other nginx-*.spec.ts files: a worker runs them in that order on its one nginx site, so
// they all meet both render servers, before this kills one.

/** Which process listens on `port` (Debian's `ss`). */
function pidListeningOn(port: number): number | undefined {
  const output = spawnSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' }).stdout;
  const pid = /pid=(\d+)/.exec(output)?.[1];
  return pid ? Number(pid) : undefined;
}

test('two render servers behind nginx: one killed in the middle of a load run, no request fails', async ({ nginxSite }) => {
  test.setTimeout(60_000);
  const { default: autocannon } = await import('autocannon');
  const [renderPort = 0] = nginxSite.renderPorts;
  const victim = pidListeningOn(renderPort);
  expect(victim, 'render server 1 is running').toBeDefined();
  // autocannon.d.ts leaves out `requests`, which autocannon takes.
  const options: Parameters<typeof autocannon>[0] & { requests: { path: string }[] } = {
    url: nginxSite.shell,
    connections: 10,
    duration: 6,
    requests: [{ path: '/wuyou/1' }, { path: `/search/${encodeURIComponent('课程')}` }],
  };
  const run = autocannon(options);
  setTimeout(() => process.kill(victim ?? 0, 'SIGKILL'), 2_000);
  const result = await run;
  expect(result.requests.total).toBeGreaterThan(50);
  expect(result.errors).toBe(0);
  expect(result.timeouts).toBe(0);
  expect(result.non2xx).toBe(0);
  // Its supervisor starts it again.
  await expect.poll(() => pidListeningOn(renderPort), { timeout: 15_000 }).not.toBe(victim);
});
