import { chunkRegistryGlobal } from '@wenrun/shared';

/**
 * Webpack's JSONP runtime keeps every chunk a remote has run in a global array and hands the array to the next
 * start of that remote, which would run a chunk that threw (or came from another build) again instead of fetching
 * the entry's own. Emptied in place, the new start fetches its chunks; the array object stays, since an earlier
 * start still receives its chunks through it. Measured: without it the four chaos e2e tests "throws at render …
 * retry recovers" fail.
 */
export function forgetStartedChunks(remote: string): void {
  const registry = (globalThis as Record<string, unknown>)[chunkRegistryGlobal(remote)];
  if (Array.isArray(registry)) registry.length = 0;
}
