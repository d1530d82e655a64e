import fs from 'node:fs';
import { parseRuntimeConfig, type ReleaseDigests, type RuntimeConfig } from '@wenrun/shared/node';
import { writeFileAtomically } from '../../atomicFile';

/** Every entry the config lists: each remote's entries and canaries. */
export function listedEntries(config: RuntimeConfig): string[] {
  return [...Object.values(config.remotes).flat(), ...Object.values(config.canaries).map((canary) => canary.entry)];
}

/** Why `entries` cannot be pinned in `configFile` (listed nowhere in it: a typing slip would pin nothing anyone loads). */
export function unlistedProblem(configFile: string, entries: string[]): string | undefined {
  const listed = new Set(listedEntries(parseRuntimeConfig(JSON.parse(fs.readFileSync(configFile, 'utf8'))).config));
  const unlisted = entries.filter((entry) => !listed.has(entry));
  return unlisted.length ? `${unlisted.join('、')} 不是 ${configFile} 中任何 remote 的入口，没有记录摘要` : undefined;
}

/**
 * Writes `pins` (by entry) into the runtime config `configFile`, each entry's files replacing what it pinned before,
 * every other field as it was; atomically, so the shell and the render servers read the old file or the new one.
 * Throws (a Chinese message) for an entry the config lists nowhere.
 */
export function recordDigests(configFile: string, pins: ReleaseDigests): void {
  const problem = unlistedProblem(configFile, Object.keys(pins));
  if (problem) throw new Error(problem);
  const raw = JSON.parse(fs.readFileSync(configFile, 'utf8')) as Record<string, unknown>;
  const { config } = parseRuntimeConfig(raw);
  writeFileAtomically(configFile, `${JSON.stringify({ ...raw, digests: { ...config.digests, ...pins } }, null, 2)}\n`);
}
