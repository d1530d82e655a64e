import { REMOTE_NAMES, type RuntimeConfig } from '@wenrun/shared/node';
import { APP_START_SCRIPT_HASH } from '../../render-server/src/render/appStart';

/**
 * The HTTP headers of every response of the site, defined once: the Fastify part servers of `npm start` set them,
 * and the nginx config is generated from them (deploy/ops/nginx/config.ts). A test compares the two.
 */

/** Where the site's pages may load from besides their own origin (the shell's, `'self'`). */
export interface SiteAddresses {
  /** The remotes' origins (scripts, styles, their files and `version.json`). */
  parts: string[];
  /** The API's origin (calls, images) and the statistics host's. */
  api: string[];
}

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
 * Scripts only from the shell's and the remotes' origins, and inline only the server-rendered page's app loader, by
 * its hash (render-server/src/render/appStart.ts): pages carry their data as `application/json` and
 * `application/ld+json`, which the browser never runs. Styles allow inline: pages carry their critical CSS in a
 * `<style>` block and React writes `style` attributes.
 */
export function contentSecurityPolicy({ parts, api }: SiteAddresses): string {
  const own = (list: string[]) => [...new Set(list)].join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${APP_START_SCRIPT_HASH} ${own(parts)}`,
    `style-src 'self' 'unsafe-inline' ${own(parts)}`,
    `img-src 'self' data: blob: ${own([...parts, ...api])}`,
    `font-src 'self' data: ${own(parts)}`,
    `connect-src 'self' ${own([...parts, ...api])}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** HSTS for a site served over TLS: 180 days and more, for every subdomain. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * The site's security headers, by what a browser acts on. `every` goes on each response: nosniff keeps a script or
 * stylesheet from being read as anything else, the referrer policy also governs what a stylesheet fetches, HSTS.
 * `documents` only on what a browser may show as a page of its own (`isDocument`): a page's content, frame and
 * permissions policies mean nothing on a script, a stylesheet or a JSON file, and would cost 1.6 KB on each of a
 * page's 25–30 responses over HTTP/1.1.
 */
export interface SecurityHeaders {
  every: Record<string, string>;
  documents: Record<string, string>;
}

export function securityHeaders(addresses: SiteAddresses, { tls = false }: { tls?: boolean } = {}): SecurityHeaders {
  return {
    every: {
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      ...(tls ? { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY } : {}),
    },
    documents: {
      'Content-Security-Policy': contentSecurityPolicy(addresses),
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
      // For browsers older than frame-ancestors.
      'X-Frame-Options': 'DENY',
    },
  };
}

/** Content types a browser may show as a document of its own: a page, or an SVG or XML file opened alone. */
export const DOCUMENT_TYPES = ['text/html', 'application/xhtml+xml', 'image/svg+xml', 'application/xml', 'text/xml'] as const;

export function isDocument(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return (DOCUMENT_TYPES as readonly string[]).includes(type);
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
