import { chunkRegistryGlobal } from '@wenrun/shared';

/**
 * What a remote's last start left behind, forgotten before the remote starts again (from another entry, or the same
 * one after a failure):
 * - Webpack's JSONP runtime keeps every chunk a remote has run in a global array and hands the array to the next
 *   start of that remote, which would run a chunk that threw (or came from another build) again instead of fetching
 *   the entry's own. Emptied in place, the new start fetches its chunks; the array object stays, since an earlier
 *   start still receives its chunks through it. Measured: without it the four chaos e2e tests "throws at render …
 *   retry recovers" fail.
 * - Webpack's script loader joins a `<script>` of the same chunk still loading in the page (it finds it by its
 *   `data-webpack` name, `{uniqueName}:chunk-{id}`, which is the same in every build of a remote) instead of fetching
 *   its own: a canary whose chunk was still on its way to a 404 made the stable build fail with it. Taken out of the
 *   page, the old script still ends for its own start; the new start fetches from its own entry. Seen under load in
 *   the e2e test "a canary whose chunks fail" (2 runs in 6 with two workers): the stable build's start failed with
 *   the canary's 404 and never asked its own host.
 */
export function forgetStartedChunks(remote: string): void {
  const registry = (globalThis as Record<string, unknown>)[chunkRegistryGlobal(remote)];
  if (Array.isArray(registry)) registry.length = 0;
  if (typeof document === 'undefined') return;
  for (const script of document.querySelectorAll(`script[data-webpack^="${remote}:"]`)) script.remove();
}
