/**
 * Performance budgets over the production build (issue 10), checked from the built files alone: no browser, no
 * timing, so it is fast and gives the same answer on every machine.
 *
 * 1. First-load JS + CSS of `/` ≤ 175 KB gzip (issue 21 brought it from 199 to 166 KB; the budget holds that): the files the HTML names, the chunks the shell's entry awaits, the
 *    shared singletons those chunks consume, and the header remote's entry and `./Header` chunks.
 * 2. `/wuyou/1` downloads no code of the header, about or auth remotes and none of the shell's footer.
 * 3. No request to any host but our own: no absolute URL to another host in any built JS, CSS or HTML, except
 *    inert strings listed in INERT_URLS with the reason they are never fetched.
 *
 * Which files a page needs is read from each part's webpack runtime (its chunk → file maps, the chunks of each
 * shared package, the chunks each exposed module awaits) and from the remotes' `remoteEntry.js`; bench/bytes.ts
 * measures the same pages in Chromium, and BENCHMARKS.md compares the two figures.
 *
 * `npx tsx deploy/budgets.ts` checks the real build, prints the figures and exits 1 over budget.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { APP_PAGE, REMOTE_NAMES, REMOTE_PARTS } from '../shared/src/config/parts';
import { modulesOf, routeOf } from '../shared/src/routing/manifest';

export const FIRST_LOAD_BUDGET_BYTES = 175 * 1024;

/** The root class of the shell's footer (shell/src/layout/Footer.tsx); a file holding it carries footer code. */
export const FOOTER_MARKER = 'site-footer';

/** Absolute URLs that appear in built files but are never requested, each with why. */
export const INERT_URLS: { prefix: string; reason: string }[] = [
  { prefix: 'http://www.w3.org/', reason: 'XML/SVG/MathML namespace names in React DOM and inline SVG: identifiers, never fetched' },
  { prefix: 'https://reactjs.org/docs/error-decoder.html', reason: "text of React's minified production error messages" },
  { prefix: 'https://module-federation.io/guide/troubleshooting/', reason: "text of the federation runtime's error messages" },
  { prefix: 'https://schema.org', reason: 'the JSON-LD @context of the prerendered pages: a vocabulary name, never fetched' },
];

/** The part that provides a module or file: the shell or a remote, by its runtime-config name. */
export interface BuiltPart {
  name: string;
  /** Folder name (`shell`, `remote-header` …), for messages and for the "which dist" checks. */
  folder: string;
  dir: string;
}

export interface RouteNeeds {
  path: string;
  /** The shell's page served for the path: the prerendered `index.html`, or `app.html` for client-rendered paths. */
  html: string;
  /** Remote modules the page shows at once (the route manifest's `modulesOf`). */
  modules: { remote: string; module: string }[];
}

/** What a measured route needs at once, from the route manifest: its page (written at build, or the template the
 * render server starts from) and the remote modules it shows. */
function routeNeeds(pathname: string): RouteNeeds {
  const route = routeOf(pathname);
  return { path: pathname, html: route.rendered === 'build' ? 'index.html' : APP_PAGE, modules: modulesOf(route) };
}

/** The home page (the first-load budget) and an activity (deployed on its own: isolation). */
export const ROUTES: RouteNeeds[] = ['/', '/wuyou/1'].map(routeNeeds);

/** The remotes the activity page must not load: every remote it does not show. */
export function remotesNotShownOn(route: RouteNeeds): string[] {
  return REMOTE_NAMES.filter((name) => !route.modules.some((ref) => ref.remote === name));
}

// ---------------------------------------------------------------------------------------------------------------
// Reading a webpack (Module Federation) runtime

export interface WebpackRuntime {
  jsFile: Map<string, string>;
  cssFile: Map<string, string>;
  /** Chunk → share keys its modules consume (federation's consumesLoadingData). */
  consumes: Map<string, string[]>;
  /** Share key → chunks this build loads to provide it. */
  provides: Map<string, string[]>;
  /** Exposed module (`./Header`) → chunks it awaits (remoteEntry.js only). */
  exposes: Map<string, string[]>;
  /** Chunks the entry module awaits before it runs (the async boundary of `main`). */
  entryChunks: string[];
}

