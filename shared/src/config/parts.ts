import table from './parts.json';

/**
 * The parts of the site, the render server and the reference API, with their default local ports
 * (docs/ARCHITECTURE.md). `parts.json` is the one table: the webpack configs, `npm start`, nginx, the runtime-config
 * defaults, the lint boundaries and the Jest projects (both read the JSON), the budgets, the bench and the tests all
 * derive their lists from it, and `deploy/parts.test.ts` fails when a list kept by hand (workspaces, TypeScript
 * includes, the example runtime config) drifts from it. A new remote is one entry there and its folder.
 */
export const REMOTE_PARTS: Readonly<Record<keyof typeof table.remotes, Part>> = table.remotes;

export interface Part {
  folder: string;
  port: number;
}

export type RemoteName = keyof typeof table.remotes;

export const SHELL_PART: Part = table.shell;

export const API_PORT = table.api.port;

/** The render server: pages rendered per request (activities, search, paths the build did not write). */
export const RENDER_PORT = table.render.port;

/** The canary guard's metrics (`/metrics`, loopback): it serves no visitor, so its port is the one after the API's. */
export const GUARD_METRICS_PORT = API_PORT + 1;

/** The folders of browser code: `shared`, the shell and the remotes (each a Jest project; the bench's inputs). */
export const WEB_PART_FOLDERS: readonly string[] = ['shared', table.shell.folder, ...Object.values(table.remotes).map((part) => part.folder)];

/** Every workspace folder that is a part of the table, the shell first. */
export const PART_FOLDERS: readonly string[] = [table.shell, ...Object.values(table.remotes), table.render, table.api].map(
  (part) => part.folder,
);

export const REMOTE_NAMES = Object.keys(REMOTE_PARTS) as RemoteName[];

export const MANIFEST_FILE = 'mf-manifest.json';

/**
 * A remote's federation container, in the same folder as its manifest (every part's build writes both there; the
 * contract check holds them to it). The browser loads a remote from this file, the render server from the manifest.
 */
export const REMOTE_ENTRY_FILE = 'remoteEntry.js';

/**
 * A remote's production build of its standalone dev page, beside `dist` (the folder that is served and deployed),
 * never in it: development-only code does not ship. `npm run dev -w <remote>` serves the page itself.
 */
export const STANDALONE_DIST = 'dist-standalone';

/** What a build says about itself: in each bundle (`__BUILD_INFO__`), in VERSION_FILE, on the status page. */
export interface BuildInfo {
  name: string;
  version: string;
  gitHash: string;
  builtAt: string;
}

/**
 * Beside each part's manifest: which build a deployed folder holds, readable with curl (ops, monitoring, the
 * deploy script). Not content-hashed, so it is served `no-cache` and published together with the manifest.
 */
export const VERSION_FILE = 'version.json';

/** The shell's client-rendered page: the template of every server-rendered page and the history-mode fallback. */
export const APP_PAGE = 'app.html';

export const RUNTIME_CONFIG_FILE = 'runtime-config.json';

/**
 * Beside the runtime config: one JSON line per release step (`npm run release`, the canary guard), served with it
 * for the status page.
 */
export const RELEASE_HISTORY_FILE = 'release-history.jsonl';

/**
 * Beside the pages written at build: the runtime config they were rendered with (each page carries it in its state),
 * so a server can tell whether they still fit the config it serves (deploy/serve/writtenPages.ts).
 */
export const PAGES_CONFIG_FILE = 'pages-config.json';

/** Beside the shell's pages: the files each entry (`main`: the site, `status`: the status page) loads. */
export const ENTRY_ASSETS_FILE = 'entry-assets.json';

/** Files of a group of chunks that load together, and the shared packages (share keys) its modules consume. */
export interface ChunkGroupAssets {
  js: string[];
  css: string[];
  shared: string[];
}

export interface EntryAssets {
  /** Loaded with the entry's page. */
  initial: ChunkGroupAssets;
  /** Every file of the chunks the entry may load later. */
  async: { js: string[]; css: string[] };
  /**
   * The named chunk groups the entry may load (`bootstrap`, `layout` …, from `webpackChunkName`), each whole: what
   * the budgets add up for a page, from what the build says rather than from reading its code.
   */
  groups: Record<string, ChunkGroupAssets>;
  /** The shared packages the build provides, by share key: the files of each and what it consumes in turn. */
  shared: Record<string, ChunkGroupAssets>;
}

/**
 * The global array in which a build's webpack runtime collects the chunks it has run (webpack's
 * `output.chunkLoadingGlobal`). A remote's container is started again after a failure; emptied first, its
 * registry no longer hands the new start the code that failed, so the chunks are fetched anew.
 */
export function chunkRegistryGlobal(buildName: string): string {
  return `webpackChunk${buildName}`;
}
