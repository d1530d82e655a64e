import type { ModuleFederation, ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { chunkRegistryGlobal } from '@wenrun/shared';

export interface FailoverOptions {
  /** Manifest URLs by remote: primary first, then last-known-good fallbacks (the runtime config's `remotes`). */
  entries: Record<string, string[]>;
  /** A manifest or remote entry slower than this counts as failed. */
  timeoutMs: number;
  /** Told each time a remote moves to another entry (for the console and the status page). */
  onSwitch?: (remote: string, entry: string, reason: unknown) => void;
}

export interface Failover extends ModuleFederationRuntimePlugin {
  /** The entry in use broke at start (its module threw): moves on. False when it was the last (back to the primary). */
  skipEntry(remote: string): boolean;
  /** The same address now serves another build: its next load fetches the entry afresh. */
  reload(remote: string): void;
  /** Ops changed the runtime config: a remote whose list changed starts again at its new primary. */
  setEntries(entries: Record<string, string[]>): void;
}

/**
 * A remote's primary entry and then its fallbacks, through the federation runtime's own hooks: a load that fails
 * (`errorLoadRemote`) is answered with the same module from the next entry; a manifest (`fetch`) or remote entry
 * (`createScript`) that never answers fails after `timeoutMs`. After the last entry the next load starts at the
 * primary again, so a remote recovers as soon as its fault is lifted.
 */
export function failoverPlugin({ entries: initial, timeoutMs, onSwitch }: FailoverOptions): Failover {
  let entries = initial;
  const current = new Map<string, number>();
  let runtime: ModuleFederation | undefined;

  const switchTo = (remote: string, index: number) => {
    current.set(remote, index);
    forgetStartedChunks(remote);
    runtime?.registerRemotes([{ name: remote, entry: entries[remote]?.[index] ?? '' }], { force: true });
  };

  const next = (remote: string, reason: unknown): boolean => {
    const index = (current.get(remote) ?? 0) + 1;
    const entry = entries[remote]?.[index];
    switchTo(remote, entry === undefined ? 0 : index);
    if (entry !== undefined) onSwitch?.(remote, entry, reason);
    return entry !== undefined;
  };

  return {
    name: 'wenrun-failover',
    registerRemote(args) {
      runtime = args.origin;
      return args;
    },
    async fetch(url, init) {
      // Manifests (and in Node, remote entries) come through here: a deadline, so a silent host fails like a dead one.
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new Error(`${url} 超过 ${timeoutMs} ms 没有回应`)), timeoutMs);
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
      if (!entries[remote] || !next(remote, error)) return undefined;
      return origin.loadRemote(id);
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
        if (JSON.stringify(before[remote]) !== JSON.stringify(changed[remote])) switchTo(remote, 0);
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
