/**
 * The production form on several hosts, on one machine (README beside this file): PostgreSQL that fails over, N hosts
 * (each a network namespace running the production form of deploy/ops/nginx with `DATABASE_URL` on its primary) and
 * HAProxy in front of them on loopback. Started by start.ts beside this file, by the browser tests and by the bench.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '@wenrun/shared/node';
import { selfSignedCertificate } from '../nginx/certificate';
import { API_USER, systemAccount } from '../nginx/accounts';
import { writeLogins } from './databaseRoles';
import { serverStats, type BalancedPort } from './balancer';
import { startBalancers, type SiteBalancers } from './balancers';
import { cpuGroupOf, createCpuGroup } from './cpuGroups';
import { createNetwork, cutOff, LAYOUT, processesIn, removeNetwork, type Network, type NetworkHost } from './network';
import type { HostReady, HostSpec } from './hostSpec';
import { startHost, type HostProcess } from './hostProcess';
import { startJanitor, type Janitor } from './janitorProcess';
import { startDatabaseProxies, startSitePostgres, type SitePostgres } from './sitePostgres';

/** The site's public ports, from `firstPort` on: the shell, each remote, the API, plain HTTP. */
export const PUBLIC_PORTS = REMOTE_NAMES.length + 3;

/** Inside each host's namespace, on its own loopback: the reference API and the two render servers. */
const HOST_PORTS = { referenceApi: 9110, render: [9005, 9006] } as const;

const HOST_NAME = 'localhost';

/** The cluster's one database, its superuser's name too (postgres/cluster.ts). */
const DATABASE = 'wenrun';

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/** How long the hosts are given to stop before what runs in their namespaces is killed. */
const STOP_GRACE_MS = 3_000;

/** SIGKILL to a process that may have ended meanwhile. */
function killNow(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Gone already: what was wanted.
  }
}

export interface HostsOptions {
  /** The repository, whose built parts every host serves. */
  root: string;
  count: number;
  /** The first of PUBLIC_PORTS consecutive ports: the balancer's on loopback, and each host's on its address. */
  firstPort: number;
  /** Where each host reaches the primary PostgreSQL: its proxy's port on the host's loopback (databaseProxy.ts). */
  postgresPort: number;
  /** Clients the hosts' nginx does not limit per visitor: the tests' and the bench's loopback client. */
  unlimitedClients?: string[];
}

export interface RunningHost extends NetworkHost, HostReady {
  /** Its name in the balancer (`host-1`, …). */
  name: string;
}

export interface HostsSite {
  /** Every origin is the balancer's: what a visitor uses. */
  shell: string;
  api: string;
  remotes: Record<RemoteName, string>;
  /** The certificate every host shows (one site, one name). */
  ca: Buffer;
  /** The whole site's admin token (every host's API knows it). */
  adminToken: string;
  /** PostgreSQL's superuser on the primary's socket, which only root reaches: the operator's and the tests'. */
  readonly databaseUrl: string;
  /** The primary PostgreSQL's address on the bridge (the hosts reach it through their proxies). */
  readonly postgres: { address: string; port: number };
  /** The primary and the standby (sitePostgres.ts): which is primary, and the primary's machine killed. */
  database: SitePostgres;
  hosts: RunningHost[];
  /** The first balancer's HAProxy runtime API (balancer.ts `serverStats`, `ask`): the one behind the loopback door. */
  balancerSocket: string;
  /** The two balancers and the site's address they share (balancers.ts). */
  balancers: SiteBalancers;
  /** The backend every host's health is checked in (the others track it). */
  checkedBackend: string;
  /** Cuts host `index` (1, 2, …) off and kills every process in it, as a machine that dies; resolves with when. */
  kill(index: number): number;
  stop(): Promise<void>;
}

/** The balanced ports, the health-checked one (the shell) first. */
function balancedPorts(firstPort: number): BalancedPort[] {
  return [
    { name: 'shell', port: firstPort },
    ...REMOTE_NAMES.map((name, index) => ({ name, port: firstPort + 1 + index })),
    { name: 'api', port: firstPort + 1 + REMOTE_NAMES.length },
    { name: 'http', port: firstPort + 2 + REMOTE_NAMES.length },
  ];
}