function objectEntries(literal: string): [string, string][] {
  return [...literal.matchAll(/(?:"([^"]+)"|([\w$]+)):"([^"]*)"/g)].map((m) => [m[1] ?? m[2] ?? '', m[3] ?? '']);
}

function chunkIds(expression: string): string[] {
  return [...expression.matchAll(/\.e\((\d+)\)/g)].map((m) => m[1] ?? '');
}

/**
 * `X.u=e=>(({names})[e]||e)+"."+({hashes})[e]+".js"`, with one named chunk `(ID===e?"name":e)`, or without names:
 * chunk id → file.
 */
function chunkFileMap(source: string, key: 'u' | 'miniCssF', ext: 'js' | 'css'): Map<string, string> {
  const pattern = new RegExp(
    `\\.${key}=(\\w+)=>(?:""\\+)?(?:\\(\\(\\{([^}]*)\\}\\)\\[\\1\\]\\|\\|\\1\\)|\\((\\d+)===\\1\\?"([^"]+)":\\1\\)|\\1)\\+"\\."\\+\\(\\{([^}]*)\\}\\)\\[\\1\\]\\+"\\.${ext}"`,
  );
  const match = pattern.exec(source);
  const files = new Map<string, string>();
  if (!match) return files;
  const names = new Map(match[3] ? [[match[3], match[4] ?? '']] : objectEntries(match[2] ?? ''));
  for (const [id, hash] of objectEntries(match[5] ?? '')) files.set(id, `${names.get(id) ?? id}.${hash}.${ext}`);
  return files;
}

export function parseWebpackRuntime(source: string): WebpackRuntime {
  const jsFile = chunkFileMap(source, 'u', 'js');
  if (!jsFile.size && /\.u=/.test(source)) throw new Error('webpack 运行时的 chunk 文件表无法解析（webpack 输出格式变了？）');

  const consumeData = /consumesLoadingData\.moduleIdToConsumeDataMapping=([\s\S]*?)consumesLoadingData\.chunkMapping=\{([^}]*)\}/.exec(source);
  const shareKeyOfModule = new Map(
    [...(consumeData?.[1] ?? '').matchAll(/(\d+):\{fallback:[\s\S]*?shareKey:"([^"]+)"\}/g)].map((m) => [m[1] ?? '', m[2] ?? '']),
  );
  const consumes = new Map(
    [...(consumeData?.[2] ?? '').matchAll(/(\d+):\[([\d,]*)\]/g)].map((m) => [
      m[1] ?? '',
      (m[2] ?? '').split(',').filter(Boolean).map((module) => shareKeyOfModule.get(module) ?? `?${module}`),
    ]),
  );

  const loader = /(?:Promise\.all\(\[([^\]]*)\]\)|\w+\.e\((\d+)\))/.source;
  const provides = new Map<string, string[]>();
  for (const m of source.matchAll(new RegExp(`(?:"([^"]+)"|([\\w$]+)):\\[\\{version:"[^"]+",get:\\(\\)=>${loader}`, 'g'))) {
    provides.set(m[1] ?? m[2] ?? '', m[3] ? chunkIds(m[3]) : [m[4] ?? '']);
  }
  const exposes = new Map<string, string[]>();
  for (const m of source.matchAll(new RegExp(`"(\\./[^"]+)":\\(\\)=>${loader}`, 'g'))) {
    exposes.set(m[1] ?? '', m[2] ? chunkIds(m[2]) : [m[3] ?? '']);
  }

  // The bundle ends by requiring its entry module: `…,y(1180)})();` or `…,header=p(1268)})();`.
  const entryId = /\b\w+\((\d+)\)\}\)\(\);?\s*$/.exec(source)?.[1];
  // Its body runs to the next module's header (`},2110(e,t,r){`); when it is the last module, to the end of the file.
  const entryBody = entryId
    ? new RegExp(`[{,]${entryId}\\(\\w+,\\w+,\\w+\\)\\{([\\s\\S]*?)(?:\\},\\d+\\(\\w+,\\w+,\\w+\\)\\{|$)`).exec(source)?.[1]
    : undefined;

  return {
    jsFile,
    cssFile: chunkFileMap(source, 'miniCssF', 'css'),
    consumes,
    provides,
    exposes,
    entryChunks: entryBody ? chunkIds(entryBody) : [],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The files a page downloads

export interface SiteBuild {
  shell: BuiltPart;
  remotes: BuiltPart[];
}

/** One file a page downloads, named by the part it comes from. */
export interface PageFile {
  part: BuiltPart;
  file: string;
}

function readText(dir: string, file: string): string {
  const full = path.join(dir, file);
  if (!fs.existsSync(full)) throw new Error(`${full} 不存在（未构建？）`);
  return fs.readFileSync(full, 'utf8');
}

/** Same-origin files the HTML names (`<script src>`, `<link rel=stylesheet href>`), relative to the part. */
export function htmlAssets(html: string): string[] {
  const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1] ?? '');
  const styles = [...html.matchAll(/<link\b(?=[^>]*\brel="?stylesheet)[^>]*\bhref="([^"]+)"/g)].map((m) => m[1] ?? '');
  return [...scripts, ...styles].filter((url) => url.startsWith('/') && !url.startsWith('//')).map((url) => url.slice(1));
}

/**
 * Every file a route downloads before the page is complete: the HTML, its scripts and stylesheets, the chunks the
 * shell's entry awaits, the shared packages those consume (from the shell, which loads first and so provides the
 * singletons), and for each remote module shown at once its manifest, remoteEntry.js and chunks. Remotes the
 * page does not show are not fetched (checked in Chromium by bench/bytes.ts).
 */
export function routeFiles(site: SiteBuild, route: RouteNeeds): PageFile[] {
  const files = new Map<string, PageFile>();
  const add = (part: BuiltPart, file: string) => files.set(`${part.folder}/${file}`, { part, file });
  const runtimes = new Map<BuiltPart, WebpackRuntime>();
  const runtimeOf = (part: BuiltPart, file: string) => {
    const known = runtimes.get(part);
    if (known) return known;
    const parsed = parseWebpackRuntime(readText(part.dir, file));
    runtimes.set(part, parsed);
    return parsed;
  };

  const html = readText(site.shell.dir, route.html);
  add(site.shell, route.html);
  const shellAssets = htmlAssets(html);
  for (const asset of shellAssets) add(site.shell, asset);
  const entryScript = shellAssets.find((asset) => asset.endsWith('.js'));
  if (!entryScript) throw new Error(`${site.shell.folder}/${route.html} 没有入口脚本`);
  const shellRuntime = runtimeOf(site.shell, entryScript);

  const loadedShared = new Set<string>();
  const loadChunks = (part: BuiltPart, runtime: WebpackRuntime, ids: string[]) => {
    for (const id of ids) {
      const js = runtime.jsFile.get(id);
      const css = runtime.cssFile.get(id);
      if (js) add(part, js);
      if (css) add(part, css);
      for (const key of runtime.consumes.get(id) ?? []) {
        if (loadedShared.has(key)) continue;
        loadedShared.add(key);
        const fromShell = shellRuntime.provides.get(key);
        if (fromShell) loadChunks(site.shell, shellRuntime, fromShell);
        else loadChunks(part, runtime, runtime.provides.get(key) ?? []);
      }
    }
  };
  loadChunks(site.shell, shellRuntime, shellRuntime.entryChunks);

  const remoteByName = new Map(site.remotes.map((remote) => [remote.name, remote]));
  for (const { remote: name, module } of route.modules) {
    const remote = remoteByName.get(name);
    if (!remote) throw new Error(`没有名为 ${name} 的 remote`);
    add(remote, 'mf-manifest.json');
    add(remote, 'remoteEntry.js');
    const runtime = runtimeOf(remote, 'remoteEntry.js');
    const chunks = runtime.exposes.get(module);
    if (!chunks) throw new Error(`${remote.folder}/remoteEntry.js 没有暴露 ${module}`);
    loadChunks(remote, runtime, chunks);
  }
  return [...files.values()];
}

export interface SizedFile extends PageFile {
  kind: 'js' | 'css' | 'html' | 'other';
  raw: number;
  gzip: number;
}

const gzipCache = new Map<string, number>();

/** Gzip at zlib's default level 6, what nginx and most CDNs send. */
export function gzipSize(content: Buffer): number {
  return zlib.gzipSync(content, { level: 6 }).length;
}

export function sizeOf({ part, file }: PageFile): SizedFile {
  const full = path.join(part.dir, file);
  const content = fs.readFileSync(full);
  const key = `${full}:${content.length}`;
  const gzip = gzipCache.get(key) ?? gzipSize(content);
  gzipCache.set(key, gzip);
  const ext = path.extname(file).slice(1);
  const kind = ext === 'js' || ext === 'css' || ext === 'html' ? ext : 'other';
  return { part, file, kind, raw: content.length, gzip };
}

// ---------------------------------------------------------------------------------------------------------------
// The budgets

export interface BudgetReport {
  route: string;
  files: SizedFile[];
  /** JS + CSS, gzip. */
  firstLoadGzip: number;
  firstLoadRaw: number;
}

export function routeReport(site: SiteBuild, route: RouteNeeds): BudgetReport {
  const files = routeFiles(site, route).map(sizeOf);
  const code = files.filter((file) => file.kind === 'js' || file.kind === 'css');
  return {
    route: route.path,
    files,
    firstLoadGzip: code.reduce((sum, file) => sum + file.gzip, 0),
    firstLoadRaw: code.reduce((sum, file) => sum + file.raw, 0),
  };
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export function checkFirstLoad(report: BudgetReport, budget = FIRST_LOAD_BUDGET_BYTES): string[] {
  if (report.firstLoadGzip <= budget) return [];
  return [`${report.route} 首次加载的 JS + CSS 为 ${kb(report.firstLoadGzip)}（gzip），超出预算 ${kb(budget)} ${kb(report.firstLoadGzip - budget)}`];
}

/** `/wuyou/1` is deployed on its own: it must not pay for the header, about, auth or footer code. */
export function checkActivityIsolation(site: SiteBuild, report: BudgetReport, forbiddenRemotes: string[]): string[] {
  const problems: string[] = [];
  for (const { part, file } of report.files) {
    if (forbiddenRemotes.includes(part.name)) problems.push(`${report.route} 下载了 ${part.folder}/${file}`);
    else if (part === site.shell && /\.(js|css)$/.test(file) && readText(part.dir, file).includes(FOOTER_MARKER)) {
      problems.push(`${report.route} 下载的 ${part.folder}/${file} 含页脚代码（${FOOTER_MARKER}）`);
    }
  }
  return problems;
}

/** What a browser may load from a part: everything but its server build (`server/`, run only by the renderer). */
function builtFiles(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => /\.(js|css|html)$/.test(file) && !file.startsWith(`server${path.sep}`))
    .sort();
}

/** CSS comments (licence banners) are never fetched; URLs in them do not count. */
function withoutCssComments(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, '');
}

/**
 * Every absolute http(s) URL in the built JS, CSS and HTML whose host is not one of ours and that is not a
 * known inert string. Hosts are compared by name: our own services differ only by port.
 */
export function checkForeignHosts(parts: BuiltPart[], ownHosts: string[], inert = INERT_URLS): string[] {
  const problems = new Set<string>();
  for (const part of parts) {
    for (const file of builtFiles(part.dir)) {
      const raw = fs.readFileSync(path.join(part.dir, file), 'utf8');
      const text = file.endsWith('.css') ? withoutCssComments(raw) : raw;
      for (const [url] of text.matchAll(/https?:\/\/[^\s"'`()<>\\,;{}]+/g)) {
        if (inert.some(({ prefix }) => url.startsWith(prefix))) continue;
        let host: string;
        try {
          host = new URL(url.replace(/\$$/, '')).hostname;
        } catch {
          host = url;
        }
        if (!ownHosts.includes(host)) problems.add(`${part.folder}/${file} 含外部地址 ${url}`);
      }
    }
  }
  return [...problems];
}

/** Our own hosts: the shell's and every address in its runtime config (API, statistics, remotes…). */
export function ownHostsOf(runtimeConfig: unknown, siteUrl: string): string[] {
  const hosts = new Set([new URL(siteUrl).hostname, 'localhost', '127.0.0.1']);
  const visit = (value: unknown) => {
    if (typeof value === 'string' && /^https?:\/\//.test(value)) hosts.add(new URL(value).hostname);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(runtimeConfig);
  return [...hosts];
}

export interface BudgetResult {
  reports: BudgetReport[];
  problems: string[];
}

export function checkBudgets(site: SiteBuild, ownHosts: string[]): BudgetResult {
  const reports = ROUTES.map((route) => routeReport(site, route));
  const [home, activity] = reports as [BudgetReport, BudgetReport];
  return {
    reports,
    problems: [
      ...checkFirstLoad(home),
      ...checkActivityIsolation(site, activity, remotesNotShownOn(ROUTES[1] as RouteNeeds)),
      ...checkForeignHosts([site.shell, ...site.remotes], ownHosts),
    ],
  };
}

// ---------------------------------------------------------------------------------------------------------------

const ROOT = path.resolve(import.meta.dirname, '..');

export function siteBuildAt(root: string, distName = 'dist'): SiteBuild {
  return {
    shell: { name: 'shell', folder: 'shell', dir: path.join(root, 'shell', distName) },
    remotes: Object.entries(REMOTE_PARTS).map(([name, { folder }]) => ({ name, folder, dir: path.join(root, folder, distName) })),
  };
}

export function printReport(report: BudgetReport): void {
  console.log(`\n${report.route}：JS + CSS ${kb(report.firstLoadGzip)} gzip（原始 ${kb(report.firstLoadRaw)}），${report.files.length} 个文件`);
  for (const file of [...report.files].sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${kb(file.gzip).padStart(9)}  ${kb(file.raw).padStart(9)}  ${file.part.folder}/${file.file}`);
  }
}

function main(): void {
  const site = siteBuildAt(ROOT);
  const config: unknown = JSON.parse(readText(site.shell.dir, 'runtime-config.json'));
  const { reports, problems } = checkBudgets(site, ownHostsOf(config, process.env.SITE_URL ?? 'http://localhost:3000'));
  console.log('性能预算（构建产物静态检查，gzip 级别 6）');
  reports.forEach(printReport);
  if (problems.length) {
    console.error(`\n超出预算（${problems.length} 处）：`);
    for (const problem of problems) console.error(`  - ${problem}`);
    process.exit(1);
  }
  console.log('\n全部预算通过。');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
