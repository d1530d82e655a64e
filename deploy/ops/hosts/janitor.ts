/**
 * Removes what a run of the several-hosts form made once that run ends, however it ends. hosts.ts starts it in a
 * session of its own (so a terminal's Ctrl-C, sent to the run's process group, does not reach it) and tells it on its
 * stdin, one JSON line each, what it makes as it makes it; when that pipe closes (the run exited, or was killed) it
 * kills what still runs in the run's namespaces and the processes it was told of, and removes the network and the
 * folders. Why a process of its own: `npx tsx start.ts` runs start.ts under tsx's command, which SIGKILLs its child
 * when the child does not confirm a signal within 30 ms; on Ctrl-C every process of the group stops at once, the
 * confirmation came late, and the run died before its own cleanup, leaving the namespaces, the bridge and the folders
 * (issue 52), so that the next start refused. The run still stops things in order itself; this only finishes it.
 *
 *   node --import tsx deploy/ops/hosts/janitor.ts RUN_FOLDER   (stdin: lines of `JanitorNote`)
 */
import fs from 'node:fs';
import readline from 'node:readline';
import { processesIn, removeNetwork, type NetworkHost, type NetworkLayout } from './network';

export type JanitorNote =
  | { network: { layout: NetworkLayout; hosts: NetworkHost[]; namespaces: string[] } }
  /** A process outside the namespaces (a PostgreSQL server): SIGQUIT, PostgreSQL's immediate stop, then SIGKILL. */
  | { process: number }
  | { folder: string }
  /** The run removed all of it itself: nothing to do (a pid told of may be another process's by now). */
  | { released: true };

/** How long a process told of has to go after SIGQUIT before SIGKILL. */
const QUIT_GRACE_MS = 5_000;

function signal(pid: number, name: NodeJS.Signals | 0): boolean {
  try {
    process.kill(pid, name);
    return true;
  } catch {
    return false;
  }
}

async function quit(pid: number): Promise<void> {
  if (!signal(pid, 'SIGQUIT')) return;
  const deadline = Date.now() + QUIT_GRACE_MS;
  while (signal(pid, 0) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  signal(pid, 'SIGKILL');
}

/** Everything noted, removed; what is gone already is skipped. */
async function sweep(notes: JanitorNote[]): Promise<void> {
  for (const note of notes) {
    if ('network' in note) {
      for (const netns of note.network.namespaces) for (const pid of processesIn({ netns })) signal(pid, 'SIGKILL');
    }
  }
  await Promise.all(notes.flatMap((note) => ('process' in note ? [quit(note.process)] : [])));
  for (const note of notes) if ('network' in note) removeNetwork(note.network.layout, note.network);
  for (const note of notes) if ('folder' in note) fs.rmSync(note.folder, { recursive: true, force: true });
}

async function main(): Promise<void> {
  const notes: JanitorNote[] = [];
  const lines = readline.createInterface({ input: process.stdin });
  for await (const line of lines) if (line.trim()) notes.push(JSON.parse(line) as JanitorNote);
  if (notes.some((note) => 'released' in note)) return;
  await sweep(notes);
}

// Its own session: the terminal's signals are the run's, not its.
for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(name, () => undefined);
main().catch((error: unknown) => {
  console.error(`[多主机] 清理失败（${process.argv[2] ?? ''}）：${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
