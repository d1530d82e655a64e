/** The run's janitor (janitor.ts) started beside it, and how the run tells it what it makes. */
import { spawn, type ChildProcess } from 'node:child_process';
import type { JanitorNote } from './janitor';

export interface Janitor {
  note(note: JanitorNote): void;
  /** The run removed all it made: the janitor finds nothing left, and goes. */
  release(): void;
}

/**
 * janitor.ts, in a session of its own (a terminal's Ctrl-C reaches the run's group, not it), told of `dir` at once;
 * it removes what it was told of when this process ends, however it ends.
 */
export function startJanitor(root: string, dir: string): Janitor {
  const child = spawn(process.execPath, ['--import', 'tsx', 'deploy/ops/hosts/janitor.ts', dir], { cwd: root, detached: true, stdio: ['pipe', 'ignore', 'inherit'] });
  child.unref();
  const pipe = child.stdin as NonNullable<ChildProcess['stdin']> & { unref(): void };
  // This process does not stay alive for it: the pipe closes when it exits, which is the janitor's signal.
  pipe.unref();
  const janitor: Janitor = {
    note: (note) => void pipe.write(`${JSON.stringify(note)}\n`),
    release: () => pipe.end(`${JSON.stringify({ released: true } satisfies JanitorNote)}\n`),
  };
  janitor.note({ folder: dir });
  return janitor;
}
