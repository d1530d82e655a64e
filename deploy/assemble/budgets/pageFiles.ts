/**
 * What a page downloads before it is live, read from what the build says: each part's stats file
 * (ENTRY_ASSETS_FILE, written by deploy/assemble/webpack/plugins.ts: its entry, its named chunk groups, the shared
 * packages it provides, and what share keys each consumes) and each remote's `mf-manifest.json` (its entry file and
 * the files of each exposed module). No code is read.
 *
 * The files of a shared package come from the stats file, not the manifest: the manifest's `shared[].assets` lists
 * chunks the package's loader never fetches (a second id of a merged chunk, another package's chunk) and misses
 * some it does (the shell's `@wenrun/shared` stylesheets), which the browser-measured test showed.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  APP_PAGE,
  ENTRY_ASSETS_FILE,
  MANIFEST_FILE,
  modulesOf,
  REMOTE_PARTS,
  routeOf,
  type ChunkGroupAssets,
  type EntryAssets,
} from '@wenrun/shared/node';
import { SHELL_PAGE_GROUPS, STARTUP_GROUPS } from './data';

/** The shell's entry of the site's pages (the status page is another). */
const SITE_ENTRY = 'main';

/** A part's build: the shell or a remote, by its runtime-config name. */
export interface BuiltPart {
  name: string;
  /** Folder name (`shell`, `remote-header` …), for messages. */
  folder: string;
  dir: string;
}

export interface SiteBuild {
  shell: BuiltPart;
  remotes: BuiltPart[];
}

export function siteBuildAt(root: string, distName = 'dist'): SiteBuild {
  return {
    shell: { name: 'shell', folder: 'shell', dir: path.join(root, 'shell', distName) },
    remotes: Object.entries(REMOTE_PARTS).map(([name, { folder }]) => ({ name, folder, dir: path.join(root, folder, distName) })),
  };
}

/** One file a page downloads, named by the part it comes from. */
export interface PageFile {
  part: BuiltPart;
  file: string;
}

interface ManifestAssets {
  js: { sync: string[] };
  css: { sync: string[] };
}

/** The parts of `mf-manifest.json` the budgets read. */
interface FederationManifest {
  metaData: { remoteEntry: { name: string } };
  exposes: { path: string; assets: ManifestAssets }[];
}

function readJson<T>(part: BuiltPart, file: string): T {
  const full = path.join(part.dir, file);
  if (!fs.existsSync(full)) throw new Error(`${full} 不存在（未构建？）`);
  return JSON.parse(fs.readFileSync(full, 'utf8')) as T;
}

function filesOf(assets: ManifestAssets): string[] {
  return [...assets.js.sync, ...assets.css.sync];
}

