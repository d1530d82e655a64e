/**
 * The release history: one JSON line per step, appended beside `runtime-config.json` (RELEASE_HISTORY_FILE) and
 * served with it for the status page. Appended, never rewritten: the command and the guard may write at once, and
 * one write of a line shorter than the pipe buffer with O_APPEND is whole on a local disk.
 */
import fs from 'node:fs';
import path from 'node:path';
import { RELEASE_HISTORY_FILE } from '@wenrun/shared/node';
import type { RemoteSetting } from './remoteSetting';

export const HISTORY_VERBS = ['canary', 'widen', 'promote', 'abort', 'rollback'] as const;
export type HistoryVerb = (typeof HISTORY_VERBS)[number];

export interface HistoryLine {
  /** ISO 8601. */
  time: string;
  verb: HistoryVerb;
  remote: string;
  before: RemoteSetting;
  after: RemoteSetting;
  reason: string;
}

export function historyFileBeside(configFile: string): string {
  return path.join(path.dirname(configFile), RELEASE_HISTORY_FILE);
}

export function appendHistory(file: string, line: HistoryLine): void {
  fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
}

const isSetting = (value: unknown): value is RemoteSetting =>
  typeof value === 'object' && value !== null && Array.isArray((value as RemoteSetting).entries);

/** Every readable line, oldest first; a line someone broke by hand is skipped, not fatal. */
export function readHistory(file: string): HistoryLine[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((text) => {
      try {
        const line = JSON.parse(text) as HistoryLine;
        return typeof line.time === 'string' && typeof line.remote === 'string' && isSetting(line.before) && isSetting(line.after) ? [line] : [];
      } catch {
        return [];
      }
    });
}

/**
 * Entries that served a remote as its primary before `current`, newest first: what a rollback goes back to. An
 * entry a step walked away from for cause (rolled back from, or a canary aborted) is never good, however recent.
 */
export function knownGoodEntries(history: HistoryLine[], remote: string, current: string | undefined): string[] {
  const own = history.filter((line) => line.remote === remote);
  const bad = new Set(
    own.flatMap((line) => (line.verb === 'rollback' ? line.before.entries.slice(0, 1) : line.verb === 'abort' && line.before.canary ? [line.before.canary.entry] : [])),
  );
  const primaries = [...own]
    .reverse()
    .flatMap((line) => [line.after.entries[0], line.before.entries[0]])
    .filter((entry): entry is string => entry !== undefined && entry !== current && !bad.has(entry));
  return [...new Set(primaries)];
}

/** When the canary now running of `remote` began: the last `canary` step that set this entry (absent: hand-edited). */
export function canaryStartedAt(history: HistoryLine[], remote: string, entry: string): number | undefined {
  const line = [...history].reverse().find((candidate) => candidate.remote === remote && candidate.verb === 'canary' && candidate.after.canary?.entry === entry);
  return line ? Date.parse(line.time) : undefined;
}
