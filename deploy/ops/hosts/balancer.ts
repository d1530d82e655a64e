/**
 * The load balancer in front of the hosts: Debian's HAProxy, in TCP mode. Each of the site's public ports (the shell,
 * each remote, the API, plain HTTP) is passed through to the same port of a host, TLS and HTTP/2 untouched (the hosts
 * hold the certificate, the balancer holds no key), with the visitor's address in a PROXY protocol v2 header, which
 * each host's nginx believes from the balancer alone (`--balancer`). One health check per host, on its shell port
 * over TLS; every other port follows it (`track`), so a host is in or out as a whole.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const HAPROXY = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';

/**
 * How often a host is asked, and after how many failed answers in a row it is out (or back in). Visitors' own
 * connections count too (`observe layer4`): as many failing to connect in a row take it out before its next check.
 */
export const HEALTH = { intervalMs: 500, fastIntervalMs: 250, timeoutMs: 500, fall: 2, rise: 2 } as const;

export interface BalancedPort {
  /** The frontend's and the backend's name (`shell`, `header`, …, `api`, `http`). */
  name: string;
  port: number;
}

export interface BalancerConfig {
  /**
   * Where visitors reach the balancer: each address, bound in the namespace named beside it (`ip netns attach`), or
   * in HAProxy's own. The site's shared address may be another balancer's now: bound all the same (balancers.ts).
   */
  listen: { address: string; namespace?: string }[];
  /** The first entry is the health-checked one (the shell over TLS); the others track it. */
  ports: BalancedPort[];
  /** Each host: its name in the balancer and its address, on which it serves every port of `ports`. */
  hosts: { name: string; address: string }[];
  /** The site's host name, sent in the health check (nginx answers 421 to any other). */
  siteHost: string;
  /** The certificate the hosts show: the health check trusts it alone. */
  caFile: string;
  /** The runtime API's socket (`show stat`, `set server … state`). */
  socket: string;
  /**
   * The network namespace HAProxy runs in (network.ts `balancers`), whose address on the hosts' network no other
   * process of this machine sends from (the only ones whose PROXY header the hosts believe).
   */
  namespace?: string;
  /**
   * A port on its own loopback that answers while HAProxy runs (`monitor-uri`): what keepalived's check asks, so that
   * a balancer whose HAProxy died gives the site's address up (vrrp.ts).
   */
  alivePort?: number;
}

/** The liveness answer keepalived's check asks for (vrrp.ts). */
function aliveSection(port: number | undefined): string {
  if (port === undefined) return '';
  return `
frontend alive
  mode http
  bind 127.0.0.1:${port}
  monitor-uri /alive
`;
}

/** The health check: the served runtime config, which every host's nginx answers from its own file. */
const CHECK_PATH = '/runtime-config.json';

