import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  cpuGroupLeftovers,
  cpuGroupOf,
  cpuGroupOfProcess,
  CPU_HIERARCHY,
  cpuLimit,
  createCpuGroup,
  inCpuGroup,
  limitCpu,
  processesOf,
  removeCpuGroup,
  throttling,
} from './cpuGroups';

/*
 * On the machine's own `cpu` hierarchy (root, as CI and the several-hosts form run), under a prefix of this run's
 * alone, so that the form's groups (`wrh-…`) and another run's are never touched. No namespace needed.
 */
const PREFIX = `wrtest${process.pid}`;
const group = cpuGroupOf(`${PREFIX}-1`);
/** The busy command, ended after the tests whatever they found (its handle would hold Jest's worker). */
let child: ChildProcess | undefined;

function started(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    child.once('spawn', () => resolve(child.pid ?? 0));
    child.once('error', reject);
  });
}

/** Alive: in /proc and not a zombie (ended, its parent not told yet). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

beforeAll(() => {
  if (process.getuid?.() !== 0) throw new Error('cgroup 测试需要 root（CI 以 root 运行）');
});

// After each test, whatever it found: a test that fails halfway leaves no group for the next to trip over.
afterEach(() => {
  child?.kill('SIGKILL');
  removeCpuGroup(group);
});

describe('a host\'s share of the processors (cpu cgroup)', () => {
  it('starts a command and all it starts inside the group, holds it to its quota, and ends it when the group is removed', async () => {
    createCpuGroup(group);
    expect(cpuGroupLeftovers(PREFIX)).toEqual([group.name]);
    expect(() => createCpuGroup(group)).toThrow(`rmdir ${group.dir}`);
    expect(cpuLimit(group)).toBeUndefined();
    limitCpu(group, 0.1);
    expect(fs.readFileSync(`${group.dir}/cpu.cfs_quota_us`, 'utf8').trim()).toBe(String(0.1 * Number(fs.readFileSync(`${group.dir}/cpu.cfs_period_us`, 'utf8'))));
    expect(cpuLimit(group)).toBeCloseTo(0.1);
    // Weighed above the root group's processes, so it gets its quota on a busy machine.
    expect(Number(fs.readFileSync(`${group.dir}/cpu.shares`, 'utf8'))).toBeGreaterThan(1024);

    // A busy shell that starts a child of its own: both in the group, the child born there.
    const [command, args] = inCpuGroup(group, 'sh', ['-c', 'sleep 30 & while :; do :; done']);
    child = spawn(command, args, { stdio: 'ignore' });
    const pid = await started(child);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const inGroup = processesOf(group);
    expect(inGroup).toContain(pid);
    expect(inGroup).toHaveLength(2);
    for (const member of inGroup) expect(cpuGroupOfProcess(member)).toBe(path.join(cpuGroupOfProcess(process.pid) ?? '/', group.name));
    expect(cpuGroupOfProcess(process.pid)).not.toBe(cpuGroupOfProcess(pid));
    // 0.1 of a core against a loop that wants a whole one: throttled in many of the periods it ran; without the
    // quota, in none. Not "most": when the run itself is held to a quota (.ci/one-core), its own throttling leaves
    // the loop unscheduled in some periods (0.45 of them throttled, seen there), and that is the machine, not the group.
    const { periods, throttled } = throttling(group);
    expect(periods).toBeGreaterThan(2);
    expect(throttled / periods).toBeGreaterThanOrEqual(0.2);

    limitCpu(group, undefined);
    expect(cpuLimit(group)).toBeUndefined();
    expect(fs.readFileSync(`${group.dir}/cpu.shares`, 'utf8').trim()).toBe('1024');
    removeCpuGroup(group);
    expect(fs.existsSync(group.dir)).toBe(false);
    expect(cpuGroupLeftovers(PREFIX)).toEqual([]);
    for (const member of inGroup) expect(running(member)).toBe(false);
    // Removed already: nothing to do.
    expect(() => removeCpuGroup(group)).not.toThrow();
  });

  it('makes its groups inside the group the process runs in, so a quota around a whole run holds its hosts too', () => {
    createCpuGroup(group);
    try {
      // This module loaded by a process born in `group`: its hosts' groups would be made under `group`.
      const script = `import { CPU_HIERARCHY } from ${JSON.stringify(require.resolve('./cpuGroups'))}; console.log(CPU_HIERARCHY);`;
      const [command, args] = inCpuGroup(group, path.resolve(__dirname, '../../../node_modules/.bin/tsx'), ['-e', script]);
      expect(execFileSync(command, args, { encoding: 'utf8' }).trim()).toBe(group.dir);
      expect(group.dir).toBe(path.join(CPU_HIERARCHY, group.name));
    } finally {
      removeCpuGroup(group);
    }
  });

  it('refuses a share that is not a positive number of cores', () => {
    expect(() => limitCpu(group, 0)).toThrow('CPU 份额应为正数');
    expect(() => limitCpu(group, Number.NaN)).toThrow('CPU 份额应为正数');
  });
});
