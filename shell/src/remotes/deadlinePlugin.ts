import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export interface DeadlineOptions {
  /** A remote entry (or, in Node, any file fetched) slower than this counts as failed. */
  timeoutMs: number;
  /** A manifest slower than this counts as failed, when `hasFallback` says another entry could answer instead. */
  manifestTimeoutMs: number;
  hasFallback: (manifestUrl: string) => boolean;
}

/**
 * Deadlines for what the runtime fetches, through its `fetch` (manifests; in Node, remote entries too) and
 * `createScript` (entries in the browser) hooks: a host that never answers fails like one that is down, and the
 * failover moves on. The short manifest deadline is used only when there is a fallback: a remote's last entry on a
 * slow phone network would otherwise be cut off on every attempt.
 */
export function deadlinePlugin({ timeoutMs, manifestTimeoutMs, hasFallback }: DeadlineOptions): ModuleFederationRuntimePlugin {
  return {
    name: 'wenrun-deadlines',
    async fetch(url, init) {
      const limit = url.endsWith('.json') && hasFallback(url) ? manifestTimeoutMs : timeoutMs;
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
  };
}
