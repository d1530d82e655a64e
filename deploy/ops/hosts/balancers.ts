/**
 * The site's two load balancers (README beside this file: why two, why VRRP): each a namespace of its own
 * (network.ts `balancers`) running HAProxy (balancer.ts) and keepalived (vrrp.ts), both bound on the site's one
 * address, which the live one holds. Each runs from a folder named after its namespace (network.ts `leftovers`
 * finds what of it still runs by that name).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startBalancer, type BalancedPort, type Balancer, type BalancerConfig } from './balancer';
import { cutOff, processesIn, reconnect, type Machine, type Network } from './network';
import { startKeepalived, vrrpPassword, type Keepalived, type VrrpConfig } from './vrrp';

/** On each balancer's own loopback: HAProxy's liveness answer, which its keepalived asks every second. */
const ALIVE_PORT = 9000;

/** How long a balancer started has to be a backup or the holder: VRRP's first election takes 3 adverts and a skew. */
const SETTLE_MS = 15_000;

export interface BalancerSide extends Machine {
  /** `lb1`, `lb2`: its name in the logs. */
  name: string;
  /** Its HAProxy's runtime API (balancer.ts `serverStats`, `ask`). */
  socket: string;
}

export interface SiteBalancers {
  /** The address visitors use: the site's, held by one balancer at a time. */
  siteAddress: string;
  sides: BalancerSide[];
  /** The balancers that have the site's address on a link that is up now (the kernel's word, not keepalived's). */
  holding(): BalancerSide[];
  /** Until one of them has taken the site's address. */
  settled(): Promise<BalancerSide>;
  /** As a balancer machine dies: its link down, every process in it killed. Returns when. */
  kill(index: number): number;
  /** Only its HAProxy killed (keepalived's check then gives the address up). Returns when. */
  killHaproxy(index: number): number;
  /** A killed balancer restarted, as a machine that boots: resolves once it is the backup. */
  revive(index: number): Promise<void>;
  stop(): Promise<void>;
}

export interface BalancersOptions {
  network: Network;
  ports: BalancedPort[];
  /** The hosts' names in the balancers and their addresses. */
  hosts: BalancerConfig['hosts'];
  siteHost: string;
  caFile: string;
  /** The run's folder: each balancer's is in it. */
  dir: string;
}

/** One side's two processes, restarted on `revive`. */
interface Running {
  haproxy: Balancer;
  keepalived: Keepalived;
}

function inNamespace(netns: string, args: string[], mayFail = false): string {
  const result = spawnSync('ip', ['netns', 'exec', netns, ...args], { encoding: 'utf8' });
  if (result.status !== 0 && !mayFail) throw new Error(`${args.join(' ')}（${netns}）失败：${result.stderr.trim()}`);
  return result.stdout;
}

/** `address` on the side's link, and the link up: a balancer killed with its link down keeps the address on it. */
function holds(side: Machine, address: string): boolean {
  const link = inNamespace(side.netns, ['ip', '-o', 'link', 'show', 'dev', 'eth0'], true);
  return link.includes('LOWER_UP') && inNamespace(side.netns, ['ip', '-o', '-4', 'addr', 'show', 'dev', 'eth0'], true).includes(` ${address}/32 `);
}

function killNow(pids: number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
}

/**
 * Once none of `pids` is left, not even unreaped: keepalived will not start while its pid files name a process that
 * is (a side whose HAProxy alone died still had its keepalived, killed just before the new one starts).
 */
async function allGone(pids: number[]): Promise<void> {
  const deadline = Date.now() + SETTLE_MS;
  while (pids.some((pid) => fs.existsSync(`/proc/${pid}`))) {
    if (Date.now() > deadline) throw new Error(`${SETTLE_MS} ms 后进程仍未退出：${pids.filter((pid) => fs.existsSync(`/proc/${pid}`)).join(' ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function startBalancers(options: BalancersOptions): SiteBalancers {
  const { network } = options;
  const siteAddress = network.siteAddress;
  // Made for this run, shared by the two peers (vrrp.ts).
  const password = vrrpPassword();
  const sides: BalancerSide[] = network.balancers.map((machine, i) => ({ ...machine, name: `lb${i + 1}`, socket: path.join(options.dir, machine.netns, 'haproxy.sock') }));
  const start = (side: BalancerSide, i: number): Running => {
    const dir = path.dirname(side.socket);
    fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
    // It binds the site's address whether or not it holds it now: it takes it without restarting.
    inNamespace(side.netns, ['sysctl', '-qw', 'net.ipv4.ip_nonlocal_bind=1']);
    // The loopback door of the one-balancer form stays on the first (README: what it is for).
    const listen = [{ address: siteAddress }, ...(i === 0 ? [{ address: '127.0.0.1', namespace: network.front }] : [])];
    const haproxy = startBalancer({ listen, ports: options.ports, hosts: options.hosts, siteHost: options.siteHost, caFile: options.caFile, socket: side.socket, namespace: side.netns, alivePort: ALIVE_PORT }, dir);
    const vrrp: VrrpConfig = {
      name: side.netns,
      self: side.address,
      peers: sides.filter((other) => other !== side).map((other) => other.address),
      siteAddress,
      priority: 101 - i,
      password,
      alivePort: ALIVE_PORT,
    };
    return { haproxy, keepalived: startKeepalived(side.netns, vrrp, dir) };
  };
  const running = sides.map(start);
  const sideAt = (index: number) => {
    const side = sides[index - 1];
    if (!side) throw new Error(`没有负载均衡器 ${index}`);
    return side;
  };
  const holding = () => sides.filter((side) => holds(side, siteAddress));
  const balancers: SiteBalancers = {
    siteAddress,
    sides,
    holding,
    settled: async () => {
      const deadline = Date.now() + SETTLE_MS;
      for (;;) {
        const [holder] = holding();
        if (holder) return holder;
        if (Date.now() > deadline) throw new Error(`${SETTLE_MS} ms 内没有负载均衡器接管网站地址 ${siteAddress}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    kill: (index) => {
      const side = sideAt(index);
      const at = Date.now();
      cutOff(network.layout, side);
      killNow(processesIn(side));
      return at;
    },
    killHaproxy: (index) => {
      const side = sideAt(index);
      const at = Date.now();
      killNow(processesIn(side).filter((pid) => fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'haproxy'));
      return at;
    },
    revive: async (index) => {
      const side = sideAt(index);
      const killed = processesIn(side);
      killNow(killed);
      const dead = running[index - 1];
      await Promise.all([dead?.keepalived.stop(), dead?.haproxy.stop(), allGone(killed)]);
      // A machine that boots has none of the addresses it held before it died.
      inNamespace(side.netns, ['ip', 'addr', 'del', `${siteAddress}/32`, 'dev', 'eth0'], true);
      reconnect(network.layout, side);
      const again = start(side, index - 1);
      running[index - 1] = again;
      await again.keepalived.until('BACKUP', SETTLE_MS);
    },
    stop: async () => {
      // keepalived first: it gives the address up (priority 0) and removes it; then HAProxy.
      await Promise.all(running.map((side) => side.keepalived.stop()));
      await Promise.all(running.map((side) => side.haproxy.stop()));
    },
  };
  return balancers;
}
