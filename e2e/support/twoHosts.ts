import { ask, serverStats } from '@wenrun/deploy/ops/hosts/balancer';
import { startHosts, PUBLIC_PORTS, type HostsSite } from '@wenrun/deploy/ops/hosts/hosts';
import { LAYOUT } from '@wenrun/deploy/ops/hosts/network';
import { test as base, expect } from './fixtures';
import { workerPort } from './ports';
import { ROOT } from './site';

/*
 * The production form on two hosts (deploy/ops/hosts): two network namespaces, each running nginx, two render servers
 * and the reference API on one PostgreSQL, HAProxy in front on loopback. Network namespaces need root (CI runs as
 * root); as another user every test here fails saying so, none is skipped.
 */
/** The two hosts' PostgreSQL; the form's own command (hosts-command.spec.ts) takes the next. */
export const POSTGRES_PORT = 55471;

/** The hosts-*.spec.ts files' test: each worker's two hosts, started once and shared by the files in turn. */
export const test = base.extend<object, { twoHosts: HostsSite }>({
  twoHosts: [
    async ({ workerIndex }, use) => {
      if (process.getuid?.() !== 0) {
        throw new Error('多主机测试需要 root：要创建网络命名空间和网桥（CI 以 root 运行；本机请用 sudo 运行 npm test）');
      }
      // The first ports of the worker's block (the `hosts` fixture's, which no test here uses): the balancer's.
      const firstPort = workerPort(workerIndex, 0);
      expect(workerPort(workerIndex, PUBLIC_PORTS - 1)).toBe(firstPort + PUBLIC_PORTS - 1);
      // Page budgets off for the tests' clients: the loopback door's, and the bridge's own address, which the load of
      // hosts-when-a-database-dies sends pages from to the site's address (as hosts-when-a-balancer-dies' does).
      const site = await startHosts({ root: ROOT, count: 2, firstPort, postgresPort: POSTGRES_PORT, unlimitedClients: ['127.0.0.1', `${LAYOUT.subnet}.1`] });
      try {
        await use(site);
      } finally {
        await site.stop();
      }
    },
    // Two hosts of five Node processes and nginx each, started together on two cores.
    { scope: 'worker', timeout: 240_000 },
  ],
});

/**
 * Every call through the balancer goes to host `name` while `during` runs: the others are put in maintenance
 * (HAProxy's runtime API; every port tracks the checked one), and back after.
 */
export async function onlyTo<T>(site: HostsSite, name: string, during: () => Promise<T>): Promise<T> {
  const others = site.hosts.filter((host) => host.name !== name);
  const set = (state: string) => Promise.all(others.map((host) => ask(site.balancerSocket, `set server ${site.checkedBackend}/${host.name} state ${state}`)));
  await set('maint');
  try {
    // Every port of the others in maintenance, theirs by tracking.
    await expect.poll(async () => (await serverStats(site.balancerSocket)).filter((stat) => stat.server !== name && !stat.status.startsWith('MAINT')).length).toBe(0);
    return await during();
  } finally {
    await set('ready');
  }
}

/** Every host up in the first balancer's checked backend (its loopback door, its runtime socket): after a balancer's revival, what the next test starts from. */
export async function everyHostUp(site: HostsSite): Promise<void> {
  await expect.poll(async () => (await serverStats(site.balancerSocket)).filter((stat) => stat.backend === site.checkedBackend && stat.status === 'UP').length, { timeout: 10_000 }).toBe(site.hosts.length);
}
