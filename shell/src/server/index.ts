/**
 * The shell's server build (`dist/server/server.js`): what the build and the render server call to render a page.
 * An async boundary, like the browser's entry, so that federation negotiates the shared singletons first.
 */
import type { PageTarget, RemoteName } from '@wenrun/shared';
import type { RefusedFile, RenderedPage, RenderSetup } from './render';

export type { RefusedFile, RenderedPage, RenderSetup } from './render';

export async function renderPage(target: PageTarget, setup: RenderSetup): Promise<RenderedPage> {
  return (await import('./render')).renderPage(target, setup);
}

/** Drops what was loaded from `remote`: its next use loads the build now published (`RemoteLoader.reload`). */
export async function reloadRemote(remote: RemoteName): Promise<void> {
  (await import('./render')).reloadRemote(remote);
}

/** Tells `listener` of each remote file refused for its digest, from now on (the render server counts them). */
export async function observeRefusedFiles(listener: (refused: RefusedFile) => void): Promise<void> {
  (await import('./render')).observeRefusedFiles(listener);
}
