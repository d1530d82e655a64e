import type { RemoteName, SlotOutcome } from '@wenrun/shared';

/** One load of a remote module, as field data reports it. */
export interface RemoteLoad {
  remote: RemoteName;
  module: string;
  ms: number;
  /** `fallback`: the module came from an entry after this visitor's first (a canary or a primary that failed). */
  outcome: SlotOutcome;
  /** The entry it came from, when it loaded. */
  entry?: string;
}

/**
 * How many loads a loader keeps for a listener that starts after them (field data is loaded only when sampled). A
 * page makes a handful; the render server, whose loader lives as long as its config and loads on every render,
 * must not keep them all.
 */
export const KEPT_REMOTE_LOADS = 50;

export interface LoadLog {
  add(load: RemoteLoad): void;
  /** Calls `listener` with every load: those kept already, then each as it ends. */
  observe(listener: (load: RemoteLoad) => void): void;
}

export function loadLog(): LoadLog {
  const kept: RemoteLoad[] = [];
  const listeners = new Set<(load: RemoteLoad) => void>();
  return {
    add(load) {
      kept.push(load);
      if (kept.length > KEPT_REMOTE_LOADS) kept.shift();
      listeners.forEach((listener) => listener(load));
    },
    observe(listener) {
      kept.forEach(listener);
      listeners.add(listener);
    },
  };
}
