import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describeWithPostgres } from '../postgres/suiteCluster';
import { acquireGuardLease, type Lease } from './guardLease';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const LEASE_SECONDS = 3;

/** A guard process as a host runs it, with what it said, line by line. */
class GuardProcess {
  readonly child: ChildProcess;
  private said = '';
  private waiting: { text: string; from: number; resolve: (at: number) => void }[] = [];

  constructor(configFile: string, databaseUrl: string) {
    this.child = spawn(
      process.execPath,
      ['--import', 'tsx', 'deploy/ops/release/guardMain.ts', '--config', configFile, '--interval-seconds', '60', '--lease-seconds', String(LEASE_SECONDS)],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl } },
    );
    const hear = (chunk: Buffer) => {
      this.said += chunk.toString();
      this.waiting = this.waiting.filter((wait) => {
        if (!this.said.includes(wait.text, wait.from)) return true;
        wait.resolve(performance.now());
        return false;
      });
    };
    this.child.stdout?.on('data', hear);
    this.child.stderr?.on('data', hear);
  }

  /**
   * Resolves with the time it says `text` (after it said `after`, when given: what it said before that does not
   * count); fails with all it said when it has not said it within `withinMs`.
   */
  says(text: string, { after, withinMs = 20_000 }: { after?: string; withinMs?: number } = {}): Promise<number> {
    // From where `after` ends, not from what has arrived by now: both may have come in one chunk.
    const from = after === undefined ? 0 : this.said.indexOf(after) + after.length;
    if (from < (after?.length ?? 0)) throw new Error(`还没有说「${after}」`);
    if (this.said.includes(text, from)) return Promise.resolve(performance.now());
    return new Promise((resolve, reject) => {
      const late = setTimeout(() => reject(new Error(`${withinMs} ms 内没有说「${text}」；它说了：\n${this.said}`)), withinMs);
      this.waiting.push({ text, from, resolve: (at) => (clearTimeout(late), resolve(at)) });
    });
  }

  output(): string {
    return this.said;
  }

  signal(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }

  stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve();
    const gone = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill('SIGCONT');
    this.child.kill('SIGKILL');
    return gone;
  }
}

const HOLDS = '已成为全站唯一的灰度守卫';
const WAITS = '本进程等待接替';

describeWithPostgres('one guard for the whole site: a lease in PostgreSQL', 'guardLease', (postgres) => {
  let configFile: string;
  const guards: GuardProcess[] = [];
  const guard = () => {
    const started = new GuardProcess(configFile, postgres.cluster.url);
    guards.push(started);
    return started;
  };

  beforeEach(() => {
    configFile = path.join(postgres.dir, 'runtime-config.json');
    fs.writeFileSync(configFile, `${JSON.stringify({ apiBaseUrl: 'http://127.0.0.1:9' })}\n`);
  });
  afterEach(async () => {
    await Promise.all(guards.splice(0).map((started) => started.stop()));
  });

  it('a second guard waits; the holder killed (kill -9), it takes over in well under a minute; a frozen holder loses it too', async () => {
    const first = guard();
    await first.says(HOLDS);
    const second = guard();
    expect(await Promise.race([second.says(WAITS).then(() => 'waits'), second.says(HOLDS).then(() => 'holds too')])).toBe('waits');

    const killed = performance.now();
    first.signal('SIGKILL');
    const tookOver = (await second.says(HOLDS)) - killed;
    console.log(`[takeover] 守卫进程被 kill -9 后 ${Math.round(tookOver)} ms 由另一个接替（租约 ${LEASE_SECONDS} 秒）`);
    expect(tookOver).toBeLessThan(60_000);

    // A holder that stops answering with its connection open (a host frozen, a network gone quiet) is waited for
    // only until its lease ends; woken, it says it no longer holds the lease and acts no more.
    const third = guard();
    await third.says(WAITS);
    const frozen = performance.now();
    second.signal('SIGSTOP');
    const replaced = (await third.says(HOLDS)) - frozen;
    console.log(`[takeover] 守卫进程冻结后 ${Math.round(replaced)} ms 由另一个接替`);
    // Not before its lease ended: renewed at most a third of the period before it froze.
    expect(replaced).toBeGreaterThan(((LEASE_SECONDS * 2) / 3) * 1000 - 100);
    expect(replaced).toBeLessThan(60_000);
    second.signal('SIGCONT');
    // Woken, its renewal finds the lease taken, or (on a busy machine) times out first: either way it stops acting.
    const gaveUp = '不再是全站的灰度守卫（';
    await second.says(gaveUp);
    await second.says(WAITS, { after: gaveUp });
    expect(third.output()).not.toContain('不再是全站的灰度守卫');
  }, 60_000);

  it('the holder\'s connection cut (as a failover cuts every session: the new primary never had it), still one holder at every sample', async () => {
    const periodMs = 3_000;
    const databaseUrl = postgres.cluster.url;
    const first = await acquireGuardLease({ databaseUrl, holder: 'guard-1', periodMs });
    let second: Lease | undefined;
    const waiting = acquireGuardLease({ databaseUrl, holder: 'guard-2', periodMs }).then((lease) => (second = lease));
    try {
      // What HAProxy's shutdown-sessions does to every connection to a primary that died; the holder itself lives.
      await postgres.client.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid IN (SELECT backend_pid FROM site_leases WHERE holder = 'guard-1')");
      const both: number[] = [];
      const cutAt = performance.now();
      while (performance.now() - cutAt < 2 * periodMs) {
        if (first.held() && second?.held()) both.push(Math.round(performance.now() - cutAt));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect({ bothHeldAtMs: both.slice(0, 3), samples: both.length }).toEqual({ bothHeldAtMs: [], samples: 0 });
      // The holder renews on the new session and keeps it: no change of guard for a connection cut.
      expect(first.held()).toBe(true);
    } finally {
      await first.release();
      const lease = await waiting;
      await lease.release();
    }
  }, 30_000);
});
