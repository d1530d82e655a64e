import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export interface DeadlineOptions {
  /** A remote entry (or, in Node, any file fetched) slower than this counts as failed. */
  timeoutMs: number;
  /** An entry's first file slower than this counts as failed, when `hasFallback` says another entry could answer. */
  fallbackAfterMs: number;
  hasFallback: (url: string) => boolean;
}

/**
 * Deadlines for what the runtime fetches, through its `createScript` (containers in the browser) and `fetch` (on
 * Node: manifests and containers) hooks: a host that never answers fails like one that is down, and the failover
 * moves on. The short deadline is for an entry's first file, and only when there is a fallback: a remote's last
 * entry on a slow phone network would otherwise be cut off on every attempt.
 */
export function deadlinePlugin({ timeoutMs, fallbackAfterMs, hasFallback }: DeadlineOptions): ModuleFederationRuntimePlugin {
  const limitFor = (url: string) => (hasFallback(url) ? fallbackAfterMs : timeoutMs);
  return {
    name: 'wenrun-deadlines',
    async fetch(url, init) {
      const limit = limitFor(url);
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new Error(`${url} 超过 ${limit} ms 没有回应`)), limit);
      try {
        return await fetch(url, { ...init, signal: controller.signal });
      } finally {
        clearTimeout(timer);
      }
    },
    createScript({ url }) {
      return { timeout: limitFor(url) };
    },
  };
}
