import fs from 'node:fs';
import { parseRuntimeConfig, type ReleaseDigests, type RuntimeConfig } from '@wenrun/shared/node';
import { writeFileAtomically } from '../../atomicFile';

/** Every entry the config lists: each remote's entries and canaries. */
export function listedEntries(config: RuntimeConfig): string[] {
  return [...Object.values(config.remotes).flat(), ...Object.values(config.canaries).map((canary) => canary.entry)];
}

/**
 * Why `entries` cannot be pinned in the config `text` (listed nowhere in it: a typing slip would pin nothing anyone
 * loads); `where` names the config in the message (a file, the shared database).
 */
export function unlistedProblem(text: string, where: string, entries: string[]): string | undefined {
  const listed = new Set(listedEntries(parseRuntimeConfig(JSON.parse(text)).config));
  const unlisted = entries.filter((entry) => !listed.has(entry));
  return unlisted.length ? `${unlisted.join('、')} 不是 ${where} 中任何 remote 的入口，没有记录摘要` : undefined;
}

/**
 * The runtime config `text` with `pins` (by entry) recorded, each entry's files replacing what it pinned before,
 * every other field as it was. Throws (a Chinese message) for an entry the config lists nowhere. What every release
 * step writes its pins with, wherever the config is kept (a file; on several hosts, PostgreSQL).
 */
export function withDigests(text: string, where: string, pins: ReleaseDigests): string {
  const problem = unlistedProblem(text, where, Object.keys(pins));
  if (problem) throw new Error(problem);
  const raw = JSON.parse(text) as Record<string, unknown>;
  const { config } = parseRuntimeConfig(raw);
  return `${JSON.stringify({ ...raw, digests: { ...config.digests, ...pins } }, null, 2)}\n`;
}

/**
 * Writes `pins` into the runtime config `configFile` (the build's own, `pinLocalBuilds`); atomically, so the shell and
 * the render servers read the old file or the new one.
 */
export function recordDigests(configFile: string, pins: ReleaseDigests): void {
  writeFileAtomically(configFile, withDigests(fs.readFileSync(configFile, 'utf8'), configFile, pins));
}
