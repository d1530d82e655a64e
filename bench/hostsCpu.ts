/**
 * Where the processors went during a `bench:hosts` run: each host's share of the scheduling periods in which it used its
 * whole quota (cpuGroups.ts; near 100 % means the host itself is what limits the row), and the cores used by what
 * stays outside the hosts' groups: the load client (this process, autocannon in it), the balancer (HAProxy, in its
 * namespace) and PostgreSQL (every `postgres` process of the machine: the bench runs under the tests' lock, so the
 * form's cluster is the only one). Read from /proc and the groups' `cpu.stat` before and after a run.
 */
import fs from 'node:fs';
import os from 'node:os';
import { cpuGroupOf, throttling } from '@wenrun/deploy/ops/hosts/cpuGroups';
import type { HostsSite } from '@wenrun/deploy/ops/hosts/hosts';
import { balancersOf, LAYOUT, processesIn } from '@wenrun/deploy/ops/hosts/network';

/** /proc's clock ticks a second (USER_HZ, 100 on Linux). */
const TICKS_PER_S = 100;

export interface CpuUse {
  /** Per host, the share of periods it was throttled in (0–1). */
  hostsThrottled: number[];
  /** Cores used, on average over the run. */
  client: number;
  balancer: number;
  postgres: number;
  /** The machine's one-minute load average at the end of the run. */
  load: number;
}

interface Reading {
  at: number;
  client: number;
  balancer: number;
  postgres: number;
  hosts: { periods: number; throttled: number }[];
}

/**
 * User and system time of each process and of its children it has reaped, in seconds: PostgreSQL's backends come and go
 * (a connection each), and what an ended one used is then its postmaster's.
 */
function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // After the command's name (which may hold spaces), fields 14 to 17 of proc(5): utime, stime, cutime, cstime.
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks += [11, 12, 13, 14].reduce((sum, field) => sum + Number(fields[field]), 0);
    } catch {
      // Gone.
    }
  }
  return ticks / TICKS_PER_S;
}

function postgresProcesses(): number[] {
  return fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number).filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
    } catch {
      return false;
    }
  });
}

function read(site: HostsSite): Reading {
  const own = process.cpuUsage();
  return {
    at: performance.now(),
    client: (own.user + own.system) / 1e6,
    balancer: cpuSeconds(balancersOf(LAYOUT).flatMap(processesIn)),
    postgres: cpuSeconds(postgresProcesses()),
    hosts: site.hosts.map((host) => throttling(cpuGroupOf(host.netns))),
  };
}

/** Starts watching; the returned function says what the run used since. */
export function watchCpu(site: HostsSite): () => CpuUse {
  const before = read(site);
  return () => {
    const after = read(site);
    const seconds = (after.at - before.at) / 1000;
    return {
      hostsThrottled: after.hosts.map((host, i) => {
        const start = before.hosts[i] ?? { periods: 0, throttled: 0 };
        return (host.throttled - start.throttled) / Math.max(1, host.periods - start.periods);
      }),
      client: (after.client - before.client) / seconds,
      balancer: (after.balancer - before.balancer) / seconds,
      postgres: (after.postgres - before.postgres) / seconds,
      load: os.loadavg()[0] ?? 0,
    };
  };
}