export function renderHaproxyConfig(config: BalancerConfig): string {
  const [checked] = config.ports;
  if (!checked) throw new Error('负载均衡器至少要转发一个端口');
  const server = (host: { name: string; address: string }, port: number, check: boolean) =>
    `  server ${host.name} ${host.address}:${port} send-proxy-v2 ${
      check
        ? `check check-ssl check-sni ${config.siteHost} ca-file ${config.caFile} verify required check-send-proxy inter ${HEALTH.intervalMs} fastinter ${HEALTH.fastIntervalMs} fall ${HEALTH.fall} rise ${HEALTH.rise} observe layer4 error-limit ${HEALTH.fall} on-error mark-down`
        : `track ${checked.name}/${host.name}`
    }`;
  const section = ({ name, port }: BalancedPort, check: boolean) => `
frontend ${name}
${config.listen.map((bind) => `  bind ${bind.address}:${port}${bind.namespace ? ` namespace ${bind.namespace}` : ''}`).join('\n')}
  default_backend ${name}

backend ${name}
  # In turn. Not leastconn: a host that just died holds the fewest connections (its own were cut), and every
  # connection tried again would be sent to it until it is marked out.
  balance roundrobin${
    check
      ? `
  option httpchk
  http-check send meth GET uri ${CHECK_PATH} ver HTTP/1.1 hdr Host ${config.siteHost}
  http-check expect status 200`
      : ''
  }
  # A host marked out: the connections still open to it are cut at once, not left to time out.
  default-server on-marked-down shutdown-sessions
${config.hosts.map((host) => server(host, port, check)).join('\n')}
`;
  return `# Rendered by deploy/ops/hosts/balancer.ts: do not edit.
global
  maxconn 4000
  stats socket ${config.socket} mode 600 level admin
  user haproxy
  group haproxy

defaults
  mode tcp
  # The hosts are on one network: a connection not made within this is to a host that is gone.
  timeout connect ${HEALTH.timeoutMs}ms
  timeout check ${HEALTH.timeoutMs}ms
  timeout client 60s
  timeout server 60s
  # A connection a host refuses or drops unanswered is tried again on another host: the visitor never sees it.
  retries 2
  option redispatch 1
${config.ports.map((port, index) => section(port, index === 0)).join('')}${aliveSection(config.alivePort)}`;
}

/** One server's line of `show stat`, the fields this code reads. */
export interface ServerStat {
  backend: string;
  server: string;
  /** UP, DOWN, MAINT, `UP 1/2` while going down, … */
  status: string;
  /** Connections open to it now. */
  current: number;
  /** Connections it was ever given. */
  total: number;
}

/** A command to HAProxy's runtime API and its whole answer. */
export function ask(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const connection = net.connect(socket, () => connection.end(`${command}\n`));
    connection.on('data', (chunk: Buffer) => chunks.push(chunk));
    connection.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    connection.on('error', reject);
  });
}

export async function serverStats(socket: string): Promise<ServerStat[]> {
  const [header = '', ...lines] = (await ask(socket, 'show stat')).trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const column = (name: string) => columns.indexOf(name);
  return lines
    .map((line) => line.split(','))
    .filter((fields) => !['FRONTEND', 'BACKEND'].includes(fields[column('svname')] ?? ''))
    .map((fields) => ({
      backend: fields[column('pxname')] ?? '',
      server: fields[column('svname')] ?? '',
      status: fields[column('status')] ?? '',
      current: Number(fields[column('scur')]),
      total: Number(fields[column('stot')]),
    }));
}

export interface Balancer {
  socket: string;
  stop(): Promise<void>;
}

/** Checks the config, then starts HAProxy in the foreground (its master process), stopped with the returned `stop`. */
export function startBalancer(config: BalancerConfig, dir: string): Balancer {
  const configFile = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(configFile, renderHaproxyConfig(config));
  const checked = spawnSync(HAPROXY, ['-c', '-q', '-f', configFile], { encoding: 'utf8' });
  if (checked.error) throw new Error(`无法运行 ${HAPROXY}（Debian：apt-get install haproxy）：${checked.error.message}`);
  if (checked.status !== 0) throw new Error(`HAProxy 配置无效：${checked.stderr || checked.stdout}`);
  // -W: master-worker; -db: stays in the foreground, its output ours.
  const [command, ...args] = [...(config.namespace ? ['ip', 'netns', 'exec', config.namespace] : []), HAPROXY, '-W', '-db', '-f', configFile];
  const child: ChildProcess = spawn(command ?? HAPROXY, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.on('data', (chunk: Buffer) => {
    // Health checks going up and down are what an operator wants to see; everything else is noise here.
    for (const line of chunk.toString('utf8').split('\n')) if (/is (UP|DOWN)|NOTICE|ALERT/.test(line)) console.log(`[负载均衡] ${line.trim()}`);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    socket: config.socket,
    stop: async () => {
      // SIGUSR1 is HAProxy's soft stop, which waits for connections; SIGTERM ends them now.
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
