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

export const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';

export interface ClusterOptions {
  port: number;
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

async function ready(host: string, port: number, database: string, user: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`PostgreSQL 退出了（代码 ${server.exitCode}）`);
    if (await portAnswers(host, port)) {
      const probe = spawnSync(path.join(POSTGRES_BIN, 'pg_isready'), ['-h', host, '-p', String(port), '-d', database, '-U', user]);
      if (probe.status === 0) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`PostgreSQL 在 30 秒内没有在 ${host}:${port} 上就绪`);
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

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!postgresInstalled()) throw new Error('没有找到 PostgreSQL 15（apt-get install postgresql）');
  const listen = options.listen ?? ['127.0.0.1'];
  const address = listen[0] ?? '127.0.0.1';
  const trusted = options.trusted ?? ['127.0.0.1/32'];
  const database = options.database ?? 'wenrun';
  const account = postgresAccount();
  const folder = fs.mkdtempSync(path.join(clusterParentFolder(), 'wenrun-pg-'));
  const data = path.join(folder, 'data');
  const logFile = path.join(folder, 'server.log');
  if (account.uid !== undefined) fs.chownSync(folder, account.uid, account.gid ?? account.uid);
  const asAccount = { uid: account.uid, gid: account.gid, encoding: 'utf8' as const };

  const init = spawnSync(
    path.join(POSTGRES_BIN, 'initdb'),
    ['-D', data, '-U', database, '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync'],
    asAccount,
  );
  if (init.status !== 0) throw new Error(`initdb 失败：${init.stderr || init.stdout}`);
  fs.writeFileSync(path.join(data, 'pg_hba.conf'), hostBasedAccess(database, options.admit ?? { trusted }).join('\n') + '\n');

  const server = spawn(
    path.join(POSTGRES_BIN, 'postgres'),
    [
      '-D', data,
      '-p', String(options.port),
      '-k', folder,
      '-c', `listen_addresses=${listen.join(',')}`,
      // A cluster of a test or a demo: losing it in a power cut costs nothing, and each commit is a disk flush less.
      '-c', 'fsync=off',
      '-c', 'synchronous_commit=off',
      '-c', 'full_page_writes=off',
      '-c', 'max_connections=200',
    ],
    { uid: account.uid, gid: account.gid, stdio: ['ignore', 'ignore', fs.openSync(logFile, 'a')] },
  );
  let exited = false;
  const gone = new Promise<void>((resolve) => server.once('exit', () => {
    exited = true;
    resolve();
  }));

  const stop = async () => {
    if (!exited) {
      // SIGINT is PostgreSQL's fast shutdown: clients are cut, no wait for them to leave.
      server.kill('SIGINT');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    }
    fs.rmSync(folder, { recursive: true, force: true });
  };

  try {
    await ready(address, options.port, database, database, server);
    const created = spawnSync(
      path.join(POSTGRES_BIN, 'createdb'),
      ['-h', folder, '-p', String(options.port), '-U', database, database],
      asAccount,
    );
    if (created.status !== 0) throw new Error(`createdb 失败：${created.stderr}`);
  } catch (error) {
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-2000) : '';
    await stop();
    throw new Error(`${(error as Error).message}\n${log}`, { cause: error });
  }

  return {
    url: `postgres://${database}@${address}:${options.port}/${database}`,
    socketUrl: `postgres://${database}@${encodeURIComponent(folder)}:${options.port}/${database}`,
    port: options.port,
    folder,
    pid: server.pid ?? 0,
    logFile,
    stop,
  };
}
