import { createRequire } from 'node:module';
import path from 'node:path';
import type { PageTarget, RemoteName } from '@wenrun/shared/node';
import type { RefusedFile, RenderedPage, RenderSetup } from '@wenrun/shell/server/render';

export type { RefusedFile, RenderedPage, RenderSetup };

/** The shell's server build: the same App and routes the browser runs, built for Node (webpack.common.ts). */
export interface ShellServer {
  renderPage(target: PageTarget, setup: RenderSetup): Promise<RenderedPage>;
  /** A new build of the remote is published at its address: the next render loads it. */
  reloadRemote(remote: RemoteName): Promise<void>;
  /** Each remote file refused for its digest (not what ops released), from now on. */
  observeRefusedFiles(listener: (refused: RefusedFile) => void): Promise<void>;
}

/**
 * Where a shell's served folder holds its server build (`server/server.js`, published with the shell like every
 * part's server build). Loaded once per process: the federation runtime inside it keeps the remotes it loaded.
 */
export function loadShellServer(shellDir: string): ShellServer {
  const bundle = path.join(path.resolve(shellDir), 'server', 'server.js');
  return createRequire(bundle)(bundle) as ShellServer;
}
