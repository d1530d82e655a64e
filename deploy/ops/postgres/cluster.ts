/**
 * A PostgreSQL cluster of its own, in a fresh folder, for the tests and for the several-hosts form on one machine:
 * Debian's server binaries, no system service touched, gone when stopped. PostgreSQL refuses to run as root, so as
 * root the folder belongs to Debian's `postgres` account and the server runs as it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { kernelFreePort, onFreePort } from './freePort';

export const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';

export interface ClusterOptions {
  /** Absent: a port the kernel has free at start, another when it is taken before the server binds it (freePort.ts). */
  port?: number;
  /** Addresses the server listens on besides the unix socket; loopback unless told. */
  listen?: string[];
  /** Networks (CIDR) allowed in without a password; the cluster is a test's or a demo's, never the site's data. */
  trusted?: string[];
  /** The one role and database the site connects as. */
  database?: string;
  /**
   * Instead of `trusted`: only these roles, only from these networks, each with its password (scram-sha-256); the
   * database's own superuser (`database`) comes in on the cluster's socket alone, which only root and PostgreSQL's
   * account reach. The several-hosts form's (deploy/ops/hosts), where other users share the machine.
   */
  admit?: { roles: string[]; from: string[] };
}

export interface Cluster {
  /** postgres://… for the first listen address. */
  url: string;
  /** postgres://… on the cluster's socket, as its superuser: for root and PostgreSQL's account only. */
  socketUrl: string;
  port: number;
  folder: string;
  /** The server's process (postmaster). */
  pid: number;
  /** The server's log, read when it fails to start. */
  logFile: string;
  stop(): Promise<void>;
}

interface RunAs {
  uid?: number;
  gid?: number;
}

function postgresAccount(): RunAs {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  if (!Number.isInteger(uid) || uid <= 0) {
    throw new Error('以 root 运行时需要 Debian 的 postgres 账户（apt-get install postgresql）');
  }
  return { uid, gid: id('-g') };
}

export function postgresInstalled(): boolean {
  return fs.existsSync(path.join(POSTGRES_BIN, 'postgres'));
}

/** Where one start of the server runs: the folder, its addresses and port, and as whom. */
interface ServerPlace {
  folder: string;
  listen: string[];
  port: number;
  database: string;
  account: RunAs;
}

function portAnswers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Until the server answers on its TCP port and, asked on its own socket folder, says it is ready: a server answering
 * that port over TCP alone could be another run's, which took the port first.
 */
async function ready(place: ServerPlace, server: ChildProcess): Promise<void> {
  const host = place.listen[0] ?? '127.0.0.1';
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`PostgreSQL 退出了（代码 ${server.exitCode}）`);
    if (await portAnswers(host, place.port)) {
      const probe = spawnSync(path.join(POSTGRES_BIN, 'pg_isready'), ['-h', place.folder, '-p', String(place.port), '-d', place.database, '-U', place.database]);
      if (probe.status === 0) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`PostgreSQL 在 30 秒内没有在 ${host}:${place.port} 上就绪`);
}

/** Free room a cluster's folder needs in memory before it goes there. */
const MEMORY_FOLDER_MIN_BYTES = 2 * 1024 ** 3;

/**
 * Where a cluster's folder goes: in memory (`/dev/shm`) when it has room, else the system's temporary folder. A test's
 * or a demo's cluster is lost when stopped anyway; on this machine's disk each `CREATE DATABASE` took 365 ms even with
 * fsync off (the file system creating and removing a database's hundreds of files), in memory 21 ms, and the Jest
 * suites on PostgreSQL make one for every server they start.
 */
export function clusterParentFolder(): string {
  try {
    const room = fs.statfsSync('/dev/shm');
    if (room.bavail * room.bsize >= MEMORY_FOLDER_MIN_BYTES) return '/dev/shm';
  } catch {
    // No /dev/shm: the temporary folder.
  }
  return os.tmpdir();
}

/** pg_hba.conf's lines: everyone trusted from `trusted`, or only the admitted roles with their passwords. */
function hostBasedAccess(database: string, access: { trusted: string[] } | { roles: string[]; from: string[] }): string[] {
  if ('trusted' in access) return ['local all all trust', ...access.trusted.map((cidr) => `host all all ${cidr} trust`)];
  const roles = access.roles.join(',');
  return [`local all ${database} trust`, ...access.from.map((cidr) => `host ${database} ${roles} ${cidr} scram-sha-256`)];
}

