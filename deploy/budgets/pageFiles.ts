/**
 * What a page downloads before it is live, read from what the build says: each part's stats file
 * (ENTRY_ASSETS_FILE, written by deploy/webpack/plugins.ts: its entry, its named chunk groups, the shared
 * packages it provides, and what share keys each consumes) and each remote's `mf-manifest.json` (its entry file and
 * the files of each exposed module). No code is read.
 *
 * The files of a shared package come from the stats file, not the manifest: the manifest's `shared[].assets` lists
 * chunks the package's loader never fetches (a second id of a merged chunk, another package's chunk) and misses
 * some it does (the shell's `@wenrun/shared` stylesheets), which the browser-measured test showed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { APP_PAGE, ENTRY_ASSETS_FILE, MANIFEST_FILE, REMOTE_PARTS, type ChunkGroupAssets, type EntryAssets } from '../../shared/src/config/parts';
import { modulesOf, routeOf } from '../../shared/src/routing/manifest';
import { STARTUP_GROUPS } from './data';

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
  return routeOf(pathname).rendered === 'build' ? path.posix.join(pathname, 'index.html').replace(/^\//, '') : APP_PAGE;
}

/**
 * Every file a path downloads before the page is live: its HTML; the shell's entry and the chunk groups it
 * awaits (the app, the layout when the route has one); for each remote module the route shows, the remote's
 * manifest, its `remoteEntry.js` and the module's files; and every shared package those consume, from the shell,
 * which starts first and so provides each singleton it has. What loads later on demand (the login dialog, field
 * data on a sampled view) is not counted.
 */
export function routeFiles(site: SiteBuild, pathname: string): PageFile[] {
  const route = routeOf(pathname);
  const files = new Map<string, PageFile>();
  const add = (part: BuiltPart, file: string) => files.set(`${part.folder}/${file}`, { part, file });

  const shellStats = readJson<Record<string, EntryAssets>>(site.shell, ENTRY_ASSETS_FILE)[SITE_ENTRY];
  if (!shellStats) throw new Error(`${site.shell.folder}/${ENTRY_ASSETS_FILE} 中没有入口 ${SITE_ENTRY}`);

  const shellPackages: PartPackages = { part: site.shell, packages: shellStats.shared };
  const sharedDone = new Set<string>();
  /** The shell's copy of a shared package when it has one (it registers first); the remote's own otherwise. */
  const addShared = (key: string, fallback: PartPackages) => {
    if (sharedDone.has(key)) return;
    sharedDone.add(key);
    const from = key in shellPackages.packages ? shellPackages : fallback;
    const files = from.packages[key];
    if (!files) throw new Error(`${from.part.folder}/${ENTRY_ASSETS_FILE} 中没有共享包 ${key}`);
    addGroup(from.part, files, from);
  };
  const addGroup = (part: BuiltPart, group: ChunkGroupAssets, providers: PartPackages) => {
    for (const file of [...group.js, ...group.css]) add(part, file);
    for (const key of group.shared) addShared(key, providers);
  };

  add(site.shell, pageOf(pathname));
  const groups = [STARTUP_GROUPS.app, ...(route.layout ? [STARTUP_GROUPS.layout] : [])].map((name) => {
    const group = shellStats.groups[name];
    if (!group) throw new Error(`${site.shell.folder}/${ENTRY_ASSETS_FILE} 中没有块组 ${name}（webpackChunkName 改了？）`);
    return group;
  });
  for (const group of [shellStats.initial, ...groups]) addGroup(site.shell, group, shellPackages);

  const remoteByName = new Map(site.remotes.map((remote) => [remote.name, remote]));
  for (const { remote: name, module } of modulesOf(route)) {
    const remote = remoteByName.get(name);
    if (!remote) throw new Error(`没有名为 ${name} 的 remote`);
    const manifest = readJson<FederationManifest>(remote, MANIFEST_FILE);
    const stats = readJson<Record<string, EntryAssets>>(remote, ENTRY_ASSETS_FILE)[name];
    if (!stats) throw new Error(`${remote.folder}/${ENTRY_ASSETS_FILE} 中没有入口 ${name}`);
    const exposed = manifest.exposes.find((expose) => expose.path === module);
    if (!exposed) throw new Error(`${remote.folder}/${MANIFEST_FILE} 没有暴露 ${module}`);
    add(remote, MANIFEST_FILE);
    add(remote, manifest.metaData.remoteEntry.name);
    const moduleFiles = filesOf(exposed.assets);
    // The chunk group of the exposed module is the one holding its files; it says what the module consumes.
    const group = Object.values(stats.groups).find((candidate) => moduleFiles.every((file) => [...candidate.js, ...candidate.css].includes(file)));
    if (!group) throw new Error(`${remote.folder}/${ENTRY_ASSETS_FILE} 中找不到 ${module} 的块组`);
    for (const file of moduleFiles) add(remote, file);
    for (const key of group.shared) addShared(key, { part: remote, packages: stats.shared });
  }
  return [...files.values()];
}

/** The shared packages a part's build provides, by share key: their files and what each consumes in turn. */
interface PartPackages {
  part: BuiltPart;
  packages: Record<string, ChunkGroupAssets>;
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
