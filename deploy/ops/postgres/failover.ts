/**
 * PostgreSQL that fails over (issue 52), for the several-hosts form on one machine: Debian's Patroni 3.0 managing a
 * primary and a synchronous standby, each in a network namespace of its own (a machine), with a three-member etcd
 * 3.4 (one member beside each database, one on a third machine that holds no data) keeping the leader key. Patroni
 * promotes only the synchronous standby (`synchronous_mode`), so a commit the primary acknowledged is on the standby
 * too; when the primary's machine dies its leader key expires (`ttl`) and the standby takes it. Passwords and
 * pg_hba as cluster.ts's `admit`: the given roles, only from the given networks, scram-sha-256; the superuser on each
 * node's socket alone; replication only between the two nodes, with a password made at start.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { cutOff, joinBridge, leaveBridge, processesIn } from '../hosts/network';
import { clusterParentFolder, POSTGRES_BIN } from './cluster';

export interface FailoverOptions {
  /** The bridge the machines join (made by the caller), and the first three octets of its /24. */
  bridge: string;
  subnet: string;
  /** Names start with it: the namespaces `<prefix>-db1`, `<prefix>-db2`, `<prefix>-db3` (etcd only). */
  prefix: string;
  database: string;
  admit: { roles: string[]; from: string[] };
  /** Its folder, made and told of by the caller (who removes it if this process dies); else made here. */
  folder?: string;
}

export interface DatabaseMachine {
  name: string;
  netns: string;
  link: string;
  address: string;
}

export interface FailoverCluster {
  /** The two database machines, then the third (etcd only). */
  machines: DatabaseMachine[];
  port: number;
  /** Patroni's REST API port on each database machine (`GET /primary` answers 200 on the primary alone). */
  restPort: number;
  folder: string;
  /** Resolves once the standby runs and is synchronous (the primary runs when the cluster is returned). */
  standby: Promise<void>;
  /** The primary now, by Patroni's REST API (undefined while there is none). */
  primary(): Promise<DatabaseMachine | undefined>;
  /** postgres://… as the superuser on `machine`'s socket: root's and PostgreSQL's account's alone. */
  socketUrl(machine: DatabaseMachine): string;
  /** Takes `machine` off the network and kills everything on it, as a machine that dies; resolves with when. */
  kill(machine: DatabaseMachine): number;
  stop(): Promise<void>;
}

const PORT = 5432;
const REST_PORT = 8008;
const ETCD = { client: 2379, peer: 2380 } as const;

/**
 * Leader key time-out and loop: a dead primary's key expires within `ttl`, the standby looks every `loop_wait`.
 * Patroni needs loop_wait + 2 × retry_timeout ≤ ttl.
 */
const TIMING = { ttl: 6, loop_wait: 1, retry_timeout: 2 } as const;

function killNow(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Gone already: what was wanted.
  }
}

