import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName, RuntimeConfig } from '@wenrun/shared';
import { failoverPlugin, type Failover } from './failoverPlugin';

/** A manifest or remote entry slower than this counts as failed for this attempt; the slot retries later. */
export const REMOTE_LOAD_TIMEOUT_MS = 8_000;

/** Modules already loaded, by `remote/module`: a slot whose module is here renders it at once. */
const loadedModules = new Map<string, unknown>();

/** The last load of a module failed (every entry tried): the slot shows so until it asks again. */
const failedLoads = new Map<string, RemoteLoadError>();

/** Loads under way, by module: the bootstrap's preload and the slot that shows the module wait for one load. */
const loadsInFlight = new Map<string, Promise<unknown>>();

let failover: Failover | undefined;

/** A module that could not be loaded from any entry, as opposed to one that threw while rendering. */
export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
}

/** `header/Header` for the remote `header` and its module `./Header`: how slots are named in logs and pages. */
export function moduleId(remote: RemoteName, exposed: string): string {
  return `${remote}/${exposed.replace(/^\.\//, '')}`;
}

export function loadedModule<T>(remote: RemoteName, exposed: string): T | undefined {
  return loadedModules.get(moduleId(remote, exposed)) as T | undefined;
}

/** Registers every remote of the runtime config (primary entries) with the federation runtime, and the failover. */
export function registerSiteRemotes(config: RuntimeConfig): void {
  if (failover) return failover.setEntries(config.remotes);
  failover = failoverPlugin({
    entries: config.remotes,
    timeoutMs: REMOTE_LOAD_TIMEOUT_MS,
    onSwitch: (remote, entry, reason) => console.warn(`[remotes] ${remote} 使用备用地址 ${entry}（${String(reason)}）`),
  });
  registerPlugins([failover]);
  registerRemotes((Object.entries(config.remotes) as [RemoteName, string[]][]).map(([name, entries]) => ({ name, entry: entries[0] ?? '' })));
}

function dropLoaded(remote: RemoteName): void {
  for (const key of loadedModules.keys()) if (key.startsWith(`${remote}/`)) loadedModules.delete(key);
}

/** A new build of `remote` was published at the same address (the render server saw its manifest change). */
export function reloadRemote(remote: RemoteName): void {
  dropLoaded(remote);
  failover?.reload(remote);
}

/**
 * A module of `remote` threw while starting: the entry it came from is broken. Moves on to the next entry and
 * says whether there is one to try at once; after the last it starts over at the primary (with the slot's backoff).
 */
export function skipBrokenEntry(remote: RemoteName): boolean {
  console.error(`[remotes] ${remote} 启动时出错`);
  dropLoaded(remote);
  return failover?.skipEntry(remote) ?? false;
}

/**
 * For rendering: the module when it is loaded; otherwise its load is started (once) and the promise thrown, so
 * the nearest `<Suspense>` waits (in the browser, a hydrating slot keeps the server's markup meanwhile). A load
 * that failed is thrown as its error until `forgetFailure`.
 */
export function readExposed<T>(remote: RemoteName, exposed: string): T {
  const id = moduleId(remote, exposed);
  const loaded = loadedModules.get(id);
  if (loaded) return loaded as T;
  const failure = failedLoads.get(id);
  if (failure) throw failure;
  throw loadExposed(remote, exposed).catch(() => undefined);
}

export function forgetFailure(remote: RemoteName, exposed: string): void {
  failedLoads.delete(moduleId(remote, exposed));
}

/** Loads `remote/module` (the failover plugin tries each entry in turn); rejects when none gives the module. */
export function loadExposed<T>(remote: RemoteName, exposed: string): Promise<T> {
  const id = moduleId(remote, exposed);
  const inFlight = loadsInFlight.get(id);
  if (inFlight) return inFlight as Promise<T>;
  const load = loadRemote<T>(id)
    .then((module) => {
      if (!module) throw new Error(`${id} 为空`);
      loadedModules.set(id, module);
      failedLoads.delete(id);
      return module;
    })
    .catch((error: unknown) => {
      console.error(`[remotes] ${id} 加载失败：${String(error)}`);
      const failure = new RemoteLoadError(String(error));
      failedLoads.set(id, failure);
      throw failure;
    })
    .finally(() => loadsInFlight.delete(id));
  loadsInFlight.set(id, load);
  return load;
}
