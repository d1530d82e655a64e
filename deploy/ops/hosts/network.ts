/**
 * The machines of the several-hosts form, on one machine: a Linux bridge in a namespace of its own (the switch) and
 * one network namespace per machine (host, balancer, database), joined to it by a veth pair, each with its own
 * address; the root namespace (the tests, the load client, the balancers' loopback door) is one more port of the
 * switch. Addresses come from 198.18.0.0/15 (RFC 2544, never routed); no namespace has a route off the bridge.
 *
 * Why the switch is not the root namespace: every link made, cut or restored there, and the IPv6 address the kernel
 * gives each link that comes up, is a change of the machine's network to a browser running on it: Chromium aborts
 * what it has in flight with ERR_NETWORK_CHANGED, a navigation to localhost included (the attacker suite beside the
 * hosts tests, .ci/run of 17:45 and 21:20). With the switch apart, the root namespace sees one link, made at the
 * start and removed at the stop, each apart from the browsers beside it (rootNetwork.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { cpuGroupLeftovers, cpuGroupOf, removeCpuGroup } from './cpuGroups';
import { changeRootNetwork } from './rootNetwork';

export interface Network {
  /** What it was made from: its names (the switch's namespace among them) and its subnet. */
  layout: NetworkLayout;
  /** The root namespace's address on the bridge: every process's there (the tests, a load client), as the hosts see them. */
  gateway: string;
  /**
   * The two load balancers' sides of the bridge: each a namespace of its own, whose address no process of the root
   * namespace can send from; the hosts believe the PROXY header from these addresses alone (balancers.ts).
   */
  balancers: Machine[];
  /** The site's address, which the two balancers share and VRRP moves to the live one (balancers.ts). */
  siteAddress: string;
  /**
   * The root namespace under a name of the layout (`ip netns attach`: a name, not a new namespace): the first
   * balancer's HAProxy binds the loopback door there at start, before it drops root (README).
   */
  front: string;
  /** The network, as PostgreSQL's `trusted` and nginx's `set_real_ip_from` read it. */
  cidr: string;
  hosts: NetworkHost[];
}

export interface NetworkHost {
  /** 1, 2, …: the host's number, also in its names. */
  index: number;
  /** The network namespace (`ip netns exec <netns> …`). */
  netns: string;
  /** Its address on the bridge. */
  address: string;
  /** The veth end on the bridge, in the switch's namespace: down, and the host is cut off. */
  link: string;
}

/** A machine on the bridge that is not a host (a balancer): its namespace, its address, its link. */
export type Machine = Pick<NetworkHost, 'netns' | 'address' | 'link'>;

export interface NetworkLayout {
  /** Names start with it: the namespaces `<prefix>-1` …, the links `<prefix>-1v` …. */
  prefix: string;
  bridge: string;
  /** The first three octets of a /24 (`198.18.10`): the bridge is .1, host n is .(10 + n). */
  subnet: string;
}

/** This repository's layout on this machine (its README): names and addresses no one else uses. */
export const LAYOUT: NetworkLayout = { prefix: 'wrh', bridge: 'wrhbr0', subnet: '198.18.10' };

/** The namespace that holds the bridge and the machines' ends of their links (the file's header says why). */
const switchOf = (layout: Pick<NetworkLayout, 'prefix'>): string => `${layout.prefix}-sw`;

/** The root namespace's link to the switch, and its end there. */
const uplinkOf = (layout: Pick<NetworkLayout, 'prefix'>) => ({ root: `${layout.prefix}-gw`, onSwitch: 'uplink' });

/** Up to 9 hosts: .11 … .19. */
export const MAX_HOSTS = 9;

function ip(args: string[], { mayFail = false } = {}): string {
  const result = spawnSync('ip', args, { encoding: 'utf8' });
  if (result.status !== 0 && !mayFail) throw new Error(`ip ${args.join(' ')} 失败：${(result.stderr || result.stdout).trim()}`);
  return result.stdout;
}

/** The balancers' namespaces, links and addresses (.2, .3): the layout's own names, like the hosts'. */
export function balancersOf(layout: NetworkLayout): Machine[] {
  return [1, 2].map((n) => ({ netns: `${layout.prefix}-lb${n}`, address: `${layout.subnet}.${1 + n}`, link: `${layout.prefix}-lb${n}v` }));
}

