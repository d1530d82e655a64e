import type { ModuleFederation, ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { forgetStartedChunks } from './chunkRegistry';
import { failedEntries, type FailedEntries } from './failedEntries';

export interface FailoverOptions {
  /**
   * Entries by remote, primary first, then last-known-good fallbacks (the runtime config's `remotes`, as
   * `entryAddress` maps them: containers in the browser, manifests on the render server).
   */
  entries: Record<string, string[]>;
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
  /** The entry the remote is loaded from now. */
  entryInUse(remote: string): string | undefined;
  /** Every remote's entries as they are now (the integrity plugin finds a file's release by them). */
  entries(): Record<string, string[]>;
  /** Whether `url` is an entry in use with another one after it (the deadline plugin asks). */
  hasFallback(url: string): boolean;
  /** The entry in use broke at start (its module threw): moves on. False when it was the last (back to the start). */
  skipEntry(remote: string): boolean;
  /** The same address now serves another build: its next load fetches the entry afresh. */
  reload(remote: string): void;
  /** Ops changed the runtime config: a remote whose list changed starts again at its new primary. */
  setEntries(entries: Record<string, string[]>): void;
}

/**
 * A remote's primary entry and then its fallbacks, through the federation runtime's own hook: a load that fails
 * (`errorLoadRemote`; a silent host fails by `deadlinePlugin`) is answered with the same module from the next entry.
 * An entry that failed to load is passed over for a while (`failed`), so one black-holed host costs a visitor one
 * timeout, not one per page. After the last entry the next load starts over (at the primary once every entry has
 * failed), so a remote recovers when its fault is lifted.
 */
export function failoverPlugin({ entries: initial, failed = failedEntries(), now = Date.now, onSwitch }: FailoverOptions): Failover {
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
    async errorLoadRemote({ id, error, lifecycle, origin, remote: loadedFrom }) {
      // A manifest that failed is reported again, as the failed load of the module that needed it.
      if (lifecycle !== 'onLoad') return undefined;
      runtime = origin;
      const remote = id.split('/')[0] ?? id;
      const entry = entries[remote]?.[current.get(remote) ?? 0];
      if (entry === undefined) return undefined;
      // Two modules of one remote loading together fail together: the first failure moves on, the others follow
      // it. Moving on again would pass over the entry just chosen and come back round to the failed one.
      if (loadedFrom?.entry !== undefined && loadedFrom.entry !== entry) return origin.loadRemote(id);
      failed.mark(entry, now());
      if (!next(remote, error)) return undefined;
      return origin.loadRemote(id);
    },
    onFirstEntry: (remote) => (current.get(remote) ?? 0) === 0,
    entryInUse: (remote) => entries[remote]?.[current.get(remote) ?? 0],
    entries: () => entries,
    hasFallback(url) {
      return Object.entries(entries).some(([remote, list]) => {
        const index = current.get(remote) ?? 0;
        return list[index] === url && index < list.length - 1;
      });
    },
    startEntry(remote) {
      const index = firstUsable(remote);
      current.set(remote, index);
      return entries[remote]?.[index] ?? '';
    },
    skipEntry: (remote) => next(remote, new Error('模块启动时出错')),
    reload: (remote) => switchTo(remote, current.get(remote) ?? 0),
    setEntries(changed) {
      const before = entries;
      entries = changed;
      for (const remote of Object.keys(changed)) {
        if (JSON.stringify(before[remote]) !== JSON.stringify(changed[remote])) switchTo(remote, firstUsable(remote));
      }
    },
  };
}
