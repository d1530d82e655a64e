import fs from 'node:fs/promises';
import path from 'node:path';
import {
  ENTRY_ASSETS_FILE,
  MANIFEST_FILE,
  modulesOf,
  REMOTE_NAMES,
  type EntryAssets,
  type RemoteName,
  type RuntimeConfig,
  type SiteRoute,
} from '@wenrun/shared/node';

/** The shell's entry of the site's pages (the status page is another). */
const SITE_ENTRY = 'main';

/** Every stylesheet a page of the site can use, by the address the page would load it from. */
export type Stylesheets = Map<string, string>;

interface ManifestAssets {
  css?: { sync?: string[]; async?: string[] };
}

interface Manifest {
  exposes?: { assets?: ManifestAssets }[];
  shared?: { assets?: ManifestAssets }[];
}

function cssOf(assets: ManifestAssets | undefined): string[] {
  return [...(assets?.css?.sync ?? []), ...(assets?.css?.async ?? [])];
}

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  if (!response.ok) throw new Error(`${url}：HTTP ${response.status}`);
  return response.text();
}

/** The site's stylesheets by part: the shell's, and each remote's. */
export interface SiteStylesheets {
  shell: Stylesheets;
  remotes: Partial<Record<RemoteName, Stylesheets>>;
}

async function remoteStylesheets(entry: string): Promise<Stylesheets> {
  const manifest = JSON.parse(await fetchText(entry)) as Manifest;
  const base = entry.slice(0, entry.length - MANIFEST_FILE.length);
  const files = new Set([...(manifest.exposes ?? []), ...(manifest.shared ?? [])].flatMap((item) => cssOf(item.assets)));
  const sheets: Stylesheets = new Map();
  for (const file of [...files].sort()) sheets.set(new URL(file, base).href, await fetchText(new URL(file, base).href));
  return sheets;
}

/**
 * The shell's stylesheets of the site (its build's entry assets), and each remote's from the addresses its
 * manifest names (where the browser loads them: the runtime config's primary entry). A remote that cannot be read
 * adds none: its slot then renders without critical CSS, never without its page.
 */
export async function collectStylesheets(shellDir: string, config: RuntimeConfig, remotes: RemoteName[] = REMOTE_NAMES): Promise<SiteStylesheets> {
  const shell: Stylesheets = new Map();
  const entries = JSON.parse(await fs.readFile(path.join(shellDir, ENTRY_ASSETS_FILE), 'utf8')) as Record<string, EntryAssets>;
  const site = entries[SITE_ENTRY];
  for (const file of [...(site?.initial.css ?? []), ...(site?.async.css ?? [])]) {
    shell.set(`/${file}`, await fs.readFile(path.join(shellDir, file), 'utf8'));
  }
  const found = await Promise.all(
    remotes.map(async (remote): Promise<[RemoteName, Stylesheets]> => {
      try {
        return [remote, await remoteStylesheets(config.remotes[remote][0] ?? '')];
      } catch (error) {
        console.warn(`[render] 无法读取 ${remote} 的样式表（${String(error)}），其关键样式不内联`);
        return [remote, new Map()];
      }
    }),
  );
  return { shell, remotes: Object.fromEntries(found) };
}

/**
 * The stylesheets a route's pages can use: the shell's and those of the remotes it shows. Every part bundles the
 * Semantic UI pieces it uses; one copy of each text is enough to find the page's rules.
 */
export function stylesheetsOf(route: SiteRoute, site: SiteStylesheets): Stylesheets {
  const sheets: Stylesheets = new Map(site.shell);
  const seen = new Set(sheets.values());
  const remotes = new Set(modulesOf(route).map((ref) => ref.remote));
  for (const remote of REMOTE_NAMES.filter((name) => remotes.has(name))) {
    for (const [href, text] of site.remotes[remote] ?? []) {
      if (!seen.has(text)) sheets.set(href, text);
      seen.add(text);
    }
  }
  return sheets;
}
