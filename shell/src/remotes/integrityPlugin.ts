import { loadScriptNode, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { NO_FILE_DIGEST, pinnedFile, type PinnedFilesGlobal, type ReleaseDigests } from '@wenrun/shared';

/** A file of a remote that was not run: its release pins no digest for it, or its content is not what was released. */
export interface RefusedFile {
  remote: string;
  /** The entry (as the failover lists it) whose build the file belongs to. */
  entry: string;
  /** The file's path beside the entry's manifest. */
  file: string;
  reason: 'unpinned' | 'changed';
}

export interface IntegrityOptions {
  /** The runtime config's `digests`: each released entry's files by SHA-384. */
  digests: ReleaseDigests;
  /** Entries by remote, as the failover has them now (containers in the browser, manifests on the render server). */
  entries: () => Record<string, string[]>;
  /**
   * Whether a file the config pins nothing for is refused: the production form (a site served over https). The demo
   * on loopback (`npm start` over http) runs it and says so; a pinned file is checked everywhere.
   */
  required: boolean;
  /**
   * The plugin whose `createScript` and `fetch` answers this one extends (the deadlines): the runtime keeps only
   * the last plugin's answer, so the integrity and the deadline go out in one.
   */
  base: Pick<ModuleFederationRuntimePlugin, 'createScript' | 'fetch'>;
  onRefused: (refused: RefusedFile) => void;
}

export interface Integrity extends ModuleFederationRuntimePlugin, PinnedFilesGlobal {
  /** Ops changed the runtime config: its digests from now on. */
  setDigests(digests: ReleaseDigests): void;
  /** Settles once the file was read again and, when changed, said. */
  failed(url: string): Promise<void>;
}

type Container = Exclude<Awaited<ReturnType<NonNullable<ModuleFederationRuntimePlugin['loadEntry']>>>, void>;
/** What a `createScript` hook answers: the element to load with, and how long to wait for it. */
interface ScriptAnswer {
  script?: HTMLScriptElement;
  timeout?: number;
}

/** Every container takes this plugin too (federationRuntime.ts): on Node each fetches its own chunks through its own hooks. */
export const INTEGRITY_PLUGIN = 'wenrun-integrity';

async function sha384(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-384', bytes));
  return `sha384-${btoa(String.fromCharCode(...digest))}`;
}

type Hook<K extends keyof ModuleFederationRuntimePlugin> = NonNullable<ModuleFederationRuntimePlugin[K]>;

/** The digests the release pins, looked up by a file's address among the failover's entries as they are now. */
function releasedPins({ digests: initial, entries, required, onRefused }: IntegrityOptions) {
  let digests = initial;

  const pinOf = (url: string) => {
    for (const [remote, list] of Object.entries(entries())) {
      const pin = pinnedFile(digests, list, url);
      if (pin) return { remote, ...pin };
    }
    return undefined;
  };

  const refuse = (url: string, reason: RefusedFile['reason']) => {
    const pin = pinOf(url);
    const refused = { remote: pin?.remote ?? '', entry: pin?.entry ?? '', file: pin?.file ?? url, reason };
    onRefused(refused);
    return refused;
  };

  const digestFor = (url: string): string | undefined => {
    const digest = pinOf(url)?.digest;
    if (digest) return digest;
    if (!required) return undefined;
    refuse(url, 'unpinned');
    return NO_FILE_DIGEST;
  };

  const setDigests = (changed: ReleaseDigests) => {
    digests = changed;
  };
  return { pinOf, refuse, digestFor, setDigests };
}
type ReleasedPins = ReturnType<typeof releasedPins>;

/** Why a pinned file failed to load in the browser: changed (its bytes read again), or only unreachable. */
function failureInBrowser(pins: ReleasedPins) {
  return async (url: string) => {
    const expected = pins.pinOf(url)?.digest;
    if (!expected) return;
    try {
      const actual = await sha384(await (await fetch(url, { mode: 'cors', credentials: 'omit' })).arrayBuffer());
      if (actual !== expected) pins.refuse(url, 'changed');
    } catch {
      // Unreachable: a network failure, which the failover answers like any other.
    }
  };
}

/** A remote's file on Node, handed to the runtime only when its bytes are the ones released. */
function checkedFetch(pins: ReleasedPins, required: boolean, base: IntegrityOptions['base']) {
  return async (url: string, init: RequestInit = {}): Promise<Response> => {
    const expected = pins.pinOf(url)?.digest;
    if (!expected && required) {
      const { remote, file } = pins.refuse(url, 'unpinned');
      throw new Error(`${remote} 的 ${file} 没有发布时记录的摘要，未加载`);
    }
    const fromBase = await base.fetch?.(url, init);
    const response = fromBase instanceof Response ? fromBase : await fetch(url, init);
    if (!expected) return response;
    const bytes = await response.arrayBuffer();
    // A 404 page or an error body is no more the released file than a changed one: neither is evaluated.
    if ((await sha384(bytes)) !== expected) {
      const { remote, file } = pins.refuse(url, 'changed');
      throw new Error(`${remote} 的 ${file} 与发布时记录的摘要不符，未运行`);
    }
    return new Response(bytes, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/** The browser's container: loaded with its digest as `integrity`, with the base plugin's deadline in the same answer. */
function scriptWithIntegrity(pins: ReleasedPins, base: IntegrityOptions['base'], failed: (url: string) => Promise<void>): Hook<'createScript'> {
  return (args) => {
    const answer = base.createScript?.(args) as ScriptAnswer | undefined;
    // On Node the runtime asks this hook for the address only; the file itself is loaded by `loadEntry`, checked.
    if (typeof document === 'undefined') return answer;
    const integrity = pins.digestFor(args.url);
    if (integrity === undefined) return answer;
    const script = document.createElement('script');
    script.src = args.url;
    script.integrity = integrity;
    script.crossOrigin = 'anonymous';
    script.addEventListener('error', () => void failed(args.url));
    return { ...answer, script };
  };
}

/**
 * On Node the runtime fetches a container with the global fetch, past every plugin (its loadEntryNode hands the SDK
 * no fetch hook): it is loaded here by the SDK's own loader instead, through the checked fetch. The SDK reads the
 * hook as `loaderHook.fetch` and calls `loaderHook.lifecycle.fetch.emit`, a shape its types omit.
 */
function containerOnNode(fetchChecked: ReturnType<typeof checkedFetch>): Hook<'loadEntry'> {
  return async ({ remoteInfo }) => {
    if (typeof document !== 'undefined') return undefined;
    const loaderHook = { fetch: fetchChecked, lifecycle: { fetch: { emit: fetchChecked } } };
    const attrs = { name: remoteInfo.name, globalName: remoteInfo.entryGlobalName, type: remoteInfo.type };
    return (await loadScriptNode(remoteInfo.entry, { attrs, loaderHook } as Parameters<typeof loadScriptNode>[1])) as unknown as Container;
  };
}

/**
 * Runs only what ops released (issue 51): each file of a remote, its container, chunks, stylesheets and, on the
 * render server, its manifest and server build, must have the SHA-384 the runtime config pins for its entry. In the
 * browser the container is loaded with `integrity` and `crossorigin` (`createScript`) and the remote's own chunk
 * loading asks `digestFor` (the page's `PINNED_FILES_GLOBAL`), so the browser refuses a changed file before it runs;
 * on Node every file comes through `fetch`, whose bytes are checked before the runtime evaluates them. A file
 * refused fails its load: the failover moves to the next entry, or the slot shows its fallback.
 */
export function integrityPlugin(options: IntegrityOptions): Integrity {
  const pins = releasedPins(options);
  const failed = failureInBrowser(pins);
  const fetchChecked = checkedFetch(pins, options.required, options.base);
  return {
    name: INTEGRITY_PLUGIN,
    digestFor: pins.digestFor,
    failed,
    setDigests: pins.setDigests,
    createScript: scriptWithIntegrity(pins, options.base, failed),
    fetch: fetchChecked,
    loadEntry: containerOnNode(fetchChecked),
  };
}
