import fs from 'node:fs';
import path from 'node:path';
import { RUNTIME_CONFIG_FILE } from '../../shared/src/config/parts';
import { parseRuntimeConfig } from '../../shared/src/config/runtimeConfig';
import { siteOrigins } from '../siteOrigins';
import type { SiteAddresses } from './headers';

/** The origins of `npm start`'s site, for its CSP: the parts', and the API's and statistics host's of the shell's config. */
export function localSiteAddresses(shellDir: string): SiteAddresses {
  let raw: unknown = {};
  try {
    raw = JSON.parse(fs.readFileSync(path.join(shellDir, RUNTIME_CONFIG_FILE), 'utf8'));
  } catch {
    // Not built yet, or unreadable: the defaults, as the shell itself would use.
  }
  const { config } = parseRuntimeConfig(raw);
  return { parts: siteOrigins(), api: [new URL(config.apiBaseUrl).origin, new URL(config.statsBaseUrl).origin] };
}
