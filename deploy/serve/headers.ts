import { REMOTE_NAMES, type RuntimeConfig } from '@wenrun/shared/node';
import { securityHeaders, type SecurityHeaders, type SiteAddresses } from '@wenrun/server-plugins';
import { APP_START_SCRIPT_HASH } from '@wenrun/render-server/render/appStart';

/**
 * The HTTP headers of the site's responses, defined once: the part servers of `npm start` send them (the security
 * headers through `@wenrun/server-plugins`), and the nginx config is generated from them (deploy/ops/nginx/config.ts). A
 * test compares the two.
 */

const originOf = (url: string) => new URL(url).origin;

/**
 * The origins the runtime config names, and only those: every entry of every remote (primary, fallbacks, canary),
 * the API and the statistics host. A page served with this config may load from nowhere else, and from all of them,
 * so ops who move a remote to a new host (a CDN, a canary elsewhere) change the config alone.
 */
export function siteAddressesOf(config: RuntimeConfig): SiteAddresses {
  const entries = REMOTE_NAMES.flatMap((remote) => {
    const canary = config.canaries[remote];
    return canary ? [...config.remotes[remote], canary.entry] : config.remotes[remote];
  });
  return {
    parts: [...new Set(entries.map(originOf))],
    api: [...new Set([config.apiBaseUrl, config.statsBaseUrl].map(originOf))],
  };
}

/**
 * The site's security headers for pages that may load from `addresses`: the one inline script a page runs is the
 * server-rendered page's app loader (render-server/src/render/appStart.ts), allowed by its hash.
 */
export function siteHeaders(addresses: SiteAddresses, { tls = false }: { tls?: boolean } = {}): SecurityHeaders {
  return securityHeaders(addresses, { tls, inlineScripts: [APP_START_SCRIPT_HASH] });
}

/** Files that say which build is current: always revalidated, so a redeploy is picked up on the next load. */
const ALWAYS_FRESH = /(^|\/)(mf-manifest\.json|mf-manifest-stats\.json|remoteEntry\.js|runtime-config\.json|version\.json|entry-assets\.json|robots\.txt|sitemap\.xml)$|\.html$|\/$/;
/** Content-hashed names (`main.1a2b3c4d.js`, `assets/logo.1a2b3c4d.svg`): the name changes when the file does. */
export const HASHED_FILE = /\.[0-9a-f]{8}\.\w+$/;

export const CACHE_RULES = {
  fresh: 'no-cache',
  hashed: 'public, max-age=31536000, immutable',
} as const;

export function cacheControlFor(pathname: string): string {
  if (ALWAYS_FRESH.test(pathname)) return CACHE_RULES.fresh;
  if (HASHED_FILE.test(pathname)) return CACHE_RULES.hashed;
  return CACHE_RULES.fresh;
}

/** What only a build produces; a missing one is a 404, never the app's page. */
export const BUILD_FILE = /^\/(assets\/.*|server\/.*|[^/]+\.[0-9a-f]{8}\.\w+|remoteEntry\.js|mf-manifest\.json)$/;
