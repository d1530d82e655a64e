/**
 * The production form on several hosts, on one machine (README beside this file): one PostgreSQL, N hosts (each a
 * network namespace running the production form of deploy/ops/nginx with `DATABASE_URL` on that PostgreSQL) and
 * HAProxy in front of them on loopback. Started by start.ts beside this file, by the browser tests and by the bench.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { REMOTE_NAMES, type RemoteName } from '@wenrun/shared/node';
import { startCluster, type Cluster } from '../postgres/cluster';
import { selfSignedCertificate } from '../nginx/certificate';
import { API_USER, systemAccount } from '../nginx/accounts';
import { createSiteRoles, SITE_ROLES, writeLogins } from './databaseRoles';
import { serverStats, startBalancer, type BalancedPort, type Balancer } from './balancer';
import { createNetwork, cutOff, LAYOUT, processesIn, removeNetwork, type Network, type NetworkHost } from './network';
import { READY_PREFIX, type HostReady, type HostSpec } from './hostSpec';
import type { JanitorNote } from './janitor';


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
  /** The PostgreSQL cluster's port. */
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
  /** PostgreSQL's superuser on the cluster's socket, which only root reaches: the operator's and the tests'. */
  databaseUrl: string;
  /** Where the hosts reach PostgreSQL (the bridge's address). */
  postgres: { address: string; port: number };
  hosts: RunningHost[];
  /** HAProxy's runtime API (balancer.ts `serverStats`, `ask`). */
  balancerSocket: string;
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

interface HostProcess {
  child: ChildProcess;
  ready: Promise<HostReady>;
}

/** The production form in `host`'s namespace (host.ts), its temporary files under `dir`. */
function startHost(root: string, host: NetworkHost, spec: HostSpec, dir: string): HostProcess {
  const tmp = path.join(dir, 'tmp');
  fs.mkdirSync(tmp, { recursive: true });
  // Its own temporary folder, as /tmp is (every user writes there, tsx's cache among them; sticky): the form's tree
  // and nginx's prefix go there, so a host killed outright leaves its files in `dir` only.
  fs.chmodSync(dir, 0o755);
  fs.chmodSync(tmp, 0o1777);
  const specFile = path.join(dir, 'spec.json');
  fs.writeFileSync(specFile, JSON.stringify(spec), { mode: 0o600 });
  const child = spawn('ip', ['netns', 'exec', host.netns, path.join(root, 'node_modules/.bin/tsx'), 'deploy/ops/hosts/host.ts', specFile], {
    cwd: root,
    env: { ...process.env, TMPDIR: tmp },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise<HostReady>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      if (line.startsWith(READY_PREFIX)) resolve(JSON.parse(line.slice(READY_PREFIX.length)) as HostReady);
    });
    child.once('exit', (code) => reject(new Error(`主机 ${host.netns} 没有启动（退出码 ${code}）`)));
  });
  // Waited for with the others (Promise.all): a second host failing after the first must not end the process.
  ready.catch(() => undefined);
  return { child, ready };
}

interface Janitor {
  note(note: JanitorNote): void;
  /** The run removed all it made: the janitor finds nothing left, and goes. */
  release(): void;
}

/**
 * janitor.ts, in a session of its own (a terminal's Ctrl-C reaches the run's group, not it), told of `dir` at once;
 * it removes what it was told of when this process ends, however it ends.
 */
