import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { chunkRegistryGlobal, type RemoteName, type RuntimeConfig } from '@wenrun/shared';

/** A slower remote counts as failed for this attempt; the slot retries later. */
export const REMOTE_LOAD_TIMEOUT_MS = 8_000;

interface RemoteState {
  /** Manifest URLs from the runtime config: primary first, then last-known-good fallbacks. */
  entries: string[];
  /** Index of the entry in use; a failure moves it on, a fresh page starts at the primary again. */
  current: number;
  /** The entry the federation runtime has registered for this remote. */
  registered: string;
  /** After a failure the runtime's cached state of that entry must be dropped before the next try. */
  stale: boolean;
}

const remotes = new Map<RemoteName, RemoteState>();

/** Modules already loaded, by `remote/module`: a slot whose module is here renders it at once. */
const loadedModules = new Map<string, unknown>();

/** The last load of a module failed (every entry tried): the slot shows so until it asks again. */
const failedLoads = new Map<string, RemoteLoadError>();

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

/** Registers every remote of the runtime config (primary entries) with the federation runtime. */
export function registerSiteRemotes(config: RuntimeConfig): void {
  const list = (Object.entries(config.remotes) as [RemoteName, string[]][]).map(([name, entries]) => {
    remotes.set(name, { entries, current: 0, registered: entries[0] ?? '', stale: false });
    return { name, entry: entries[0] ?? '' };
  });
  registerRemotes(list);
}

function remoteState(remote: RemoteName): RemoteState {
  const state = remotes.get(remote);
  if (!state) throw new Error(`remote ${remote} 未在运行时配置中登记`);
  return state;
}

/** Forgets what was loaded from `remote`: the next load registers it afresh and fetches its entry and modules. */
function dropLoaded(remote: RemoteName): void {
  remoteState(remote).stale = true;
  for (const key of loadedModules.keys()) if (key.startsWith(`${remote}/`)) loadedModules.delete(key);
}

/** A new build of `remote` was published at the same address (the render server saw its manifest change). */
export function reloadRemote(remote: RemoteName): void {
  dropLoaded(remote);
}

/**
 * A module of `remote` threw while starting: the entry it came from is broken. Moves on to the next entry and
 * says whether there is one to try at once; after the last it starts over at the primary (with the slot's backoff).
 */
export function skipBrokenEntry(remote: RemoteName): boolean {
  const state = remoteState(remote);
  console.error(`[remotes] ${remote} 的 ${state.entries[state.current] ?? ''} 启动时出错`);
  dropLoaded(remote);
  if (state.current + 1 < state.entries.length) {
    state.current += 1;
    return true;
  }
  state.current = 0;
  return false;
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

/** Loads under way, by module: the bootstrap's preload and the slot that shows the module wait for one load. */
const loadsInFlight = new Map<string, Promise<unknown>>();

/**
 * Loads `remote/module`, from the entry in use and, when that fails, the next ones in order (primary, then
 * last-known-good fallbacks). Rejects when none of them gives the module in time.
 */
export function loadExposed<T>(remote: RemoteName, exposed: string): Promise<T> {
  const id = moduleId(remote, exposed);
  const inFlight = loadsInFlight.get(id);
  if (inFlight) return inFlight as Promise<T>;
  const load = loadFromEntries<T>(remote, id)
    .catch((error: unknown) => {
      const failure = new RemoteLoadError(String(error));
      failedLoads.set(id, failure);
      throw failure;
    })
    .finally(() => loadsInFlight.delete(id));
  loadsInFlight.set(id, load);
  return load;
}

async function loadFromEntries<T>(remote: RemoteName, id: string): Promise<T> {
  const state = remoteState(remote);
  let lastError: unknown = new Error(`${id} 没有可用的地址`);
  for (let index = state.current; index < state.entries.length; index++) {
    const entry = state.entries[index] ?? '';
    if (state.stale || entry !== state.registered) {
      // The chunks the remote's earlier start ran (a module that threw among them) would be run again from the
      // registry; emptied in place, the new start fetches them. The array object stays: an earlier runtime still
      // receives the chunks it asks for through it.
      const registry = (globalThis as Record<string, unknown>)[chunkRegistryGlobal(remote)];
      if (Array.isArray(registry)) registry.length = 0;
      registerRemotes([{ name: remote, entry }], { force: true });
      for (const key of loadedModules.keys()) if (key.startsWith(`${remote}/`)) loadedModules.delete(key);
      state.registered = entry;
      state.stale = false;
    }
    try {
      const module = await withTimeout(loadRemote<T>(id), REMOTE_LOAD_TIMEOUT_MS, id);
      if (!module) throw new Error(`${id} 为空`);
      state.current = index;
      loadedModules.set(id, module);
      failedLoads.delete(id);
      if (index > 0) console.warn(`[remotes] ${id} 使用备用地址 ${entry}`);
      return module;
    } catch (error) {
      console.error(`[remotes] ${id} 从 ${entry} 加载失败：${String(error)}`);
      state.stale = true;
      lastError = error;
    }
  }
  state.current = 0;
  throw lastError;
}
