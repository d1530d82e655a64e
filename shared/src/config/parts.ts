/**
 * The five parts of the site and the reference API, with their default local ports (DESIGN.md). The webpack
 * configs, `npm start`, the runtime-config defaults and the tests all read this one table.
 */
export const REMOTE_PARTS = {
  header: { folder: 'remote-header', port: 3001 },
  about: { folder: 'remote-about', port: 3002 },
  auth: { folder: 'remote-auth', port: 3003 },
  wuyou: { folder: 'remote-wuyou', port: 3004 },
} as const;

export type RemoteName = keyof typeof REMOTE_PARTS;

export const SHELL_PART = { folder: 'shell', port: 3000 } as const;

export const API_PORT = 3100;

/** The render server: pages rendered per request (activities, search, paths the build did not write). */
export const RENDER_PORT = 3005;

export const REMOTE_NAMES = Object.keys(REMOTE_PARTS) as RemoteName[];

export const MANIFEST_FILE = 'mf-manifest.json';

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

/** Beside the shell's pages: the files each entry (`main`: the site, `status`: the status page) loads. */
export const ENTRY_ASSETS_FILE = 'entry-assets.json';

export interface EntryAssets {
  /** Loaded with the entry's page. */
  initial: { js: string[]; css: string[] };
  /** Every file of the chunks the entry may load later. */
  async: { js: string[]; css: string[] };
}

/**
 * The global array in which a build's webpack runtime collects the chunks it has run (webpack's
 * `output.chunkLoadingGlobal`). A remote's container is started again after a failure; emptied first, its
 * registry no longer hands the new start the code that failed, so the chunks are fetched anew.
 */
export function chunkRegistryGlobal(buildName: string): string {
  return `webpackChunk${buildName}`;
}
