import { storageArea, type PinnedFilesGlobal, type RemoteName, type RuntimeConfig, type SlotOutcome } from '@wenrun/shared';
import { visitorBucket, visitorReleases } from '../canary/canary';
import { entryAddress } from './entryAddress';
import { failedEntries } from './failedEntries';
import { deadlinePlugin } from './deadlinePlugin';
import { failoverPlugin, type Failover } from './failoverPlugin';
import { integrityPlugin, type Integrity, type RefusedFile } from './integrityPlugin';
import { pageRuntime, type FederationRuntime } from './federationRuntime';
import { REMOTE_LOAD_TIMEOUT_MS, WAIT_BEFORE_FALLBACK_MS } from './loadDeadlines';
import { loadLog, type RemoteLoad } from './remoteLoads';

/**
 * The loads of remote modules for one runtime config: the browser's bootstrap makes one for the page, the render
 * server one for each config it renders with. Every part of the shell that loads a remote module (the slots, the
 * preload before hydration, a navigation's wait, field data) gets it through React context or as an argument.
 */
export interface RemoteLoader {
  /** The remotes this visitor loads from a canary build. */
  readonly canary: RemoteName[];
  /** What the remotes' own chunk loading asks (the page sets it as `PINNED_FILES_GLOBAL`: bootstrap.tsx). */
  readonly pinnedFiles: PinnedFilesGlobal;
  /**
   * For rendering: the module when it is loaded; otherwise its load is started (once) and the promise thrown, so
   * the nearest `<Suspense>` waits (in the browser, a hydrating slot keeps the server's markup meanwhile). A load
   * that failed is thrown as its error until `forgetFailure`.
   */
  read<T>(remote: RemoteName, exposed: string): T;
  /** Loads `remote/module` (the failover tries each entry in turn); rejects when none gives the module. */
  load<T>(remote: RemoteName, exposed: string): Promise<T>;
  /** Loaded, or failed to (a slot shows it at once, or its failure). */
  settled(remote: RemoteName, exposed: string): boolean;
  loaded<T>(remote: RemoteName, exposed: string): T | undefined;
  forgetFailure(remote: RemoteName, exposed: string): void;
  /**
   * A module of `remote` threw while starting: the entry it came from is broken. Moves on to the next entry and says
   * whether there is one to try at once; after the last it starts over at the primary (with the slot's backoff).
   */
  skipBrokenEntry(remote: RemoteName, exposed: string): boolean;
  /** A new build of `remote` was published at the same address (the render server saw its manifest change). */
  reload(remote: RemoteName): void;
  /** Calls `listener` with every load: those done already, then each as it ends. */
  observeLoads(listener: (load: RemoteLoad) => void): void;
  /** Calls `listener` with each file of a remote not run because it is not what ops released (integrityPlugin.ts). */
  observeRefusedFiles(listener: (refused: RefusedFile) => void): void;
  /**
   * The loader for another config of the same process (ops edited the file the render server reads): loads of its
   * own, on the same runtime and failover; a remote whose list changed starts again at its new primary.
   */
  forConfig(config: RuntimeConfig): RemoteLoader;
}

/** A module that could not be loaded from any entry, as opposed to one that threw while rendering. */
export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
}

/** `header/Header` for the remote `header` and its module `./Header`: how slots are named in logs and pages. */
export function moduleId(remote: RemoteName, exposed: string): string {
  return `${remote}/${exposed.replace(/^\.\//, '')}`;
}

/** The config's entries for this visitor (a canary first where the visitor is in its share), as the runtime loads them. */
function entriesFor(config: RuntimeConfig) {
  const releases = visitorReleases(config, visitorBucket(storageArea('local') ?? undefined));
  const entries = Object.fromEntries(
    Object.entries(releases.entries).map(([name, addresses]) => [name, addresses.map(entryAddress)]),
  ) as Record<RemoteName, string[]>;
  return { entries, canary: Object.keys(releases.canary) as RemoteName[] };
}

export interface LoaderOptions {
  /**
   * A file whose release pins no digest is refused, not run: the site is served over https (the production form).
   * Default: the page's own protocol in the browser; the render server says it from the site's address.
   */
  pinsRequired?: boolean;
}

/** Where a refused file is said: the console (and ops' logs on the render server), and the loader's listeners. */
function refusedFiles() {
  const listeners = new Set<(refused: RefusedFile) => void>();
  return {
    say(refused: RefusedFile) {
      const why = refused.reason === 'changed' ? '内容与发布时记录的摘要不符' : '发布时没有记录摘要';
      console.error(`[integrity] ${refused.remote} 的 ${refused.file}（${refused.entry}）${why}，未运行`);
      listeners.forEach((listener) => listener(refused));
    },
    observe: (listener: (refused: RefusedFile) => void) => void listeners.add(listener),
  };
}

/**
 * The first loader of a runtime: registers the failover, integrity and deadline plugins and the config's remotes,
 * each at its first entry not passed over. A runtime takes its plugins once; a later config of it is `forConfig`.
 */
