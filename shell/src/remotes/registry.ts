import { loadRemote, registerGlobalPlugins, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { storageArea, type RemoteName, type RuntimeConfig, type SlotOutcome } from '@wenrun/shared';
import { visitorBucket, visitorReleases, type VisitorReleases } from '../canary/canary';
import { entryAddress } from './entryAddress';
import { failedEntries } from './failedEntries';
import { deadlinePlugin } from './deadlinePlugin';
import { failoverPlugin, type Failover } from './failoverPlugin';
import { sharedRetryPlugin } from './sharedRetryPlugin';
import { REMOTE_LOAD_TIMEOUT_MS, WAIT_BEFORE_FALLBACK_MS } from './loadDeadlines';


/** Modules already loaded, by `remote/module`: a slot whose module is here renders it at once. */
const loadedModules = new Map<string, unknown>();

/** The last load of a module failed (every entry tried): the slot shows so until it asks again. */
const failedLoads = new Map<string, RemoteLoadError>();

/** Loads under way, by module: the bootstrap's preload and the slot that shows the module wait for one load. */
const loadsInFlight = new Map<string, Promise<unknown>>();

let failover: Failover | undefined;

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
 * The page's latest loads, for a listener that starts after them (field data is loaded only when sampled). A page
 * makes a handful; the render server, which runs this module for as long as it lives and loads on every render,
 * must not keep them all.
 */
const remoteLoads: RemoteLoad[] = [];
export const KEPT_REMOTE_LOADS = 50;
const loadListeners = new Set<(load: RemoteLoad) => void>();

/** Calls `listener` with every load of the page: those done already, then each as it ends. */
export function observeRemoteLoads(listener: (load: RemoteLoad) => void): void {
  remoteLoads.forEach(listener);
  loadListeners.add(listener);
}

function reportLoad(load: RemoteLoad): void {
  remoteLoads.push(load);
  if (remoteLoads.length > KEPT_REMOTE_LOADS) remoteLoads.shift();
  loadListeners.forEach((listener) => listener(load));
}

/** A module that could not be loaded from any entry, as opposed to one that threw while rendering. */
export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
}

/** `header/Header` for the remote `header` and its module `./Header`: how slots are named in logs and pages. */
export function moduleId(remote: RemoteName, exposed: string): string {
  return `${remote}/${exposed.replace(/^\.\//, '')}`;
}

/** Whether `remote/module` has been loaded or has failed to (a slot shows it at once, or its failure). */
export function moduleSettled(remote: RemoteName, exposed: string): boolean {
  const id = moduleId(remote, exposed);
  return loadedModules.has(id) || failedLoads.has(id);
}

export function loadedModule<T>(remote: RemoteName, exposed: string): T | undefined {
  return loadedModules.get(moduleId(remote, exposed)) as T | undefined;
}

/**
 * Registers the runtime config's remotes for this visitor (a canary first where the visitor is in its share), each
 * at its first entry not passed over, and the failover plugin.
 */
export function registerSiteRemotes(config: RuntimeConfig): VisitorReleases {
  const releases = visitorReleases(config, visitorBucket(storageArea('local') ?? undefined));
  const entries = Object.fromEntries(
    Object.entries(releases.entries).map(([name, addresses]) => [name, addresses.map(entryAddress)]),
  ) as Record<RemoteName, string[]>;
  if (failover) {
    failover.setEntries(entries);
    return releases;
  }
  const plugin = failoverPlugin({
    entries,
    failed: failedEntries(storageArea('session') ?? undefined),
    onSwitch: (remote, entry, reason) => console.warn(`[remotes] ${remote} 使用备用地址 ${entry}（${String(reason)}）`),
  });
  failover = plugin;
  const deadlines = deadlinePlugin({
    timeoutMs: REMOTE_LOAD_TIMEOUT_MS,
    fallbackAfterMs: WAIT_BEFORE_FALLBACK_MS,
    hasFallback: (url) => plugin.hasFallback(url),
  });
  // Before any remote starts: each remote's container takes the page's global plugins into its own instance.
  registerGlobalPlugins([sharedRetryPlugin()]);
  registerPlugins([plugin, deadlines]);
  registerRemotes(Object.keys(entries).map((name) => ({ name, entry: plugin.startEntry(name) })));
  return releases;
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
export function skipBrokenEntry(remote: RemoteName, module: string): boolean {
  console.error(`[remotes] ${remote} 启动时出错`);
  reportLoad({ remote, module, ms: 0, outcome: 'failed' });
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
  const started = performance.now();
  const report = (outcome: SlotOutcome, entry?: string) =>
    reportLoad({ remote, module: exposed, ms: Math.round(performance.now() - started), outcome, ...(entry ? { entry } : {}) });
  const load = loadRemote<T>(id)
    .then((module) => {
      if (!module) throw new Error(`${id} 为空`);
      loadedModules.set(id, module);
      failedLoads.delete(id);
      report(failover?.onFirstEntry(remote) === false ? 'fallback' : 'loaded', failover?.entryInUse(remote));
      return module;
    })
    .catch((error: unknown) => {
      report('failed');
      console.error(`[remotes] ${id} 加载失败：${String(error)}`);
      const failure = new RemoteLoadError(String(error));
      failedLoads.set(id, failure);
      throw failure;
    })
    .finally(() => loadsInFlight.delete(id));
  loadsInFlight.set(id, load);
  return load;
}
