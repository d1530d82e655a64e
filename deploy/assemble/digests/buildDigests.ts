import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MANIFEST_FILE, REMOTE_ENTRY_FILE } from '@wenrun/shared/node';

/** The SHA-384 of a file's bytes, as Subresource Integrity writes it. */
export function sha384Of(bytes: Uint8Array): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

interface ManifestAssets {
  js?: { sync?: string[]; async?: string[] };
  css?: { sync?: string[]; async?: string[] };
}

interface FederationManifest {
  metaData?: { ssrRemoteEntry?: { name?: string; path?: string } };
  exposes?: { assets?: ManifestAssets }[];
  shared?: { assets?: ManifestAssets }[];
}

function assetFiles(assets: ManifestAssets | undefined): string[] {
  return [assets?.js?.sync, assets?.js?.async, assets?.css?.sync, assets?.css?.async].flatMap((list) => list ?? []);
}

/** Every file under `dir` (relative, `/`-separated), for a server build whose chunks the manifest does not list. */
function scriptsUnder(root: string, dir: string): string[] {
  const folder = path.join(root, dir);
  if (!fs.existsSync(folder)) return [];
  return (fs.readdirSync(folder, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.js') && fs.statSync(path.join(folder, file)).isFile())
    .map((file) => path.posix.join(dir, file.split(path.sep).join('/')));
}

/**
 * The files a remote's build runs, by their path beside its manifest: the manifest, the browser's container, every
 * chunk and stylesheet the manifest names, and the server build (its entry, `metaData.ssrRemoteEntry`, and the
 * chunks beside it, which the Node runtime loads by name from there).
 */
export function releasedFiles(buildDir: string): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(buildDir, MANIFEST_FILE), 'utf8')) as FederationManifest;
  const named = [...(manifest.exposes ?? []), ...(manifest.shared ?? [])].flatMap((item) => assetFiles(item.assets));
  const server = manifest.metaData?.ssrRemoteEntry?.path;
  return [...new Set([MANIFEST_FILE, REMOTE_ENTRY_FILE, ...named, ...(server ? scriptsUnder(buildDir, server) : [])])].sort();
}

/** The digests of a remote's build as it is on disk (what the release step pins; read before it is served). */
export function buildDigests(buildDir: string): Record<string, string> {
  return Object.fromEntries(releasedFiles(buildDir).map((file) => [file, sha384Of(fs.readFileSync(path.join(buildDir, file)))]));
}
