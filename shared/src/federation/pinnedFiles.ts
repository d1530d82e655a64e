/**
 * The page's word on a remote's files, for the remotes' own chunk loading (their webpack runtime, built with
 * `PinnedChunksPlugin` of `@wenrun/deploy/assemble/webpack/plugins`): the shell sets it on `globalThis` under
 * `PINNED_FILES_GLOBAL` before any remote starts, and a remote's runtime asks it for each script and stylesheet it
 * adds. Not there (a remote's standalone dev page): the remote loads its chunks as webpack does.
 */
export interface PinnedFilesGlobal {
  /** The `integrity` a file must carry to run (`undefined`: none, on a page that does not require it). */
  digestFor(url: string): string | undefined;
  /** A file the remote's runtime could not load under its digest: the shell finds out why and says which. */
  failed(url: string): void;
}

export const PINNED_FILES_GLOBAL = '__wenrunPinnedFiles';
