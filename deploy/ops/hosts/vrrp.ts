/**
 * The site's one address shared by two balancers: Debian's keepalived, VRRP (RFC 3768) between them, each in its
 * balancer's namespace. The live one holds the address and says so every second (an advert, unicast to its peer);
 * the other takes the address when three adverts in a row do not come, or at once when the holder resigns (priority
 * 0, sent when its HAProxy stops answering: `track_script`). README beside this file: why VRRP.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

export const KEEPALIVED = process.env.KEEPALIVED_BIN ?? '/usr/sbin/keepalived';

/** An advert a second; the peer takes over after 3 missed (plus its skew, (256 − priority) / 256 s). */
export const VRRP = { advertSeconds: 1, routerId: 52, checkSeconds: 1 } as const;

export interface VrrpConfig {
  /** This balancer's name (its namespace), in keepalived's logs. */
  name: string;
  /** Its own address on the network, from which it sends its adverts. */
  self: string;
  /** The other balancers' addresses: adverts go to them alone, and are taken from them alone. */
  peers: string[];
  /** The shared address. */
  siteAddress: string;
  /** Higher holds the address when both start; neither takes it back from the other afterwards (`nopreempt`). */
  priority: number;
  /** Made for each run and shared by the peers (VRRP's PASS: at most 8 characters). */
  password: string;
  /** The port on its own loopback where its HAProxy answers while it runs (balancer.ts `alivePort`). */
  alivePort: number;
}

/** The peers' shared password, made for each run: 48 random bits, as many as VRRP's 8 characters carry here. */
export function vrrpPassword(): string {
  return randomBytes(6).toString('base64url');
}

export function renderKeepalivedConfig(config: VrrpConfig): string {
  if (!/^[A-Za-z0-9_-]{8}$/.test(config.password)) throw new Error('VRRP 口令应为 8 个字母、数字、_ 或 -');
  return `# Rendered by deploy/ops/hosts/vrrp.ts: do not edit.
global_defs {
  router_id ${config.name}
  script_user root
  enable_script_security
}

# Its HAProxy answers on its own loopback, or this balancer is out (FAULT): it gives the address up at once.
vrrp_script haproxy_alive {
  script "/bin/bash -c '</dev/tcp/127.0.0.1/${config.alivePort}'"
  interval ${VRRP.checkSeconds}
  timeout ${VRRP.checkSeconds}
  fall 1
  rise 1
}

vrrp_instance site {
  # Both start as backups and the higher priority takes the address; no one takes it back from a live holder
  # (nopreempt): every move cuts the connections open through the address.
  state BACKUP
  nopreempt
  interface eth0
  virtual_router_id ${VRRP.routerId}
  priority ${config.priority}
  advert_int ${VRRP.advertSeconds}
  unicast_src_ip ${config.self}
  unicast_peer {
${config.peers.map((peer) => `    ${peer}`).join('\n')}
  }
  check_unicast_src
  authentication {
    auth_type PASS
    auth_pass ${config.password}
  }
  virtual_ipaddress {
    ${config.siteAddress}/32 dev eth0
  }
  track_script {
    haproxy_alive
  }
}
`;
}

/** What keepalived says of its instance: its state now, from its own log lines. */
export type VrrpState = 'INIT' | 'BACKUP' | 'MASTER' | 'FAULT' | 'STOPPED';

export interface Keepalived {
  state(): VrrpState;
  /** Until it says `state` (a time-out after `withinMs`). */
  until(state: VrrpState, withinMs: number): Promise<void>;
  stop(): Promise<void>;
}

/** Checks the config, then keepalived in `netns`, in the foreground, its pid files and config in `dir`. */
export function startKeepalived(netns: string, config: VrrpConfig, dir: string): Keepalived {
  const file = path.join(dir, 'keepalived.conf');
  // The password: root's alone.
  fs.writeFileSync(file, renderKeepalivedConfig(config), { mode: 0o600 });
  const checked = spawnSync(KEEPALIVED, ['--config-test', '-f', file], { encoding: 'utf8' });
  if (checked.error) throw new Error(`无法运行 ${KEEPALIVED}（Debian：apt-get install keepalived）：${checked.error.message}`);
  if (checked.status !== 0) throw new Error(`keepalived 配置无效：${checked.stderr || checked.stdout}`);
  const pidFiles = ['--pid', 'keepalived.pid', '--vrrp_pid', 'vrrp.pid', '--checkers_pid', 'checkers.pid'].map((arg) => (arg.endsWith('.pid') ? path.join(dir, arg) : arg));
  // VRRP alone, in the foreground, its log ours (not syslog's).
  const child: ChildProcess = spawn('ip', ['netns', 'exec', netns, KEEPALIVED, '--vrrp', '--dont-fork', '--log-console', '--no-syslog', '-f', file, ...pidFiles], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let state: VrrpState = 'INIT';
  const waiting = new Set<() => void>();
  // Its last words, for the error of a keepalived that stopped when it should have entered a state.
  const lastLines: string[] = [];
  readline.createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', (line) => {
    lastLines.push(line);
    if (lastLines.length > 5) lastLines.shift();
    const entered = /Entering (BACKUP|MASTER|FAULT) STATE/.exec(line)?.[1] as VrrpState | undefined;
    if (!entered) return;
    state = entered;
    console.log(`[负载均衡] ${config.name}：VRRP ${entered}`);
    for (const wake of waiting) wake();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => {
    state = 'STOPPED';
    for (const wake of waiting) wake();
  });
  const until = async (wanted: VrrpState, withinMs: number) => {
    const deadline = Date.now() + withinMs;
    while (state !== wanted) {
      if (Date.now() > deadline) {
        throw new Error(`${config.name} 的 keepalived ${withinMs} ms 内没有进入 ${wanted}（现在 ${state}）${state === 'STOPPED' ? `：${lastLines.join(' | ')}` : ''}`);
      }
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiting.delete(wake);
          resolve();
        };
        waiting.add(wake);
        setTimeout(wake, 100);
      });
    }
  };
  return {
    state: () => state,
    until,
    stop: async () => {
      // SIGTERM: it gives the address up (priority 0) and removes it.
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
