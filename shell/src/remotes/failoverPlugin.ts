import type { ModuleFederation, ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { chunkRegistryGlobal } from '@wenrun/shared';
import { failedEntries, type FailedEntries } from './failedEntries';

export interface FailoverOptions {
  /** Manifest URLs by remote: primary first, then last-known-good fallbacks (the runtime config's `remotes`). */
  entries: Record<string, string[]>;
  /** A remote entry (or, in Node, any file fetched) slower than this counts as failed. */
  timeoutMs: number;
  /** A manifest slower than this counts as failed when another entry can be tried: it is a few KB, and the page waits for it. */
  manifestTimeoutMs: number;
  /** Entries that failed to load, passed over for a while (default: remembered in memory). */
  failed?: FailedEntries;
  now?: () => number;
  /** Told each time a remote moves to another entry (for the console and the status page). */
  onSwitch?: (remote: string, entry: string, reason: unknown) => void;
}

export interface Failover extends ModuleFederationRuntimePlugin {
  /** The entry a remote starts at: its first one not passed over after a recent failure (the primary if all were). */
  startEntry(remote: string): string;
  /** Whether the remote is loaded from its list's first entry (false: a fallback is in use). */
  onFirstEntry(remote: string): boolean;
  /** The entry in use broke at start (its module threw): moves on. False when it was the last (back to the start). */
  skipEntry(remote: string): boolean;
  /** The same address now serves another build: its next load fetches the entry afresh. */
  reload(remote: string): void;
  /** Ops changed the runtime config: a remote whose list changed starts again at its new primary. */
  setEntries(entries: Record<string, string[]>): void;
}

/**
 * A remote's primary entry and then its fallbacks, through the federation runtime's own hooks: a load that fails
 * (`errorLoadRemote`) is answered with the same module from the next entry; a manifest (`fetch`) or remote entry
 * (`createScript`) that never answers fails after its timeout. An entry that failed to load is passed over for a
 * while (`failed`), so one black-holed host costs a visitor one timeout, not one per page. After the last entry the
 * next load starts over (at the primary once every entry has failed), so a remote recovers when its fault is lifted.
 */
export function failoverPlugin({
  entries: initial,
  timeoutMs,
  manifestTimeoutMs,
  failed = failedEntries(),
  now = Date.now,
  onSwitch,
}: FailoverOptions): Failover {
  let entries = initial;
  const current = new Map<string, number>();
  let runtime: ModuleFederation | undefined;

  const firstUsable = (remote: string): number =>
    Math.max(0, entries[remote]?.findIndex((entry) => !failed.isSkipped(entry, now())) ?? 0);

  const switchTo = (remote: string, index: number) => {
    current.set(remote, index);
    forgetStartedChunks(remote);
    runtime?.registerRemotes([{ name: remote, entry: entries[remote]?.[index] ?? '' }], { force: true });
  };

  /**
   * The short manifest deadline is worth it only when another entry can answer: a remote's last entry on a slow
   * phone network gets the longer one, or it would be cut off on every attempt.
   */
  const hasNextEntry = (url: string): boolean =>
    Object.entries(entries).some(([remote, list]) => {
      const index = current.get(remote) ?? 0;
      return list[index] === url && index < list.length - 1;
    });

  /** Moves past the entry in use (and past those still passed over); after the last, back to the start. */
  const next = (remote: string, reason: unknown): boolean => {
    const list = entries[remote] ?? [];
    const from = current.get(remote) ?? 0;
    const index = list.findIndex((entry, i) => i > from && !failed.isSkipped(entry, now()));
    switchTo(remote, index === -1 ? firstUsable(remote) : index);
    if (index !== -1) onSwitch?.(remote, list[index] ?? '', reason);
    return index !== -1;
  };

  return {
    name: 'wenrun-failover',
    registerRemote(args) {
      runtime = args.origin;
      return args;
    },
    async fetch(url, init) {
      // Manifests (and in Node, remote entries) come through here: a deadline, so a silent host fails like a dead one.
      const limit = url.endsWith('.json') && hasNextEntry(url) ? manifestTimeoutMs : timeoutMs;
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new Error(`${url} 超过 ${limit} ms 没有回应`)), limit);
      try {
        return await fetch(url, { ...init, signal: controller.signal });
      } finally {
        clearTimeout(timer);
      }
    },
    createScript() {
      return { timeout: timeoutMs };
    },
    async errorLoadRemote({ id, error, lifecycle, origin }) {
      // A manifest that failed is reported again, as the failed load of the module that needed it.
      if (lifecycle !== 'onLoad') return undefined;
      runtime = origin;
      const remote = id.split('/')[0] ?? id;
      const entry = entries[remote]?.[current.get(remote) ?? 0];
      if (entry === undefined) return undefined;
      failed.mark(entry, now());
      if (!next(remote, error)) return undefined;
      return origin.loadRemote(id);
    },
    onFirstEntry(remote) {
      return (current.get(remote) ?? 0) === 0;
    },
    startEntry(remote) {
      const index = firstUsable(remote);
      current.set(remote, index);
      return entries[remote]?.[index] ?? '';
    },
    skipEntry(remote) {
      return next(remote, new Error('模块启动时出错'));
    },
    reload(remote) {
      switchTo(remote, current.get(remote) ?? 0);
    },
    setEntries(changed) {
      const before = entries;
      entries = changed;
      for (const remote of Object.keys(changed)) {
        if (JSON.stringify(before[remote]) !== JSON.stringify(changed[remote])) switchTo(remote, firstUsable(remote));
      }
    },
  };
}

/**
 * Webpack's JSONP runtime keeps every chunk a remote has run in a global array and hands the array to the next
 * start of that remote, which would run a chunk that threw (or came from another build) again instead of fetching
 * the entry's own. Emptied in place, the new start fetches its chunks; the array object stays, since an earlier
 * start still receives its chunks through it. Measured: without it the four chaos e2e tests "throws at render …
 * retry recovers" fail.
 */
export function forgetStartedChunks(remote: string): void {
  const registry = (globalThis as Record<string, unknown>)[chunkRegistryGlobal(remote)];
  if (Array.isArray(registry)) registry.length = 0;
}