export function createRemoteLoader(
  config: RuntimeConfig,
  runtime: FederationRuntime = pageRuntime,
  { pinsRequired = typeof location !== 'undefined' && location.protocol === 'https:' }: LoaderOptions = {},
): RemoteLoader {
  const { entries, canary } = entriesFor(config);
  const failover = failoverPlugin({
    entries,
    failed: failedEntries(storageArea('session') ?? undefined),
    onSwitch: (remote, entry, reason) => console.warn(`[remotes] ${remote} 使用备用地址 ${entry}（${String(reason)}）`),
  });
  const deadlines = deadlinePlugin({
    timeoutMs: REMOTE_LOAD_TIMEOUT_MS,
    fallbackAfterMs: WAIT_BEFORE_FALLBACK_MS,
    hasFallback: (url) => failover.hasFallback(url),
  });
  const refused = refusedFiles();
  const integrity = integrityPlugin({
    digests: config.digests,
    entries: () => failover.entries(),
    required: pinsRequired,
    base: deadlines,
    onRefused: refused.say,
  });
  runtime.registerPlugins([failover, integrity]);
  runtime.registerRemotes(Object.keys(entries).map((name) => ({ name, entry: failover.startEntry(name) })));
  return loaderOver(runtime, failover, integrity, refused.observe, canary);
}

/**
 * A config's modules, by `remote/module`: one load for every caller that asks at once, the loaded module at hand for a
 * synchronous render, the last failure kept until the slot asks again, and the loads for field data.
 */
function moduleLoads(runtime: FederationRuntime, failover: Failover) {
  /** Modules already loaded, by `remote/module`: a slot whose module is here renders it at once. */
  const loadedModules = new Map<string, unknown>();
  /** The last load of a module failed (every entry tried): the slot shows so until it asks again. */
  const failedLoads = new Map<string, RemoteLoadError>();
  /** Loads under way, by module: the bootstrap's preload and the slot that shows the module wait for one load. */
  const loadsInFlight = new Map<string, Promise<unknown>>();
  const loads = loadLog();

  const load = <T>(remote: RemoteName, exposed: string): Promise<T> => {
    const id = moduleId(remote, exposed);
    const inFlight = loadsInFlight.get(id);
    if (inFlight) return inFlight as Promise<T>;
    const started = performance.now();
    const report = (outcome: SlotOutcome, entry?: string) =>
      loads.add({ remote, module: exposed, ms: Math.round(performance.now() - started), outcome, ...(entry ? { entry } : {}) });
    const loading = runtime
      .loadRemote<T>(id)
      .then((module) => {
        if (!module) throw new Error(`${id} 为空`);
        loadedModules.set(id, module);
        failedLoads.delete(id);
        report(failover.onFirstEntry(remote) ? 'loaded' : 'fallback', failover.entryInUse(remote));
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
    loadsInFlight.set(id, loading);
    return loading;
  };

  return {
    loads,
    load,
    read<T>(remote: RemoteName, exposed: string): T {
      const id = moduleId(remote, exposed);
      const loaded = loadedModules.get(id);
      if (loaded) return loaded as T;
      const failure = failedLoads.get(id);
      if (failure) throw failure;
      throw load(remote, exposed).catch(() => undefined);
    },
    settled: (remote: RemoteName, exposed: string) =>
      loadedModules.has(moduleId(remote, exposed)) || failedLoads.has(moduleId(remote, exposed)),
    loaded: <T>(remote: RemoteName, exposed: string) => loadedModules.get(moduleId(remote, exposed)) as T | undefined,
    forgetFailure: (remote: RemoteName, exposed: string) => void failedLoads.delete(moduleId(remote, exposed)),
    /** A new build of `remote` (or a broken one): its modules are loaded again. */
    dropLoaded: (remote: RemoteName) => {
      for (const key of loadedModules.keys()) if (key.startsWith(`${remote}/`)) loadedModules.delete(key);
    },
  };
}

/** The loader over a runtime whose plugins are registered: its config's modules, its canary, its entries' changes. */
function loaderOver(
  runtime: FederationRuntime,
  failover: Failover,
  integrity: Integrity,
  observeRefusedFiles: RemoteLoader['observeRefusedFiles'],
  canary: RemoteName[],
): RemoteLoader {
  const { loads, dropLoaded, ...modules } = moduleLoads(runtime, failover);
  return {
    ...modules,
    canary,
    pinnedFiles: { digestFor: integrity.digestFor, failed: integrity.failed },
    skipBrokenEntry(remote, exposed) {
      console.error(`[remotes] ${remote} 启动时出错`);
      loads.add({ remote, module: exposed, ms: 0, outcome: 'failed' });
      dropLoaded(remote);
      return failover.skipEntry(remote);
    },
    reload(remote) {
      dropLoaded(remote);
      failover.reload(remote);
    },
    observeLoads: (listener) => loads.observe(listener),
    observeRefusedFiles,
    forConfig(config) {
      const next = entriesFor(config);
      integrity.setDigests(config.digests);
      failover.setEntries(next.entries);
      return loaderOver(runtime, failover, integrity, observeRefusedFiles, next.canary);
    },
  };
}
