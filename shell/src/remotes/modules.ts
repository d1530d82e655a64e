import type { RemoteName } from '@wenrun/shared';

/**
 * Every module the shell loads from each remote: the shell's side of the federation contract. The contract check
 * (deploy/assemble/contract.ts) compares it with what the built remotes expose. The route manifest is the source; this typed
 * copy lets each `<RemoteSlot>` name its module checked, and modules.test.ts fails when the two differ.
 */
export const REMOTE_MODULES = {
  header: ['./Header', './SearchResults'],
  about: ['./AboutPage'],
  auth: ['./LoginModal'],
  wuyou: ['./ActivityPage'],
} as const satisfies Record<RemoteName, readonly string[]>;

export type RemoteModule<R extends RemoteName> = (typeof REMOTE_MODULES)[R][number];