/** The folder the cluster lives in, initialized (initdb) with the one role and database and who may come in. */
function initializedFolder(options: ClusterOptions, database: string, account: RunAs): string {
  const folder = fs.mkdtempSync(path.join(clusterParentFolder(), 'wenrun-pg-'));
  if (account.uid !== undefined) fs.chownSync(folder, account.uid, account.gid ?? account.uid);
  const data = path.join(folder, 'data');
  const init = spawnSync(
    path.join(POSTGRES_BIN, 'initdb'),
    ['-D', data, '-U', database, '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync'],
    { uid: account.uid, gid: account.gid, encoding: 'utf8' },
  );
  if (init.status !== 0) {
    fs.rmSync(folder, { recursive: true, force: true });
    throw new Error(`initdb 失败：${init.stderr || init.stdout}`);
  }
  const access = options.admit ?? { trusted: options.trusted ?? ['127.0.0.1/32'] };
  fs.writeFileSync(path.join(data, 'pg_hba.conf'), hostBasedAccess(database, access).join('\n') + '\n');
  return folder;
}

function spawnServer({ folder, listen, port, account }: ServerPlace, logFile: string): ChildProcess {
  return spawn(
    path.join(POSTGRES_BIN, 'postgres'),
    [
      '-D', path.join(folder, 'data'),
      '-p', String(port),
      '-k', folder,
      '-c', `listen_addresses=${listen.join(',')}`,
      // A cluster of a test or a demo: losing it in a power cut costs nothing, and each commit is a disk flush less.
      '-c', 'fsync=off',
      '-c', 'synchronous_commit=off',
      '-c', 'full_page_writes=off',
      '-c', 'max_connections=200',
    ],
    // The log of this start alone ('w'): a start tried again on another port reads its own failure, not the last one's.
    { uid: account.uid, gid: account.gid, stdio: ['ignore', 'ignore', fs.openSync(logFile, 'w')] },
  );
}

/** The server started on `place.port` and its database made; stopped again, and its log in the error, when it fails. */
async function serveOn(place: ServerPlace, logFile: string): Promise<{ pid: number; stopServer: () => Promise<void> }> {
  const server = spawnServer(place, logFile);
  let exited = false;
  const gone = new Promise<void>((resolve) => server.once('exit', () => {
    exited = true;
    resolve();
  }));
  const stopServer = async () => {
    if (exited) return;
    // SIGINT is PostgreSQL's fast shutdown: clients are cut, no wait for them to leave.
    server.kill('SIGINT');
    const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
    await gone;
    clearTimeout(timer);
  };
  try {
    await ready(place, server);
    const created = spawnSync(
      path.join(POSTGRES_BIN, 'createdb'),
      ['-h', place.folder, '-p', String(place.port), '-U', place.database, place.database],
      { uid: place.account.uid, gid: place.account.gid, encoding: 'utf8' },
    );
    if (created.status !== 0) throw new Error(`createdb 失败：${created.stderr}`);
  } catch (error) {
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-2000) : '';
    await stopServer();
    throw new Error(`${(error as Error).message}\n${log}`, { cause: error });
  }
  return { pid: server.pid ?? 0, stopServer };
}

/**
 * A cluster on `options.port`, or with none given on a port the kernel has free at start (a test's or a bench's, so
 * two runs on one machine never collide: freePort.ts).
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  if (!postgresInstalled()) throw new Error('没有找到 PostgreSQL 15（apt-get install postgresql）');
  const listen = options.listen ?? ['127.0.0.1'];
  const address = listen[0] ?? '127.0.0.1';
  const database = options.database ?? 'wenrun';
  const account = postgresAccount();
  const folder = initializedFolder(options, database, account);
  const logFile = path.join(folder, 'server.log');
  const start = async (port: number) => ({ port, ...(await serveOn({ folder, listen, port, database, account }, logFile)) });
  let running: Awaited<ReturnType<typeof start>>;
  try {
    running = options.port === undefined ? await onFreePort(start, () => kernelFreePort(address)) : await start(options.port);
  } catch (error) {
    fs.rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  const { port } = running;
  return {
    url: `postgres://${database}@${address}:${port}/${database}`,
    socketUrl: `postgres://${database}@${encodeURIComponent(folder)}:${port}/${database}`,
    port,
    folder,
    pid: running.pid,
    logFile,
    stop: async () => {
      await running.stopServer();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
