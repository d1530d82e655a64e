import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { DRAIN_MS } from '@wenrun/shared/node';
import { pickEnv, RUNTIME_ENV } from './childEnv';

/** One process the supervisor keeps running. */
export interface ChildSpec {
  name: string;
  /** A TypeScript entry, run as `node --import tsx <entry> …args`: one process per child, nothing in between. */
  entry: string;
  args?: string[];
  /** Set for this child, on top of what it inherits; an undefined value takes a variable away. */
  env?: NodeJS.ProcessEnv;
  /** The groups of variables (childEnv.ts) it takes from the supervisor's environment besides `RUNTIME_ENV`. */
  inherit?: readonly string[];
  /**
   * A secret written to its standard input at each start, then closed: never in its environment, which
   * `/proc/<pid>/environ` shows for the life of the process to whatever code it runs.
   */
  stdin?: string;
  /**
   * Polled until it answers: the child is serving. Its port must be free before the child starts. A child that
   * serves nothing (the canary guard) has none: it is ready once it runs.
   */
  readyUrl?: string;
  /** The user and group it runs as (the production form started as root); this process's own when absent. */
  uid?: number;
  gid?: number;
  /**
   * Started with the child before it rather than once that one answers: neither needs the other to start (the
   * parts, a second render server). Each still waits for the ones before their group.
   */
  together?: boolean;
}

export interface SupervisorOptions {
  cwd: string;
  log?: (line: string) => void;
  /** How long a child may take to answer its ready URL at start. */
  startTimeoutMs?: number;
}

const POLL_MS = 100;
/** A child that died is started again after this; quicker deaths in a row wait longer, up to RESTART_MAX_MS. */
const RESTART_FIRST_MS = 100;
const RESTART_MAX_MS = 1_500;
/** A child that ran this long before dying is not in a crash loop: its next restart is quick again. */
const HEALTHY_RUN_MS = 10_000;
/** After SIGTERM, a child that has not exited is killed: once its own drain (`DRAIN_MS`) is surely over. */
const STOP_GRACE_MS = DRAIN_MS + 2_000;

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1_000) });
    return true;
  } catch {
    return false;
  }
}

/** Whether anything accepts connections on the port of `url` (an HTTP server or not). */
function portHeld(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port) });
    socket.setTimeout(1_000, () => socket.destroy());
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => resolve(false));
  });
}

/** The children in the groups they start in: each with the `together` children right after it. */
function startGroups(specs: ChildSpec[]): ChildSpec[][] {
  const groups: ChildSpec[][] = [];
  for (const spec of specs) {
    const last = groups.at(-1);
    if (spec.together && last) last.push(spec);
    else groups.push([spec]);
  }
  return groups;
}

interface Running {
  spec: ChildSpec;
  process: ChildProcess;
  startedAt: number;
  restarts: number;
}

/**
 * Runs every part of `npm start` as its own process, so one that dies costs only itself: it is started again
 * (logged), and the others keep serving. Stopping (Ctrl-C, SIGTERM, or a child that cannot start) ends every
 * child and waits for it, so no process is left holding a port.
 */
export class Supervisor {
  private readonly running = new Map<string, Running>();
  private stopping = false;
  private readonly log: (line: string) => void;

  constructor(private readonly options: SupervisorOptions) {
    this.log = options.log ?? ((line) => console.log(line));
  }

  /**
   * Starts the children in order, each once the one before answers (or with it: `together`). A child that cannot
   * start stops them all, and so does a port someone else holds: what answers there would be taken for the child.
   */
  async start(specs: ChildSpec[]): Promise<void> {
    for (const group of startGroups(specs)) {
      for (const spec of group) {
        if (spec.readyUrl && (await portHeld(spec.readyUrl))) {
          await this.stop();
          throw new Error(`${spec.name} 的端口已被其他进程占用（${new URL(spec.readyUrl).host}）：先停止它`);
        }
      }
      for (const spec of group) this.launch(spec, 0);
      const failed = (await Promise.all(group.map((spec) => this.whyNotReady(spec)))).find((why) => why !== undefined);
      if (failed !== undefined) {
        await this.stop();
        throw new Error(failed);
      }
    }
  }

  /** Ends a child on purpose (its code changed): it is started again like one that died. */
  restart(name: string): void {
    this.running.get(name)?.process.kill('SIGTERM');
  }

  pidOf(name: string): number | undefined {
    return this.running.get(name)?.process.pid;
  }

  private launch(spec: ChildSpec, restarts: number): void {
    const child = spawn(process.execPath, ['--import', 'tsx', spec.entry, ...(spec.args ?? [])], {
      cwd: this.options.cwd,
      // A list of names from this environment, never all of it (childEnv.ts); an undefined value in `spec.env`
      // takes a variable away: Node leaves it out of the child's environment.
      env: { ...pickEnv(process.env, [...RUNTIME_ENV, ...(spec.inherit ?? [])]), ...spec.env },
      stdio: [spec.stdin === undefined ? 'ignore' : 'pipe', 'inherit', 'inherit'],
      ...(spec.uid === undefined ? {} : { uid: spec.uid }),
      ...(spec.gid === undefined ? {} : { gid: spec.gid }),
    });
    // A child that dies before reading it closes the pipe: that is its exit, not the supervisor's error.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(spec.stdin);
    const entry: Running = { spec, process: child, startedAt: Date.now(), restarts };
    this.running.set(spec.name, entry);
    child.on('exit', (code, signal) => this.onExit(entry, code, signal));
  }

  private onExit(entry: Running, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.stopping || this.running.get(entry.spec.name) !== entry) return;
    const healthy = Date.now() - entry.startedAt > HEALTHY_RUN_MS;
    const restarts = healthy ? 0 : entry.restarts + 1;
    const delay = Math.min(RESTART_FIRST_MS * 2 ** restarts, RESTART_MAX_MS);
    this.log(`[start] ${entry.spec.name} 退出（${signal ?? code}），${delay} ms 后重新启动`);
    setTimeout(() => void this.relaunch(entry.spec, restarts), delay);
  }

  /** A child that died is started again once its port is free; while another process holds it, later. */
  private async relaunch(spec: ChildSpec, restarts: number): Promise<void> {
    if (this.stopping) return;
    if (spec.readyUrl && (await portHeld(spec.readyUrl))) {
      this.log(`[start] ${spec.name} 的端口已被其他进程占用（${new URL(spec.readyUrl).host}），${RESTART_MAX_MS} ms 后再试`);
      setTimeout(() => void this.relaunch(spec, restarts), RESTART_MAX_MS);
      return;
    }
    if (!this.stopping) this.launch(spec, restarts);
  }

  /** Once the child answers its ready URL: nothing; otherwise (it exited, it took too long, all stop) why not. */
  private async whyNotReady(spec: ChildSpec): Promise<string | undefined> {
    const { readyUrl } = spec;
    if (!readyUrl) return undefined;
    const deadline = Date.now() + (this.options.startTimeoutMs ?? 60_000);
    const entry = this.running.get(spec.name);
    while (Date.now() < deadline) {
      if (this.stopping) return '已停止';
      if (entry?.process.exitCode !== null && entry?.process.exitCode !== undefined) break;
      if (await answers(readyUrl)) return undefined;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    return `${spec.name} 没能启动（${readyUrl} 无响应）`;
  }

  /** Ends every child (SIGTERM, then SIGKILL after a grace period) and resolves once all have exited. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(
      [...this.running.values()].map(
        ({ process: child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const kill = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
            child.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
  }
}
