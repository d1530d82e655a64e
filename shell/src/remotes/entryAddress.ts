import { MANIFEST_FILE, REMOTE_ENTRY_FILE } from '@wenrun/shared';

/**
 * Where the browser loads a remote from, for an address of the runtime config: the container beside a manifest
 * (`…/mf-manifest.json` → `…/remoteEntry.js`), any other address as it is.
 *
 * Why not the manifest itself: the runtime would fetch it first on every page, one request and one round trip per
 * remote before the container, and carry its snapshot code (1.3 KB as sent) to read it. What the browser needs of
 * it is only the container's address, which every build writes beside its manifest (`npm run contract` checks it).
 * The render server keeps loading manifests (`entryAddress.server.ts`): its runtime reads the server build's
 * address there. Field data reads the build's version from `version.json` when a view is sampled.
 */
export function entryAddress(configured: string): string {
  const url = new URL(configured);
  if (!url.pathname.endsWith(`/${MANIFEST_FILE}`)) return configured;
  url.pathname = `${url.pathname.slice(0, -MANIFEST_FILE.length)}${REMOTE_ENTRY_FILE}`;
  return url.href;
}
