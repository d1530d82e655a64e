/**
 * Preload hints in the shell's pages for what its entry awaits before anything renders: the bootstrap chunk and
 * the shared singletons the shell provides. Without them the browser finds those files only once main.js has
 * arrived and run, a round trip later on every page. A build step after webpack, which alone knows the chunk
 * names; the prerendered pages are made from app.html afterwards and carry the hints too.
 *
 *   npx tsx deploy/preloadHints.ts      (part of `npm run build`)
 */
import fs from 'node:fs';
import path from 'node:path';
import { htmlAssets, routeFiles, siteBuildAt } from './budgets';

/** Marks the links this step wrote, so that running it again replaces them. */
const MARK = 'data-entry-preload';
const SHELL_PAGES = ['app.html', 'index.html'];

/** `html` with preload links for `files` (paths below the shell's root) before `</head>`, and no earlier ones. */
export function withPreloadHints(html: string, files: string[]): string {
  const links = files
    .map((file) => `<link rel="preload" href="/${file}" as="${file.endsWith('.css') ? 'style' : 'script'}" ${MARK}>`)
    .join('');
  return html.replace(new RegExp(`<link [^>]*${MARK}>`, 'g'), '').replace('</head>', () => `${links}</head>`);
}

/** The shell's files its entry awaits that its pages do not already name. */
export function entryFiles(root: string): string[] {
  const site = siteBuildAt(root);
  const page = fs.readFileSync(path.join(site.shell.dir, 'app.html'), 'utf8');
  const named = new Set(['app.html', ...htmlAssets(page)]);
  return routeFiles(site, { path: '/', html: 'app.html', modules: [] })
    .map(({ file }) => file)
    .filter((file) => !named.has(file));
}

function main(): void {
  const root = path.resolve(import.meta.dirname, '..');
  const files = entryFiles(root);
  for (const name of SHELL_PAGES) {
    const file = path.join(root, 'shell', 'dist', name);
    if (fs.existsSync(file)) fs.writeFileSync(file, withPreloadHints(fs.readFileSync(file, 'utf8'), files));
  }
  console.info(`[preload] shell 页面预加载 ${files.length} 个入口文件：${files.join(' ')}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
