import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName, RuntimeConfig } from '@wenrun/shared';

/** A slower remote counts as failed for this attempt; the slot retries later. */
export const REMOTE_LOAD_TIMEOUT_MS = 8_000;

interface RemoteState {
  entries: string[];
  /** The entry the federation runtime currently has for this remote. */
  registered: string;
  /** Set after a failure: the runtime's cached state of that entry must be dropped before the next try. */
  stale: boolean;
}

const remotes = new Map<RemoteName, RemoteState>();

/** Registers every remote of the runtime config (primary entries) with the federation runtime. */
export function registerSiteRemotes(config: RuntimeConfig): void {
  const list = (Object.entries(config.remotes) as [RemoteName, string[]][]).map(([name, entries]) => {
    remotes.set(name, { entries, registered: entries[0] ?? '', stale: false });
    return { name, entry: entries[0] ?? '' };
  });
  registerRemotes(list);
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} 加载超过 ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Loads `remote/module`, trying the remote's entries in order (primary, then last-known-good fallbacks).
 * Rejects when none of them gives the module in time.
 */
export async function loadExposed<T>(remote: RemoteName, exposed: string): Promise<T> {
  const state = remotes.get(remote);
  if (!state) throw new Error(`remote ${remote} 未在运行时配置中登记`);
  const id = `${remote}/${exposed.replace(/^\.\//, '')}`;
  let lastError: unknown = new Error(`${id} 没有可用的地址`);
  for (const entry of state.entries) {
    if (state.stale || entry !== state.registered) {
      registerRemotes([{ name: remote, entry }], { force: true });
      state.registered = entry;
      state.stale = false;
    }
    try {
      const module = await withTimeout(loadRemote<T>(id), REMOTE_LOAD_TIMEOUT_MS, id);
      if (!module) throw new Error(`${id} 为空`);
      if (entry !== state.entries[0]) console.warn(`[remotes] ${id} 使用备用地址 ${entry}`);
      return module;
    } catch (error) {
      console.error(`[remotes] ${id} 从 ${entry} 加载失败：${String(error)}`);
      state.stale = true;
      lastError = error;
    }
  }
  throw lastError;
}
