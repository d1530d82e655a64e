/**
 * The several-hosts form's PostgreSQL: a primary and a synchronous standby under Patroni (../postgres/failover.ts),
 * on machines of the form's bridge (`wrh-db1`, `wrh-db2`, and `wrh-db3` for etcd's third member), the site's roles
 * made on the primary (replication copies them to the standby; Patroni writes the same pg_hba on both), and each host
 * reaching the primary through its own proxy (databaseProxy.ts). Everything is told to the run's janitor before it is
 * made, so a killed run leaves none of it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { clusterParentFolder } from '../postgres/cluster';
import { machinesOf, startFailoverCluster, type DatabaseMachine, type FailoverCluster } from '../postgres/failover';
import { createSiteRoles, SITE_ROLES, type SiteRole } from './databaseRoles';
import { startDatabaseProxy } from './databaseProxy';
import type { Janitor } from './janitorProcess';
import type { Network, NetworkHost, NetworkLayout } from './network';

export interface SitePostgres {
  cluster: FailoverCluster;
  passwords: Record<SiteRole, string>;
  /** The member that is primary now (the one alive that is no standby), as root sees it on the members' folders. */
  primary(): DatabaseMachine;
  /** The superuser on the primary's socket: root's and PostgreSQL's account's alone. */
  databaseUrl(): string;
  /** The primary's machine cut off and everything on it killed; resolves with when, once the standby took over. */
  killPrimary(): Promise<{ killed: DatabaseMachine; at: number; promotedAt: number }>;
  stop(): Promise<void>;
}

/** The machines as the janitor's network notes name them (index: the address's last octet). */
function asNetworkHosts(machines: DatabaseMachine[]): NetworkHost[] {
  return machines.map((machine) => ({ index: Number(machine.address.split('.').pop()), netns: machine.netns, address: machine.address, link: machine.link }));
}

export async function startSitePostgres(layout: NetworkLayout, network: Network, database: string, janitor: Janitor): Promise<SitePostgres> {
  const folder = fs.mkdtempSync(path.join(clusterParentFolder(), 'wenrun-pgha-'));
  fs.chmodSync(folder, 0o755);
  janitor.note({ folder });
  const machines = machinesOf(layout);
  janitor.note({ network: { layout, hosts: asNetworkHosts(machines), namespaces: machines.map((machine) => machine.netns) } });
  // Only the site's roles, only from the hosts, with their passwords: not the machine's other users on the bridge.
  const admit = { roles: [...SITE_ROLES], from: network.hosts.map((host) => `${host.address}/32`) };
  const cluster = await startFailoverCluster({ bridge: layout.bridge, subnet: layout.subnet, prefix: layout.prefix, database, admit, folder });
  const killed = new Set<string>();
  const primary = () => {
    const alive = cluster.machines.slice(0, 2).filter((machine) => !killed.has(machine.name));
    // pg_ctl promote removes the standby's standby.signal: the one without it is the primary.
    return alive.find((machine) => !fs.existsSync(path.join(folder, machine.name, 'data', 'standby.signal'))) ?? (alive[0] as DatabaseMachine);
  };
  try {
    const passwords = await createSiteRoles(cluster.socketUrl(primary()), database);
    return {
      cluster,
      passwords,
      primary,
      databaseUrl: () => cluster.socketUrl(primary()),
      killPrimary: async () => {
        const old = primary();
        killed.add(old.name);
        const at = cluster.kill(old);
        for (;;) {
          const now = await cluster.primary();
          if (now && now.name !== old.name) return { killed: old, at, promotedAt: Date.now() };
          if (Date.now() > at + 60_000) throw new Error(`${old.name} 停机 60 秒后仍没有新的主库`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      },
      stop: () => cluster.stop(),
    };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

/** Each host's proxy to the primary on its loopback's `port`, started in parallel; resolves once each found it. */
export async function startDatabaseProxies(postgres: SitePostgres, hosts: { host: NetworkHost; dir: string }[], port: number): Promise<void> {
  const members = postgres.cluster.machines.slice(0, 2).map(({ name, address }) => ({ name, address }));
  await Promise.all(
    hosts.map(({ host, dir }) =>
      startDatabaseProxy(host.netns, { port, members, postgresPort: postgres.cluster.port, restPort: postgres.cluster.restPort, socket: path.join(dir, 'db-proxy.sock') }, dir),
    ),
  );
}
