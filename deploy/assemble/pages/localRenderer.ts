import { REQUEST_TIMEOUT_MS, type RemoteName } from '@wenrun/shared/node';
import { openSiteRenderer, readRuntimeConfig, runtimeConfigFile, type SiteRenderer } from '@wenrun/render-server/render/siteRenderer';
import { answerFromFolders } from './localSite';
import { connectApi, type ApiChoice } from './referenceApi';
import { SITE_URL } from './siteUrl';

/** A render may wait this long for the API when pages are written (a build is no visitor: the API's own timeout). */
const RENDER_TIMEOUT_MS = 30_000;

export interface LocalRenderer {
  renderer: SiteRenderer;
  /** Where the API's calls go (see connectApi). */
  apiTarget: string;
  close: () => Promise<void>;
}

/**
 * The site renderer over local folders, for writing pages: the shell's served folder and the remotes' build or
 * served folders (a remote left out is as if down), and the API of the shell's runtime config (see ApiChoice).
 */
export async function openLocalRenderer(
  shellDir: string,
  remoteDirs: Partial<Record<RemoteName, string>>,
  apiChoice: ApiChoice,
): Promise<LocalRenderer> {
  const config = readRuntimeConfig(runtimeConfigFile(shellDir));
  const restoreFetch = answerFromFolders(config, remoteDirs);
  const api = await connectApi(config, apiChoice);
  const close = async () => {
    await api.close();
    restoreFetch();
  };
  try {
    const renderer = await openSiteRenderer({
      shellDir,
      siteUrl: SITE_URL,
      apiTarget: api.target,
      dataTimeoutMs: REQUEST_TIMEOUT_MS,
      renderTimeoutMs: RENDER_TIMEOUT_MS,
      remotes: Object.keys(remoteDirs) as RemoteName[],
    });
    return { renderer, apiTarget: api.target, close };
  } catch (error) {
    await close();
    throw error;
  }
}
