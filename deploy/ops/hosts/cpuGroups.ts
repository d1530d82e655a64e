/**
 * Each host's share of this machine's processors: a control group of the kernel's `cpu` controller (cgroup v1) per
 * host, named as its network namespace, with a CFS quota when one is asked for. A machine of its own has a fixed number
 * of cores; hosts that are namespaces of one machine would otherwise share all of its cores, and one host against two
 * measured nothing a second machine buys (issue 52: two hosts served less than one). Every process of a host is born in
 * its group (`inCpuGroup`), so what it starts later (nginx's workers, a render server started again) is too; the
 * balancer, PostgreSQL and the load client stay outside. Removing a group ends what is still in it first: a group with
 * a process in it cannot be removed, and whatever is in a host's group is that host's.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Where this machine mounts the `cpu` controller's hierarchy (cgroup v1). */
const CPU_MOUNT = '/sys/fs/cgroup/cpu';

/**
 * Where the hosts' groups are made: inside the group this process runs in, so that a run held to a share of the
 * machine (a quota around `.ci/run`, issue 55) holds its hosts to that share too, as the kernel nests quotas.
 */
export const CPU_HIERARCHY = path.join(CPU_MOUNT, cpuGroupOfProcess(process.pid) ?? '/');

/** How long a group's processes are given to end after SIGKILL before its removal gives up. */
const REMOVAL_WAIT_MS = 5_000;

export interface CpuGroup {
  name: string;
  /** Its folder in the hierarchy. */
  dir: string;
}

export function cpuGroupOf(name: string, hierarchy = CPU_HIERARCHY): CpuGroup {
  return { name, dir: path.join(hierarchy, name) };
}

/** Makes the group, with no quota yet; it refuses when one of that name is there already (another run's). */
export function createCpuGroup(group: CpuGroup): void {
  const hierarchy = path.dirname(group.dir);
  if (!fs.existsSync(path.join(hierarchy, 'cpu.cfs_quota_us'))) {
    throw new Error(`本机没有 cgroup v1 的 cpu 控制器（${hierarchy}），无法给每台主机固定的 CPU 份额`);
  }
  try {
    fs.mkdirSync(group.dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    throw new Error(`本机已有同名的 cgroup（${group.dir}）：另一次运行还在进行，或被强行终止后没有清理；确认无人使用后：rmdir ${group.dir}`, { cause: error });
  }
}

/**
 * The kernel's default weight of a group (`cpu.shares`), and a quota's: a quota alone is a ceiling, and each runnable
 * process of the root group weighs as much as a whole group of the default weight (five busy ones on two cores would
 * leave a host 0.33 of a core). With sixteen times the weight two hosts get 0.4 each while forty others want a
 * core; the quota still caps them.
 */
const DEFAULT_WEIGHT = 1024;
const QUOTA_WEIGHT = 16 * DEFAULT_WEIGHT;

/** `cores` of one core's time each scheduling period, no more and (the weight) in practice no less; `undefined` lifts both. */
export function limitCpu(group: CpuGroup, cores: number | undefined): void {
  if (cores !== undefined && !(cores > 0)) throw new Error(`CPU 份额应为正数：${cores}`);
  const period = Number(fs.readFileSync(path.join(group.dir, 'cpu.cfs_period_us'), 'utf8'));
  // The kernel takes no quota under 1 ms.
  const quota = cores === undefined ? -1 : Math.max(1_000, Math.round(cores * period));
  fs.writeFileSync(path.join(group.dir, 'cpu.cfs_quota_us'), String(quota));
  fs.writeFileSync(path.join(group.dir, 'cpu.shares'), String(cores === undefined ? DEFAULT_WEIGHT : QUOTA_WEIGHT));
}

/** The group's quota in cores, as the kernel holds it; `undefined` when it has none. */
export function cpuLimit(group: CpuGroup): number | undefined {
  const read = (file: string) => Number(fs.readFileSync(path.join(group.dir, file), 'utf8'));
  const quota = read('cpu.cfs_quota_us');
  return quota < 0 ? undefined : quota / read('cpu.cfs_period_us');
}

/**
 * `command args` started in `group` from its first instruction: a shell writes itself into the group, then becomes
 * the command, so nothing it starts is ever outside (moving a process after it started races with its children).
 */
export function inCpuGroup(group: CpuGroup, command: string, args: string[]): [string, string[]] {
  return ['sh', ['-c', 'echo $$ > "$0" && exec "$@"', path.join(group.dir, 'cgroup.procs'), command, ...args]];
}

/** The processes in the group now. */
export function processesOf(group: CpuGroup): number[] {
  try {
    return fs.readFileSync(path.join(group.dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** The `cpu` group process `pid` is in, as a path from the hierarchy's root (`/` for the root itself). */
export function cpuGroupOfProcess(pid: number): string | undefined {
  let lines: string[];
  try {
    lines = fs.readFileSync(`/proc/${pid}/cgroup`, 'utf8').split('\n');
  } catch {
    return undefined; // Gone, or not Linux.
  }
  // `<id>:<controllers>:<path>`; the controllers may be joined (`cpu,cpuacct`).
  return lines.map((line) => line.split(':')).find(([, controllers]) => controllers?.split(',').includes('cpu'))?.[2];
}

/** Scheduling periods so far, and those in which the group used its whole quota and waited. */
export function throttling(group: CpuGroup): { periods: number; throttled: number } {
  const stat = fs.readFileSync(path.join(group.dir, 'cpu.stat'), 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(stat)?.[1] ?? 0);
  return { periods: field('nr_periods'), throttled: field('nr_throttled') };
}

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Ends what is still in the group and removes it; a group already gone is fine. Synchronous, as the network's removal
 * it is part of (network.ts) is: the run's teardown and its janitor both end there.
 */
export function removeCpuGroup(group: CpuGroup): void {
  const deadline = Date.now() + REMOVAL_WAIT_MS;
  for (;;) {
    for (const pid of processesOf(group)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Ended meanwhile.
      }
    }
    try {
      fs.rmdirSync(group.dir);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return;
      if (code !== 'EBUSY' || Date.now() > deadline) throw new Error(`无法删除 cgroup ${group.dir}：${String(error)}`, { cause: error });
    }
    pause(20);
  }
}

/** The groups named `<prefix>-…` on the machine: a run still going, or one killed before it could tidy up. */
export function cpuGroupLeftovers(prefix: string, hierarchy = CPU_HIERARCHY): string[] {
  if (!fs.existsSync(hierarchy)) return [];
  return fs
    .readdirSync(hierarchy, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.startsWith(`${prefix}-`))
    .map((entry) => entry.name);
}
