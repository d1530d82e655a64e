import { expect } from '@playwright/test';
import { REMOTE_NAMES } from '@wenrun/shared/node';
import type { NginxSite } from '@wenrun/deploy/ops/nginx/site';
import { request } from './https';

/**
 * How the nginx tests read the built site behind Debian's nginx over HTTPS (deploy/ops/nginx, started per worker by
 * the `nginxSite` fixture with a self-signed certificate and two render server instances), as production serves it.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The origins of the shell and every remote. */
export function partOrigins(site: NginxSite): string[] {
  return [site.shell, ...REMOTE_NAMES.map((remote) => site.remotes[remote])];
}

/** A GET as a browser asking for gzip would send it, trusting this site's certificate. */
export function getter(site: NginxSite) {
  return (url: string, headers: Record<string, string> = {}) => request(url, { headers: { 'Accept-Encoding': 'gzip', ...headers }, ca: site.ca });
}

/** What every response of every part carries, a page or not. */
export function expectEveryResponseHeaders(headers: Record<string, string | string[] | undefined>): void {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['strict-transport-security']).toMatch(/max-age=(\d+)/);
  expect(Number(/max-age=(\d+)/.exec(String(headers['strict-transport-security']))?.[1])).toBeGreaterThanOrEqual(180 * 24 * 3600);
}
