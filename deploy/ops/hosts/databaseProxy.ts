/**
 * How a host reaches whichever PostgreSQL member is primary: an HAProxy of its own, in its namespace, on its loopback
 * (`127.0.0.1:<port>`, the host's `DATABASE_URL`), that asks each member's Patroni `GET /primary` every 500 ms (200
 * on the primary alone) and sends every connection to the one that answers. node-postgres has no libpq multi-host
 * URL (`target_session_attrs=read-write`), so the API, the config follower, the relay and the guard would each need
 * code to find the primary; through this they connect to one address as before. When the primary is marked out its
 * open connections are cut (`on-marked-down shutdown-sessions`): each client sees its connection end at once (not a
 * dead machine's silence until TCP gives up) and connects again, to the new primary once Patroni promoted it. One
 * per host, not one for the site: no machine whose loss stops every host's database.
 */
import { spawn } from 'node:child_process';
import { cpuGroupOf, inCpuGroup } from './cpuGroups';
import fs from 'node:fs';
import path from 'node:path';
import { HAPROXY, serverStats } from './balancer';

export interface DatabaseProxyConfig {
  /** The port on the host's loopback. */
  port: number;
  /** The database members: where PostgreSQL listens, and Patroni's REST port on the same address. */
  members: { name: string; address: string }[];
  postgresPort: number;
  restPort: number;
  /** HAProxy's runtime socket, which says when the primary is found. */
  socket: string;
}

/** Asked every this often; out after `fall` failed answers, in after `rise` good ones. */
const CHECK = { intervalMs: 500, timeoutMs: 500, fall: 2, rise: 1 } as const;

export function renderDatabaseProxyConfig(config: DatabaseProxyConfig): string {
  const server = ({ name, address }: { name: string; address: string }) =>
    `  server ${name} ${address}:${config.postgresPort} check port ${config.restPort} inter ${CHECK.intervalMs}ms fall ${CHECK.fall} rise ${CHECK.rise}`;
  return `# Rendered by deploy/ops/hosts/databaseProxy.ts: do not edit.
global
  maxconn 1000
  stats socket ${config.socket} mode 600 level admin
  user haproxy
  group haproxy

defaults
  mode tcp
  timeout connect ${CHECK.timeoutMs}ms
  timeout check ${CHECK.timeoutMs}ms
  # A LISTEN connection is quiet for as long as nothing is released: not cut for idling. TCP keepalive both ways.
  timeout client 24h
  timeout server 24h
  option clitcpka
  option srvtcpka

listen postgres
  bind 127.0.0.1:${config.port}
  option httpchk
  http-check send meth GET uri /primary ver HTTP/1.1
  http-check expect status 200
  default-server on-marked-down shutdown-sessions
${config.members.map(server).join('\n')}
`;
}

/** Starts the proxy in `netns` (run as root, it drops to `haproxy`); resolves once it has found the primary. */
export async function startDatabaseProxy(netns: string, config: DatabaseProxyConfig, dir: string): Promise<void> {
  const configFile = path.join(dir, 'db-proxy.cfg');
  fs.writeFileSync(configFile, renderDatabaseProxyConfig(config));
  // Born in the host's CPU group: a process of that machine, on its share.
  const child = spawn(...inCpuGroup(cpuGroupOf(netns), 'ip', ['netns', 'exec', netns, HAPROXY, '-W', '-db', '-f', configFile]), { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (/is (UP|DOWN)|ALERT/.test(line)) console.log(`[数据库代理 ${netns}] ${line.trim()}`);
  });
  // Stopped with everything else in the host's namespace (hosts.ts, the janitor).
  child.unref();
  const deadline = Date.now() + 30_000;
  for (;;) {
    const stats = await serverStats(config.socket).catch(() => []);
    if (stats.some((stat) => stat.status === 'UP')) return;
    if (child.exitCode !== null) throw new Error(`${netns} 的数据库代理（HAProxy）退出了（退出码 ${child.exitCode}）`);
    if (Date.now() > deadline) throw new Error(`${netns} 的数据库代理 30 秒内没有找到主库：${stats.map((stat) => `${stat.server} ${stat.status}`).join('，')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
