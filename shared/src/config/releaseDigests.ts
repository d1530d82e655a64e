import { z } from 'zod/mini';

/**
 * What ops released, pinned by content (issue 51): by remote entry (its manifest's address, as the config lists it),
 * the SHA-384 of each file of that build, by its path beside the manifest (`remoteEntry.js`,
 * `__federation_expose_About.1a2b3c4d.js`, `server/remoteEntry.js`). Written by the release steps from the build they
 * release and kept in the shell's runtime config: never read from the remote's origin, which is what it guards
 * against. A file the config pins nothing for, or whose content differs, is not run.
 */
export type ReleaseDigests = Record<string, Record<string, string>>;

/** A digest as Subresource Integrity writes it: `sha384-` and 48 bytes in base64. */
const SRI_SHA384 = /^sha384-[A-Za-z0-9+/]{64}$/;

/** The path of a file of a build, beside its manifest: no way up, no query. */
const BUILD_FILE = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[\w.@/-]{1,300}$/;

export const releaseDigestsSchema = z.record(
  z.string().check(z.maxLength(2048)),
  z.record(z.string().check(z.regex(BUILD_FILE, '不是构建里的文件路径')), z.string().check(z.regex(SRI_SHA384, '不是 sha384 摘要'))),
);

/**
 * A digest no file has (48 zero bytes): what a pinned load carries when the config pins nothing for the file, so the
 * browser refuses it as it refuses a changed one. Leaving `integrity` out would let anything run.
 */
export const NO_FILE_DIGEST = `sha384-${'A'.repeat(64)}`;

/** The folder a manifest's files are named from (`https://cdn/about/1.2.0/mf-manifest.json` → `https://cdn/about/1.2.0/`). */
function buildFolderOf(manifest: string): string | undefined {
  try {
    return new URL('.', manifest).href;
  } catch {
    return undefined;
  }
}

export interface PinnedFile {
  /** The entry (manifest address) whose release names the file. */
  entry: string;
  /** The file's path beside the manifest. */
  file: string;
  /** Its SHA-384 as released, when the release names it. */
  digest?: string;
}

/**
 * Which of `entries` a file's address belongs to (the deepest whose folder holds it), and its digest as released;
 * undefined for an address under none of them. An entry is its manifest's address or any file beside it (the
 * browser lists containers): the digests of the release whose manifest is in that folder apply.
 */
export function pinnedFile(digests: ReleaseDigests, entries: readonly string[], url: string): PinnedFile | undefined {
  let address: URL;
  try {
    address = new URL(url);
  } catch {
    return undefined;
  }
  const plain = `${address.origin}${address.pathname}`;
  let found: { entry: string; folder: string } | undefined;
  for (const entry of entries) {
    const folder = buildFolderOf(entry);
    if (folder && plain.startsWith(folder) && folder.length > (found?.folder.length ?? -1)) found = { entry, folder };
  }
  if (!found) return undefined;
  const file = plain.slice(found.folder.length);
  const files = Object.entries(digests).find(([manifest]) => buildFolderOf(manifest) === found.folder)?.[1] ?? {};
  return { entry: found.entry, file, ...(Object.hasOwn(files, file) ? { digest: files[file] } : {}) };
}
