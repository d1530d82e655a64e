import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The site's security headers, made once: the part servers send them with this plugin, and the nginx config is
 * generated from the same values (deploy/ops/nginx/config.ts). A test compares the two.
 */

/** Where the site's pages may load from besides their own origin (the shell's, `'self'`). */
export interface SiteAddresses {
  /** The remotes' origins (scripts, styles, their files and `version.json`). */
  parts: string[];
  /** The API's origin (calls, images) and the statistics host's. */
  api: string[];
}

/**
 * Scripts only from the shell's and the remotes' origins, and inline only the scripts named by their hashes
 * (`'sha256-…'`: the server-rendered page's app loader, which the caller names, as it owns that script): pages carry
 * their data as `application/json` and `application/ld+json`, which the browser never runs. Styles allow inline:
 * pages carry their critical CSS in a `<style>` block and React writes `style` attributes.
 */
export function contentSecurityPolicy({ parts, api }: SiteAddresses, inlineScripts: readonly string[] = []): string {
  const own = (list: string[]) => [...new Set(list)].join(' ');
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...inlineScripts].join(' ')} ${own(parts)}`,
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
 * The security headers, by what a browser acts on. `every` goes on each response: nosniff keeps a script or
 * stylesheet from being read as anything else, the referrer policy also governs what a stylesheet fetches, HSTS.
 * `documents` only on what a browser may show as a page of its own (`isDocument`): a page's content, frame and
 * permissions policies mean nothing on a script, a stylesheet or a JSON file, and would cost 1.6 KB on each of a
 * page's 25–30 responses over HTTP/1.1.
 */
export interface SecurityHeaders {
  every: Record<string, string>;
  documents: Record<string, string>;
}

export interface SecurityHeadersOptions {
  tls?: boolean;
  /** The hashes of the inline scripts pages may run (`'sha256-…'`). */
  inlineScripts?: readonly string[];
}

export function securityHeaders(addresses: SiteAddresses, { tls = false, inlineScripts = [] }: SecurityHeadersOptions = {}): SecurityHeaders {
  return {
    every: {
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      ...(tls ? { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY } : {}),
    },
    documents: {
      'Content-Security-Policy': contentSecurityPolicy(addresses, inlineScripts),
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

/** A server's headers: fixed, or asked on every response (those of the runtime config being served, which ops edit). */
export type HeadersSource = SecurityHeaders | (() => SecurityHeaders);

export function headersNow(source: HeadersSource): SecurityHeaders {
  return typeof source === 'function' ? source() : source;
}

/** Both sets at once: what a page gets where no hook runs (Fastify's framework errors, Node's parser errors). */
export function pageHeaders(source: HeadersSource | undefined): Record<string, string> {
  const current = source && headersNow(source);
  return { ...current?.every, ...current?.documents };
}

/**
 * `every` on each response, set before anything answers (a file, a route, a refusal); `documents` added once the
 * answer's type is known, whatever made it.
 */
const securityHeadersPlugin: FastifyPluginAsync<{ headers: HeadersSource }> = async (app, { headers }) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headersNow(headers).every);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (isDocument(String(reply.getHeader('content-type') ?? ''))) reply.headers(headersNow(headers).documents);
    return payload;
  });
};

export const sendSecurityHeaders = fp(securityHeadersPlugin, { name: 'security-headers', fastify: '5.x' });
