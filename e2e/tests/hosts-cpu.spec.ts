import path from 'node:path';
import { cpuGroupOf, cpuGroupOfProcess, processesOf } from '@wenrun/deploy/ops/hosts/cpuGroups';
import { balancersOf, LAYOUT, processesIn } from '@wenrun/deploy/ops/hosts/network';
import { expect } from '../support/fixtures';
import { test } from '../support/twoHosts';

/**
 * Each host's share of the processors (deploy/ops/hosts/cpuGroups.ts): what runs in a host's namespace is in its
 * cpu cgroup, and nothing else is, so a quota on it is the host's budget and no one else's. Quota and throttling are
 * cpuGroups.test.ts's; `npm run bench:hosts` measures with one.
 * The two hosts: e2e/support/twoHosts.ts.
 */
test('every process of a host is in its own cpu cgroup; the balancer and this test are in neither', async ({ twoHosts }) => {
  // A host's group is made inside the group this test runs in: the hierarchy's root, or a quota around the whole run
  // (.ci/one-core), which then holds the hosts too.
  const groupOf = (host: (typeof twoHosts.hosts)[number]) => path.posix.join(cpuGroupOfProcess(process.pid) ?? '/', cpuGroupOf(host.netns).name);
  const groups = twoHosts.hosts.map(groupOf);
  for (const host of twoHosts.hosts) {
    const running = processesIn(host);
    // nginx's master and workers, two render servers, the API, the guard, the config follower, the relay, tsx's.
    expect(running.length).toBeGreaterThan(5);
    expect(running.map(cpuGroupOfProcess)).toEqual(running.map(() => groupOf(host)));
    const byNumber = (a: number, b: number) => a - b;
    expect(processesOf(cpuGroupOf(host.netns)).sort(byNumber)).toEqual([...running].sort(byNumber));
  }
  // Both balancers' HAProxy and keepalived.
  const balancer = balancersOf(LAYOUT).flatMap(processesIn);
  expect(balancer.length).toBeGreaterThan(1);
  for (const pid of [...balancer, process.pid]) expect(groups).not.toContain(cpuGroupOfProcess(pid));
});