/** The root namespace's name in the layout, and the site's shared address (.4), held by one balancer at a time. */
export function frontOf(layout: NetworkLayout): Pick<Network, 'front' | 'siteAddress'> {
  return { front: `${layout.prefix}-front`, siteAddress: `${layout.subnet}.4` };
}

export function hostsOf(layout: NetworkLayout, count: number): NetworkHost[] {
  return Array.from({ length: count }, (_, i) => ({
    index: i + 1,
    netns: `${layout.prefix}-${i + 1}`,
    address: `${layout.subnet}.${11 + i}`,
    link: `${layout.prefix}-${i + 1}v`,
  }));
}

/** What of this layout is on the machine now: a run still going, or one that was killed before it could tidy up. */
export function leftovers(layout: NetworkLayout): string[] {
  const namespaces = ip(['netns', 'list'])
    .split('\n')
    .map((line) => line.split(' ')[0] ?? '')
    .filter((name) => name.startsWith(`${layout.prefix}-`));
  const links = ip(['-o', 'link', 'show'])
    .split('\n')
    .map((line) => /^\d+: ([^:@]+)/.exec(line)?.[1] ?? '')
    .filter((name) => name.startsWith(`${layout.prefix}-`));
  return [
    ...namespaces.map((name) => `netns ${name}`),
    ...links.map((name) => `link ${name}`),
    ...cpuGroupLeftovers(layout.prefix).map((name) => `cgroup ${name}`),
    ...processesOf(layout),
  ];
}

/**
 * The processes whose command line names a folder of the layout's (balancers.ts runs each balancer's HAProxy and
 * keepalived from a folder named after its namespace): one left running in a namespace whose name is gone still
 * holds it, and `ip netns list` no longer shows it.
 */
function processesOf(layout: NetworkLayout): string[] {
  // A path argument (no spaces: not a shell command that names one) to a file in such a folder.
  const folder = new RegExp(`^/\\S*/${layout.prefix}-[^/\\s]+/[^/\\s]+$`);
  return fs.readdirSync('/proc').flatMap((pid) => {
    if (!/^\d+$/.test(pid)) return [];
    let args: string[];
    try {
      args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      return []; // Ended meanwhile.
    }
    return args.some((arg) => folder.test(arg)) ? [`process ${pid} ${args[0] ?? ''}`] : [];
  });
}

/**
 * Makes the bridge and `count` hosts. It refuses when any of the layout's names is already there: that is another
 * run's, or a killed run's, and is not ours to take or remove.
 */
export function createNetwork(layout: NetworkLayout, count: number): Network {
  if (process.getuid?.() !== 0) throw new Error('多主机形态要创建网络命名空间和网桥，需要 root 运行（CI 以 root 运行）');
  if (!Number.isInteger(count) || count < 1 || count > MAX_HOSTS) throw new Error(`主机数量应为 1 到 ${MAX_HOSTS}：${count}`);
  const found = leftovers(layout);
  if (found.length) {
    throw new Error(
      `本机已有同名的网络设置（${found.join('、')}）：另一次运行还在进行，或被强行终止后没有清理；确认无人使用后：${removalCommands(layout, found).join('; ')}`,
    );
  }
  const gateway = `${layout.subnet}.1`;
  const network: Network = { layout, gateway, balancers: balancersOf(layout), ...frontOf(layout), cidr: `${layout.subnet}.0/24`, hosts: hostsOf(layout, count) };
  const onSwitch = ['-n', switchOf(layout)];
  const uplink = uplinkOf(layout);
  try {
    ip(['netns', 'add', switchOf(layout)]);
    ip([...onSwitch, 'link', 'add', layout.bridge, 'type', 'bridge']);
    ip([...onSwitch, 'link', 'set', layout.bridge, 'up']);
    // The root namespace's one change, made apart from the browsers beside it (rootNetwork.ts): this link, its IPv4
    // address (no IPv6 link-local one), and its carrier, which comes up with its end on the switch.
    changeRootNetwork([
      ['link', 'add', uplink.root, 'type', 'veth', 'peer', 'name', uplink.onSwitch, 'netns', switchOf(layout)],
      ['link', 'set', uplink.root, 'addrgenmode', 'none'],
      ['addr', 'add', `${gateway}/24`, 'dev', uplink.root],
      ['link', 'set', uplink.root, 'up'],
      [...onSwitch, 'link', 'set', uplink.onSwitch, 'master', layout.bridge, 'up'],
    ]);
    // This process's namespace under a name of the layout: HAProxy's `bind … namespace` reads it by name.
    ip(['netns', 'attach', network.front, String(process.pid)]);
    for (const machine of [...network.balancers, ...network.hosts]) joinBridge(layout, machine);
  } catch (error) {
    removeNetwork(layout, network);
    throw error;
  }
  return network;
}

