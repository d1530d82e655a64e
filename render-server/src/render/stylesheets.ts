import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  ENTRY_ASSETS_FILE,
  MANIFEST_FILE,
  modulesOf,
  pinnedFile,
  REMOTE_NAMES,
  type ReleaseDigests,
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

/** A remote's file not inlined: its release pins no digest for it, or its bytes are not the released ones. */
export interface RefusedStylesheetFile {
  remote: RemoteName;
  entry: string;
  /** The file's path beside the entry's manifest. */
  file: string;
  reason: 'unpinned' | 'changed';
}

/** The site's stylesheets by part: the shell's, and each remote's; and the remotes' files refused for their digest. */
export interface SiteStylesheets {
  shell: Stylesheets;
  remotes: Partial<Record<RemoteName, Stylesheets>>;
  refused: RefusedStylesheetFile[];
}

/** How a remote's files are checked against what ops released (the runtime config's `digests`). */
interface ReleasedFiles {
  digests: ReleaseDigests;
  /** The production form (a site served over https): a file the config pins nothing for is refused. */
  required: boolean;
}

class RefusedFileError extends Error {
  constructor(readonly refused: RefusedStylesheetFile) {
    super(`${refused.remote} 的 ${refused.file}${refused.reason === 'changed' ? ' 与发布时记录的摘要不符' : ' 发布时没有记录摘要'}，未使用`);
  }
}

/**
 * A remote's file, only when its bytes are the ones its release pinned: a stylesheet can carry a page's secrets
 * away as surely as a script (attribute selectors with `url()`), so the critical CSS inlines nothing ops did not release.
 */
async function fetchReleased(remote: RemoteName, entry: string, url: string, released: ReleasedFiles): Promise<string> {
  const digest = pinnedFile(released.digests, [entry], url)?.digest;
  const file = url.slice(new URL('.', entry).href.length);
  if (!digest && released.required) throw new RefusedFileError({ remote, entry, file, reason: 'unpinned' });
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  if (!response.ok) throw new Error(`${url}：HTTP ${response.status}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (digest && `sha384-${createHash('sha384').update(bytes).digest('base64')}` !== digest) {
    throw new RefusedFileError({ remote, entry, file, reason: 'changed' });
  }
  return bytes.toString('utf8');
}

async function remoteStylesheets(remote: RemoteName, entry: string, released: ReleasedFiles): Promise<Stylesheets> {
  const manifest = JSON.parse(await fetchReleased(remote, entry, entry, released)) as Manifest;
  const base = entry.slice(0, entry.length - MANIFEST_FILE.length);
  const files = new Set([...(manifest.exposes ?? []), ...(manifest.shared ?? [])].flatMap((item) => cssOf(item.assets)));
  const sheets: Stylesheets = new Map();
  for (const file of [...files].sort()) {
    const url = new URL(file, base).href;
    sheets.set(url, await fetchReleased(remote, entry, url, released));
  }
  return sheets;
}

/**
 * The shell's stylesheets of the site (its build's entry assets), and each remote's from the addresses its
 * manifest names (where the browser loads them: the runtime config's primary entry), each checked against the
 * digests its release pinned. A remote that cannot be read, or one of whose files is refused, adds none: its slot
 * then renders without critical CSS, never without its page.
 */
export async function collectStylesheets(
  shellDir: string,
  config: RuntimeConfig,
  remotes: RemoteName[] = REMOTE_NAMES,
  required = false,
): Promise<SiteStylesheets> {
  const shell: Stylesheets = new Map();
  const entries = JSON.parse(await fs.readFile(path.join(shellDir, ENTRY_ASSETS_FILE), 'utf8')) as Record<string, EntryAssets>;
  const site = entries[SITE_ENTRY];
  for (const file of [...(site?.initial.css ?? []), ...(site?.async.css ?? [])]) {
    shell.set(`/${file}`, await fs.readFile(path.join(shellDir, file), 'utf8'));
  }
  const refused: RefusedStylesheetFile[] = [];
  const released: ReleasedFiles = { digests: config.digests, required };
  const found = await Promise.all(
    remotes.map(async (remote): Promise<[RemoteName, Stylesheets]> => {
      try {
        return [remote, await remoteStylesheets(remote, config.remotes[remote][0] ?? '', released)];
      } catch (error) {
        if (error instanceof RefusedFileError) refused.push(error.refused);
        console.warn(`[render] 无法读取 ${remote} 的样式表（${error instanceof Error ? error.message : String(error)}），其关键样式不内联`);
        return [remote, new Map()];
      }
    }),
  );
  return { shell, remotes: Object.fromEntries(found), refused };
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