function portOf(ports: BalancedPort[], name: string): number {
  const found = ports.find((entry) => entry.name === name);
  if (!found) throw new Error(`没有端口 ${name}`);
  return found.port;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** What every host of the site is given alike, the database logins written in its folder. */
interface HostShares {
  ports: BalancedPort[];
  tls: HostSpec['tls'];
  /** The balancers' own addresses, which no process of the root namespace sends from (the gateway is theirs). */
  balancerAddresses: string[];
  database: HostSpec['database'];
  adminToken: string;
  unlimitedClients: string[];
}

function hostSpec(host: NetworkHost, hostDir: string, shares: HostShares): HostSpec {
  const { ports, balancerAddresses, ...alike } = shares;
  return {
    ...alike,
    name: `host-${host.index}`,
    // start.ts's order (site.ts): the shell, the API, plain HTTP, the reference API, each remote, the render servers.
    ports: [
      portOf(ports, 'shell'),
      portOf(ports, 'api'),
      portOf(ports, 'http'),
      HOST_PORTS.referenceApi,
      ...REMOTE_NAMES.map((name) => portOf(ports, name)),
      ...HOST_PORTS.render,
    ],
    siteDir: path.join(hostDir, 'site'),
    balancer: { from: balancerAddresses, listen: [host.address] },
  };
}

/** Cuts `host` off and kills every process in it, as a machine that dies; returns when. */
function killHost(host: NetworkHost | undefined, index: number): number {
  if (!host) throw new Error(`没有主机 ${index}`);
  const at = Date.now();
  cutOff(LAYOUT, host);
  for (const pid of processesIn(host)) killNow(pid);
  return at;
}

/** Until every host is in the balancer (its health check passed `rise` times). */
async function allUp(socket: string, backend: string, count: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    // Its socket is there once HAProxy has read its config.
    const stats = (await serverStats(socket).catch(() => [])).filter((stat) => stat.backend === backend);
    if (stats.length === count && stats.every((stat) => stat.status === 'UP')) return;
    if (Date.now() > deadline) throw new Error(`负载均衡器 30 秒内没有看到所有主机就绪：${stats.map((stat) => `${stat.server} ${stat.status}`).join('，')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What a run has made so far, filled in as it starts: what stopping it undoes. */
interface Made {
  dir: string;
  janitor: Janitor;
  network?: Network;
  postgres?: SitePostgres;
  balancers?: SiteBalancers;
  processes: HostProcess[];
}

/** Stops the balancers, the hosts and PostgreSQL, removes the network and the folder, and lets the janitor go. */
async function tearDown(made: Made): Promise<void> {
  await made.balancers?.stop();
  for (const { child } of made.processes) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  // A moment to stop in order (their logs written); nothing they hold outlives them (the data is PostgreSQL's,
  // which goes too), so what is still running then is killed.
  await Promise.race([Promise.all(made.processes.map(({ child }) => exited(child))), new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS))]);
  // Whatever is still running in a host's or a balancer's namespace was started here.
  for (const machine of [...(made.network?.balancers ?? []), ...(made.network?.hosts ?? [])]) for (const pid of processesIn(machine)) killNow(pid);
  await made.postgres?.stop();
  if (made.network) removeNetwork(LAYOUT, made.network);
  fs.rmSync(made.dir, { recursive: true, force: true });
  made.janitor.release();
}

/** The one certificate every host shows (one site, one name), in `dir`'s `tls/`. */
function siteCertificate(dir: string): { certificate: string; key: string } {
  const tlsDir = path.join(dir, 'tls');
  fs.mkdirSync(tlsDir, { mode: 0o755 });
  return selfSignedCertificate(tlsDir, HOST_NAME);
}

/** Every host at once, each a machine of its own with its own database logins; resolves when all are ready. */
function startAllHosts(
  root: string,
  hostDirs: { host: NetworkHost; dir: string }[],
  shares: Omit<HostShares, 'database'>,
  logins: (hostDir: string) => HostSpec['database'],
  made: Made,
): Promise<HostReady[]> {
  return Promise.all(
    hostDirs.map(({ host, dir: hostDir }) => {
      const running = startHost(root, host, hostSpec(host, hostDir, { ...shares, database: logins(hostDir) }), hostDir);
      made.processes.push(running);
      return running.ready;
    }),
  );
}

export async function startHosts(options: HostsOptions): Promise<HostsSite> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wenrun-hosts-'));
  // The hosts' users (nginx's workers, the API's, the render servers') read their code and the certificate in here.
  fs.chmodSync(dir, 0o755);
  const janitor = startJanitor(options.root, dir);
  const ports = balancedPorts(options.firstPort);
  const made: Made = { dir, janitor, processes: [] };
  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      for (const signal of SIGNALS) process.off(signal, onSignal);
      await tearDown(made);
    })();
    return stopped;
  };
  const onSignal = (signal: NodeJS.Signals) => {
    console.log(`[多主机] 收到 ${signal}，正在停止所有主机、负载均衡器和 PostgreSQL …`);
    void stop().then(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
  try {
    const network = createNetwork(LAYOUT, options.count);
    made.network = network;
    janitor.note({ network: { layout: LAYOUT, hosts: network.hosts, namespaces: [...network.balancers, ...network.hosts].map((machine) => machine.netns) } });
    // Each host's share of the processors, before anything of it runs (its database proxy first).
    for (const host of network.hosts) createCpuGroup(cpuGroupOf(host.netns));
    const tls = siteCertificate(dir);
    const hosts = network.hosts;
    const postgres = await startSitePostgres(LAYOUT, network, DATABASE, janitor);
    made.postgres = postgres;
    const server = { address: '127.0.0.1', port: options.postgresPort, database: DATABASE };
    const hostDirs = hosts.map((host) => ({ host, dir: path.join(dir, `host-${host.index}`) }));
    for (const { dir: hostDir } of hostDirs) fs.mkdirSync(hostDir);
    await startDatabaseProxies(postgres, hostDirs, options.postgresPort);
    const apiAccount = systemAccount(API_USER);
    const adminToken = randomBytes(32).toString('hex');
    const shares = { ports, tls, balancerAddresses: network.balancers.map((balancer) => balancer.address), adminToken, unlimitedClients: options.unlimitedClients ?? [] };
    const ready = await startAllHosts(options.root, hostDirs, shares, (hostDir) => writeLogins(hostDir, apiAccount, server, postgres.passwords), made);
    const balancerHosts = hosts.map((host) => ({ name: `host-${host.index}`, address: host.address }));
    const balancers = startBalancers({ network, ports, hosts: balancerHosts, siteHost: HOST_NAME, caFile: tls.certificate, dir });
    made.balancers = balancers;
    const checkedBackend = ports[0]?.name ?? 'shell';
    // The standby copied the primary while the hosts started (failover.ts): synchronous before the site is.
    await Promise.all([...balancers.sides.map((side) => allUp(side.socket, checkedBackend, hosts.length)), postgres.cluster.standby]);
    await balancers.settled();
    const socket = balancers.sides[0]?.socket ?? '';
    const origin = (name: string) => `https://${HOST_NAME}:${portOf(ports, name)}`;
    const byIndex = new Map(hosts.map((host) => [host.index, host]));
    return {
      shell: origin('shell'),
      api: origin('api'),
      remotes: Object.fromEntries(REMOTE_NAMES.map((name) => [name, origin(name)])) as Record<RemoteName, string>,
      ca: fs.readFileSync(tls.certificate),
      adminToken,
      get databaseUrl() {
        return postgres.databaseUrl();
      },
      get postgres() {
        return { address: postgres.primary().address, port: postgres.cluster.port };
      },
      database: postgres,
      hosts: hosts.map((host, i) => ({ ...host, ...(ready[i] as HostReady), name: `host-${host.index}` })),
      balancerSocket: socket,
      balancers,
      checkedBackend,
      kill: (index) => killHost(byIndex.get(index), index),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Of a load run's requests, those sent and never answered beyond the one in flight on each connection when the run
 * ended: autocannon counts a request whose connection is closed under it as neither an error nor a time-out (it
 * connects again and sends the next), so its errors alone would miss what a dead host took with it. `requests.sent`
 * is in autocannon's result (lib/aggregateResult.js), not in its types.
 */
export function unansweredRequests(result: { requests: { total: number } }, connections: number): number {
  const { sent } = result.requests as { total: number; sent?: number };
  if (sent === undefined) throw new Error('autocannon 的结果里没有 requests.sent');
  return sent - result.requests.total - connections;
}