function account(name: string): { uid: number; gid: number } {
  const id = (flag: string) => Number(spawnSync('id', [flag, name], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  if (!Number.isInteger(uid) || uid <= 0) throw new Error(`没有 ${name} 账户（apt-get install postgresql patroni etcd-server）`);
  return { uid, gid: id('-g') };
}

/** `command` in `machine`'s namespace as `user`, its output appended to `logFile`. */
function runIn(machine: DatabaseMachine, user: string, command: string[], logFile: string): void {
  const log = fs.openSync(logFile, 'a');
  const child = spawn('ip', ['netns', 'exec', machine.netns, 'setpriv', `--reuid=${user}`, `--regid=${user}`, '--init-groups', ...command], {
    // In the run's folder, which the user may enter: started in a clone only root may enter (as /root is), Patroni's
    // initdb and pg_ctl could not change to that directory and the bootstrap never finished.
    cwd: path.dirname(logFile),
    stdio: ['ignore', log, log],
    // Its own group: a terminal's Ctrl-C stops the run, which stops this in order.
    detached: true,
  });
  child.unref();
  fs.closeSync(log);
}

function etcdMember(machine: DatabaseMachine, machines: DatabaseMachine[], folder: string): string[] {
  const url = (address: string, port: number) => `http://${address}:${port}`;
  return [
    'etcd', '--name', machine.name, '--data-dir', folder,
    '--listen-client-urls', url(machine.address, ETCD.client), '--advertise-client-urls', url(machine.address, ETCD.client),
    '--listen-peer-urls', url(machine.address, ETCD.peer), '--initial-advertise-peer-urls', url(machine.address, ETCD.peer),
    '--initial-cluster', machines.map((other) => `${other.name}=${url(other.address, ETCD.peer)}`).join(','),
    '--initial-cluster-state', 'new', '--initial-cluster-token', path.basename(path.dirname(folder)),
    // Its own machines on one bridge: a leader lost is noticed within a second.
    '--heartbeat-interval', '100', '--election-timeout', '1000',
  ];
}

/** Patroni's config for database machine `machine` (JSON, which YAML reads). */
function patroniConfig(machine: DatabaseMachine, nodes: DatabaseMachine[], etcd: DatabaseMachine[], options: FailoverOptions, folder: string, replicationPassword: string): object {
  const roles = options.admit.roles.join(',');
  return {
    scope: path.basename(path.dirname(folder)),
    name: machine.name,
    restapi: { listen: `${machine.address}:${REST_PORT}`, connect_address: `${machine.address}:${REST_PORT}` },
    etcd3: { hosts: etcd.map((member) => `${member.address}:${ETCD.client}`).join(',') },
    bootstrap: {
      dcs: {
        ...TIMING,
        maximum_lag_on_failover: 0,
        synchronous_mode: true,
        postgresql: { use_pg_rewind: false, parameters: { synchronous_commit: 'on', max_connections: 200, wal_level: 'replica', hot_standby: 'on' } },
      },
      initdb: [{ encoding: 'UTF8' }, { locale: 'C.UTF-8' }, { username: options.database }],
    },
    postgresql: {
      listen: `${machine.address}:${PORT}`,
      connect_address: `${machine.address}:${PORT}`,
      data_dir: path.join(folder, 'data'),
      bin_dir: POSTGRES_BIN,
      pgpass: path.join(folder, 'pgpass'),
      // The standby's copy starts while the hosts write (failover.ts's caller): a spread checkpoint would pace its
      // start over minutes of checkpoint_completion_target (seen: 60 s and still copying).
      basebackup: [{ checkpoint: 'fast' }],
      use_unix_socket: true,
      parameters: { unix_socket_directories: folder },
      authentication: { superuser: { username: options.database }, replication: { username: 'replicator', password: replicationPassword } },
      pg_hba: [
        `local all ${options.database} trust`,
        ...nodes.map((node) => `host replication replicator ${node.address}/32 scram-sha-256`),
        ...options.admit.from.map((cidr) => `host ${options.database} ${roles} ${cidr} scram-sha-256`),
      ],
    },
  };
}

async function restStatus(machine: DatabaseMachine, route: string): Promise<number> {
  try {
    const answer = await fetch(`http://${machine.address}:${REST_PORT}${route}`, { signal: AbortSignal.timeout(1_000), headers: { connection: 'close' } });
    await answer.body?.cancel();
    return answer.status;
  } catch {
    return 0;
  }
}

async function until(what: string, check: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${ms / 1000} 秒内没有等到：${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The three machines' names and addresses (.21, .22, .23 of the subnet): known before any is made. */
export function machinesOf(options: Pick<FailoverOptions, 'prefix' | 'subnet'>): DatabaseMachine[] {
  return [1, 2, 3].map((n) => ({ name: `db${n}`, netns: `${options.prefix}-db${n}`, link: `${options.prefix}-db${n}v`, address: `${options.subnet}.${20 + n}` }));
}

/** The machines, etcd on each, then Patroni on the first two; resolves once the primary runs (`standby`: the standby). */
export async function startFailoverCluster(options: FailoverOptions): Promise<FailoverCluster> {
  const machines = machinesOf(options);
  const nodes = machines.slice(0, 2);
  const folder = options.folder ?? fs.mkdtempSync(path.join(clusterParentFolder(), 'wenrun-pgha-'));
  fs.chmodSync(folder, 0o755);
  const postgres = account('postgres');
  const etcdUser = account('etcd');
  const replicationPassword = randomBytes(32).toString('hex');
  const stop = async () => {
    for (const machine of machines) for (const pid of processesIn(machine)) killNow(pid);
    for (const machine of machines) leaveBridge(options, machine);
    fs.rmSync(folder, { recursive: true, force: true });
  };
  const own = (dir: string, user: { uid: number; gid: number }) => {
    fs.mkdirSync(dir, { mode: 0o700 });
    fs.chownSync(dir, user.uid, user.gid);
    return dir;
  };
  const patroni = (machine: DatabaseMachine) => {
    const nodeFolder = own(path.join(folder, machine.name), postgres);
    const configFile = path.join(nodeFolder, 'patroni.yml');
    fs.writeFileSync(configFile, JSON.stringify(patroniConfig(machine, nodes, machines, options, nodeFolder, replicationPassword)), { mode: 0o600 });
    fs.chownSync(configFile, postgres.uid, postgres.gid);
    runIn(machine, 'postgres', ['patroni', configFile], path.join(folder, `${machine.name}.log`));
    return until(`${machine.name} 运行`, async () => (await restStatus(machine, '/health')) === 200, 60_000);
  };
  // What went wrong, with the end of Patroni's logs.
  const told = (error: unknown) => {
    const logs = nodes.map((machine) => path.join(folder, `${machine.name}.log`)).filter((file) => fs.existsSync(file));
    const tail = logs.map((file) => fs.readFileSync(file, 'utf8').slice(-1500)).join('\n');
    return new Error(`${(error as Error).message}\n${tail}`, { cause: error });
  };
  const [first, second] = nodes as [DatabaseMachine, DatabaseMachine];
  let standby: Promise<void>;
  try {
    for (const machine of machines) {
      joinBridge(options, machine);
      runIn(machine, 'etcd', etcdMember(machine, machines, own(path.join(folder, `etcd-${machine.name}`), etcdUser)), path.join(folder, `etcd-${machine.name}.log`));
    }
    // The first bootstraps the cluster and makes the site's database; the second then copies it (pg_basebackup)
    // and follows, while the caller goes on (its hosts start meanwhile): `standby` says when it is synchronous.
    await patroni(first);
    const created = spawnSync(path.join(POSTGRES_BIN, 'createdb'), ['-h', path.join(folder, first.name), '-p', String(PORT), '-U', options.database, options.database], { ...postgres, cwd: folder, encoding: 'utf8' });
    if (created.status !== 0) throw new Error(`createdb 失败：${created.stderr}`);
    standby = patroni(second).then(() => until('同步备库', async () => (await restStatus(second, '/sync')) === 200, 30_000));
  } catch (error) {
    await stop();
    throw told(error);
  }
  // Awaited by the caller once its hosts run (which stops the cluster when it fails); handled until then.
  const standbyReady = standby.catch((error: unknown) => {
    throw told(error);
  });
  standbyReady.catch(() => undefined);
  const socketUrl = (machine: DatabaseMachine) => `postgres://${options.database}@${encodeURIComponent(path.join(folder, machine.name))}:${PORT}/${options.database}`;
  return {
    machines,
    port: PORT,
    restPort: REST_PORT,
    folder,
    standby: standbyReady,
    primary: async () => {
      const answers = await Promise.all(nodes.map((machine) => restStatus(machine, '/primary')));
      return nodes[answers.indexOf(200)];
    },
    socketUrl,
    kill: (machine) => {
      const at = Date.now();
      cutOff(options, machine);
      for (const pid of processesIn(machine)) killNow(pid);
      return at;
    },
    stop,
  };
}