/** The page a path is served from: its page written at build, or the template the render server fills. */
export function pageOf(pathname: string): string {
  return routeOf(pathname).route.rendered === 'build' ? path.posix.join(pathname, 'index.html').replace(/^\//, '') : APP_PAGE;
}

/** A part's build as the budgets read it: its stats (entry, chunk groups, shared packages). */
interface PartStats {
  part: BuiltPart;
  stats: EntryAssets;
}

function statsOf(part: BuiltPart, entry: string): PartStats {
  const stats = readJson<Record<string, EntryAssets>>(part, ENTRY_ASSETS_FILE)[entry];
  if (!stats) throw new Error(`${part.folder}/${ENTRY_ASSETS_FILE} 中没有入口 ${entry}`);
  return { part, stats };
}

/**
 * Every file the site's pages may ever load from the shell (its `main` entry's, now or on demand) and every file of
 * every remote: what no visitor's page can reach is only the status page's own.
 */
export function visitorReachableFiles(site: SiteBuild): PageFile[] {
  const { stats } = statsOf(site.shell, SITE_ENTRY);
  const groups = [stats.initial, stats.async, ...Object.values(stats.groups), ...Object.values(stats.shared)];
  const shellFiles = groups.flatMap((group) => [...group.js, ...group.css]);
  const remoteFiles = site.remotes.flatMap((part) =>
    (fs.readdirSync(part.dir, { recursive: true }) as string[]).filter((file) => /\.(js|css)$/.test(file) && !file.startsWith(`server${path.sep}`)).map((file) => ({ part, file })),
  );
  return [...new Set(shellFiles)].map((file) => ({ part: site.shell, file })).concat(remoteFiles);
}

/** The remotes a path shows, in the order the page asks for them (the layout's first), with their stats. */
function shownRemotes(site: SiteBuild, pathname: string): (PartStats & { module: string })[] {
  const remoteByName = new Map(site.remotes.map((remote) => [remote.name, remote]));
  return modulesOf(routeOf(pathname).route).map(({ remote: name, module }) => {
    const remote = remoteByName.get(name);
    if (!remote) throw new Error(`没有名为 ${name} 的 remote`);
    return { ...statsOf(remote, name), module };
  });
}

/**
 * Every file a path downloads before the page is live: its HTML; the shell's entry and the chunk groups it awaits
 * (the app, the layout when the route has one, the shell's own page); for each remote module the route shows, the
 * remote's `remoteEntry.js` and the module's files, as its manifest names them (the page itself fetches no
 * manifest); and every shared package those consume. A shared package comes from the shell when the shell has it
 * (its copy registers first). One the shell lacks comes from whichever shown remote's entry registers first (every
 * entry registers all it provides, used or not): that is a race, so the first shown remote that has a copy is
 * counted, and `remoteCopies` names the others. What loads later on demand (the login dialog, field data on a
 * sampled view) is not counted.
 */
export function routeFiles(site: SiteBuild, pathname: string): PageFile[] {
  return pageLoad(site, pathname).files;
}

/** The files a path loads, and the shared packages among them that come from a remote (the shell has none). */
function pageLoad(site: SiteBuild, pathname: string): { files: PageFile[]; fromRemotes: Set<string> } {
  const route = routeOf(pathname).route;
  const fromRemotes = new Set<string>();
  const files = new Map<string, PageFile>();
  const add = (part: BuiltPart, file: string) => files.set(`${part.folder}/${file}`, { part, file });
  const shell = statsOf(site.shell, SITE_ENTRY);
  const remotes = shownRemotes(site, pathname);
  const providers = [shell, ...remotes];

  const sharedDone = new Set<string>();
  const addShared = (key: string) => {
    if (sharedDone.has(key)) return;
    sharedDone.add(key);
    const from = providers.find(({ stats }) => key in stats.shared);
    const group = from?.stats.shared[key];
    if (!from || !group) throw new Error(`页面 ${pathname} 用到的共享包 ${key} 没有任何部分提供`);
    if (from !== shell) fromRemotes.add(key);
    addGroup(from.part, group);
  };
  const addGroup = (part: BuiltPart, group: ChunkGroupAssets) => {
    for (const file of [...group.js, ...group.css]) add(part, file);
    for (const key of group.shared) addShared(key);
  };

  add(site.shell, pageOf(pathname));
  const shellPage = SHELL_PAGE_GROUPS[route.id];
  const groups = [STARTUP_GROUPS.app, ...(route.layout ? [STARTUP_GROUPS.layout] : []), ...(shellPage ? [shellPage] : [])].map((name) => {
    const group = shell.stats.groups[name];
    if (!group) throw new Error(`${site.shell.folder}/${ENTRY_ASSETS_FILE} 中没有块组 ${name}（webpackChunkName 改了？）`);
    return group;
  });
  for (const group of [shell.stats.initial, ...groups]) addGroup(site.shell, group);

  for (const { part: remote, stats, module } of remotes) {
    const manifest = readJson<FederationManifest>(remote, MANIFEST_FILE);
    const exposed = manifest.exposes.find((expose) => expose.path === module);
    if (!exposed) throw new Error(`${remote.folder}/${MANIFEST_FILE} 没有暴露 ${module}`);
    add(remote, manifest.metaData.remoteEntry.name);
    const moduleFiles = filesOf(exposed.assets);
    // The chunk group of the exposed module is the one holding its files; it says what the module consumes.
    const group = Object.values(stats.groups).find((candidate) => moduleFiles.every((file) => [...candidate.js, ...candidate.css].includes(file)));
    if (!group) throw new Error(`${remote.folder}/${ENTRY_ASSETS_FILE} 中找不到 ${module} 的块组`);
    for (const file of moduleFiles) add(remote, file);
    for (const key of group.shared) addShared(key);
  }
  return { files: [...files.values()], fromRemotes };
}

/**
 * For each shared package the page loads from a remote, when more than one shown remote provides it, the copy of
 * each of them: the page runs one, whichever entry registered first. The copies are built from the same source.
 */
export function remoteCopies(site: SiteBuild, pathname: string): Map<string, PageFile[][]> {
  const { fromRemotes } = pageLoad(site, pathname);
  const remotes = shownRemotes(site, pathname).filter((remote, index, all) => all.findIndex((other) => other.part === remote.part) === index);
  const copies = new Map<string, PageFile[][]>();
  for (const key of fromRemotes) {
    const options = remotes
      .filter(({ stats }) => key in stats.shared)
      .map(({ part, stats }) => {
        const group = stats.shared[key] as ChunkGroupAssets;
        return [...group.js, ...group.css].map((file) => ({ part, file }));
      });
    if (options.length > 1) copies.set(key, options);
  }
  return copies;
}

export interface SizedFile extends PageFile {
  kind: 'js' | 'css' | 'html' | 'other';
  raw: number;
  /** As sent to a browser that accepts brotli: the build's `.br` copy, or the file itself when it has none. */
  sent: number;
}

export function sizeOf({ part, file }: PageFile): SizedFile {
  const full = path.join(part.dir, file);
  const raw = fs.statSync(full).size;
  const sent = fs.existsSync(`${full}.br`) ? fs.statSync(`${full}.br`).size : raw;
  const ext = path.extname(file).slice(1);
  const kind = ext === 'js' || ext === 'css' || ext === 'html' ? ext : 'other';
  return { part, file, kind, raw, sent };
}

export interface RouteReport {
  path: string;
  files: SizedFile[];
  /** JS + CSS as sent. */
  codeSent: number;
  codeRaw: number;
}

export function routeReport(site: SiteBuild, pathname: string): RouteReport {
  const files = routeFiles(site, pathname).map(sizeOf);
  const code = files.filter((file) => file.kind === 'js' || file.kind === 'css');
  return {
    path: pathname,
    files,
    codeSent: code.reduce((sum, file) => sum + file.sent, 0),
    codeRaw: code.reduce((sum, file) => sum + file.raw, 0),
  };
}
