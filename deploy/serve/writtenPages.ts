import path from 'node:path';
import { canonicalConfig, PAGES_CONFIG_FILE, type RuntimeConfig } from '@wenrun/shared/node';
import { readPagesConfig } from '../assemble/pages/pagesConfig';
import { followingFiles, readServedConfig } from './addresses';

/** Whether pages written with `written` may be served as they are under `served`: the same config, field for field. */
export function pagesFitConfig(written: RuntimeConfig | undefined, served: RuntimeConfig): boolean {
  return written !== undefined && canonicalConfig(written) === canonicalConfig(served);
}

/**
 * Whether the pages written at build in `shellDir` fit the runtime config served from `configFile`, decided again as
 * soon as either file changes: an ops edit of the config sends every page to the render server (which renders with
 * the new config) until the pages are written again for it. A stat of each file per call is all it costs meanwhile.
 */
export function writtenPagesFollowing(shellDir: string, configFile: string): () => boolean {
  return followingFiles([path.join(shellDir, PAGES_CONFIG_FILE), configFile], () =>
    pagesFitConfig(readPagesConfig(shellDir), readServedConfig(configFile)),
  );
}