/** A machine on the bridge: a namespace of its own, a veth pair, its address (a /24), its loopback up. */
export function joinBridge(layout: Pick<NetworkLayout, 'prefix' | 'bridge'>, machine: Pick<NetworkHost, 'netns' | 'link' | 'address'>): void {
  ip(['netns', 'add', machine.netns]);
  // Made on the switch, never in the root namespace (the file's header).
  ip(['-n', switchOf(layout), 'link', 'add', machine.link, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', machine.netns]);
  ip(['-n', switchOf(layout), 'link', 'set', machine.link, 'master', layout.bridge, 'up']);
  ip(['-n', machine.netns, 'addr', 'add', `${machine.address}/24`, 'dev', 'eth0']);
  ip(['-n', machine.netns, 'link', 'set', 'eth0', 'up']);
  // Its own loopback: nginx, the render servers and the API talk to each other there, as on a machine.
  ip(['-n', machine.netns, 'link', 'set', 'lo', 'up']);
}

/** Takes a machine off the bridge: its link and its namespace (the processes in it are the caller's to end). */
export function leaveBridge(layout: Pick<NetworkLayout, 'prefix'>, machine: Pick<NetworkHost, 'netns' | 'link'>): void {
  // The veth pair goes with either end; deleting the namespace deletes its end.
  ip(['-n', switchOf(layout), 'link', 'del', machine.link], { mayFail: true });
  ip(['netns', 'del', machine.netns], { mayFail: true });
}

function removalCommands(layout: NetworkLayout, found: string[]): string[] {
  // Processes first: a cgroup with one in it cannot go.
  const rank = (item: string) => (item.startsWith('process ') ? 0 : 1);
  const ordered = [...found].sort((a, b) => rank(a) - rank(b));
  return ordered.map((item) => {
    const [kind, name] = item.split(' ');
    if (kind === 'cgroup') return `rmdir ${cpuGroupOf(name ?? '').dir}`;
    if (kind === 'process') return `kill ${name}`;
    return kind === 'netns' ? `ip netns del ${name}` : `ip link del ${name}`;
  });
}

/** Cuts a host off as a pulled cable or a dead machine would: no answer, no reset, nothing. */
export function cutOff(layout: Pick<NetworkLayout, 'prefix'>, host: Pick<NetworkHost, 'link'>): void {
  ip(['-n', switchOf(layout), 'link', 'set', host.link, 'down']);
}

/** A machine cut off, back on the bridge (a balancer restarted: balancers.ts). */
export function reconnect(layout: Pick<NetworkLayout, 'prefix'>, host: Pick<NetworkHost, 'link'>): void {
  ip(['-n', switchOf(layout), 'link', 'set', host.link, 'up']);
}

/** The processes running in a host's namespace (what `ip netns pids` lists). */
export function processesIn(host: Pick<NetworkHost, 'netns'>): number[] {
  return ip(['netns', 'pids', host.netns], { mayFail: true })
    .split('\n')
    .map(Number)
    .filter((pid) => Number.isInteger(pid) && pid > 0);
}

/** Removes what `createNetwork` made, whatever it got to; never another name. */
export function removeNetwork(layout: NetworkLayout, network: Pick<Network, 'hosts'>): void {
  for (const machine of [...balancersOf(layout), ...network.hosts]) leaveBridge(layout, machine);
  // Only the name: the namespace it names is this machine's own.
  ip(['netns', 'del', frontOf(layout).front], { mayFail: true });
  // The root namespace's uplink first, apart from the browsers (rootNetwork.ts): a namespace is taken apart by the
  // kernel after `netns del` returns, so its end there would go at a moment no one chose.
  changeRootNetwork([['link', 'del', uplinkOf(layout).root]], { mayFail: true });
  // The switch, its bridge and every link end left on it.
  ip(['netns', 'del', switchOf(layout)], { mayFail: true });
  // Each host's CPU share (cpuGroups.ts), once what ran in it is gone.
  for (const host of network.hosts) removeCpuGroup(cpuGroupOf(host.netns));
}