function startJanitor(root: string, dir: string): Janitor {
  const child = spawn(process.execPath, ['--import', 'tsx', 'deploy/ops/hosts/janitor.ts', dir], { cwd: root, detached: true, stdio: ['pipe', 'ignore', 'inherit'] });
  child.unref();
  const pipe = child.stdin as NonNullable<ChildProcess['stdin']> & { unref(): void };
  // This process does not stay alive for it: the pipe closes when it exits, which is the janitor's signal.
  pipe.unref();
  const janitor: Janitor = {
    note: (note) => void pipe.write(`${JSON.stringify(note)}\n`),
    release: () => pipe.end(`${JSON.stringify({ released: true } satisfies JanitorNote)}\n`),
  };
  janitor.note({ folder: dir });
  return janitor;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
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

export async function startHosts(options: HostsOptions): Promise<HostsSite> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wenrun-hosts-'));
  // The hosts' users (nginx's workers, the API's, the render servers') read their code and the certificate in here.
  fs.chmodSync(dir, 0o755);
  const janitor = startJanitor(options.root, dir);
  const ports = balancedPorts(options.firstPort);
  let network: Network | undefined;
  let cluster: Cluster | undefined;
  let balancer: Balancer | undefined;
  const processes: HostProcess[] = [];
  let stopped: Promise<void> | undefined;

  const stop = () => {
    stopped ??= (async () => {
      for (const signal of SIGNALS) process.off(signal, onSignal);
      await balancer?.stop();
      for (const { child } of processes) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      // A moment to stop in order (their logs written); nothing they hold outlives them (the data is PostgreSQL's,
      // which goes too), so what is still running then is killed.
      await Promise.race([Promise.all(processes.map(({ child }) => exited(child))), new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS))]);
      // Whatever is still running in a host's namespace was started here.
      for (const host of network?.hosts ?? []) for (const pid of processesIn(host)) killNow(pid);
      await cluster?.stop();
      if (network) removeNetwork(LAYOUT, network);
      fs.rmSync(dir, { recursive: true, force: true });
      janitor.release();
    })();
    return stopped;
  };
  const onSignal = (signal: NodeJS.Signals) => {
    console.log(`[多主机] 收到 ${signal}，正在停止所有主机、负载均衡器和 PostgreSQL …`);
    void stop().then(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);

  try {
    network = createNetwork(LAYOUT, options.count);
    janitor.note({ network: { layout: LAYOUT, hosts: network.hosts, namespaces: [network.balancer.netns, ...network.hosts.map((host) => host.netns)] } });
    const tlsDir = path.join(dir, 'tls');
    fs.mkdirSync(tlsDir, { mode: 0o755 });
    const tls = selfSignedCertificate(tlsDir, HOST_NAME);
    const hosts = network.hosts;
    // Only the site's roles, only from the hosts, with their passwords: not the machine's other users on the bridge.
    cluster = await startCluster({ port: options.postgresPort, listen: [network.gateway], admit: { roles: [...SITE_ROLES], from: hosts.map((host) => `${host.address}/32`) } });
    janitor.note({ process: cluster.pid });
    janitor.note({ folder: cluster.folder });
    const server = { address: network.gateway, port: options.postgresPort, database: DATABASE };
    const passwords = await createSiteRoles(cluster.socketUrl, DATABASE);
    const apiAccount = systemAccount(API_USER);
    const adminToken = randomBytes(32).toString('hex');
    const databaseUrl = cluster.socketUrl;
    const started = hosts.map((host) => {
      const hostDir = path.join(dir, `host-${host.index}`);
      fs.mkdirSync(hostDir);
      const spec: HostSpec = {
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
        tls,
        // The balancer's own address, which no process of the root namespace sends from (the gateway is theirs).
        balancer: { from: [network?.balancer.address ?? ''], listen: [host.address] },
        database: writeLogins(hostDir, apiAccount, server, passwords),
        adminToken,
        unlimitedClients: options.unlimitedClients ?? [],
      };
      const running = startHost(options.root, host, spec, hostDir);
      processes.push(running);
      return running.ready;
    });
    // In parallel: each is a machine of its own.
    const ready = await Promise.all(started);
    const socket = path.join(dir, 'haproxy.sock');
    balancer = startBalancer(
      {
        listen: '127.0.0.1',
        ports,
        hosts: hosts.map((host) => ({ name: `host-${host.index}`, address: host.address })),
        siteHost: HOST_NAME,
        caFile: tls.certificate,
        socket,
        namespaces: { own: network.balancer.netns, front: network.balancer.front },
      },
      dir,
    );
    const checkedBackend = ports[0]?.name ?? 'shell';
    await allUp(socket, checkedBackend, hosts.length);
    const origin = (name: string) => `https://${HOST_NAME}:${portOf(ports, name)}`;
    const byIndex = new Map(hosts.map((host) => [host.index, host]));
    return {
      shell: origin('shell'),
      api: origin('api'),
      remotes: Object.fromEntries(REMOTE_NAMES.map((name) => [name, origin(name)])) as Record<RemoteName, string>,
      ca: fs.readFileSync(tls.certificate),
      adminToken,
      databaseUrl,
      postgres: { address: server.address, port: server.port },
      hosts: hosts.map((host, i) => ({ ...host, ...(ready[i] as HostReady), name: `host-${host.index}` })),
      balancerSocket: socket,
      checkedBackend,
      kill: (index) => {
        const host = byIndex.get(index);
        if (!host) throw new Error(`没有主机 ${index}`);
        const at = Date.now();
        cutOff(host);
        for (const pid of processesIn(host)) killNow(pid);
        return at;
      },
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
