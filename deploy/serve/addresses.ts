import fs from 'node:fs';
import { parseRuntimeConfig, type ParseOptions, type RuntimeConfig } from '@wenrun/shared/node';
import type { SecurityHeaders } from '@wenrun/server-plugins';
import { siteAddressesOf, siteHeaders } from './headers';

/**
 * The runtime config a server is serving, read with the browser's own checks (`parseRuntimeConfig`): a missing or
 * unreadable file gives the defaults, as it gives the shell.
 */
export function readServedConfig(file: string, options: ParseOptions = {}): RuntimeConfig {
  let raw: unknown = {};
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    // Not built yet, or being rewritten: the defaults, as the shell itself would use.
  }
  return parseRuntimeConfig(raw, options).config;
}

/** What changes when a file is edited in place or replaced by a rename. */
function stampOf(file: string): string {
  try {
    const stat = fs.statSync(file);
    return `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
  } catch {
    return 'missing';
  }
}

/**
 * `derive`'s result, made again only when one of `files` changed (edited in place or replaced by a rename): a stat
 * of each per call is all it costs while nothing changes.
 */
export function followingFiles<T>(files: string[], derive: () => T): () => T {
  let seen: string | undefined;
  let value: T;
  return () => {
    const stamp = files.map(stampOf).join('|');
    if (stamp !== seen) {
      value = derive();
      seen = stamp;
    }
    return value;
  };
}

/**
 * The site's headers for the runtime config in `file`, made again as soon as the file changes: a page's CSP names
 * the origins of the config it is served with, so ops move a remote by editing the config alone. A stat per call is
 * all it costs while nothing changes.
 */
export function headersFollowing(file: string, options: { tls?: boolean } = {}): () => SecurityHeaders {
  return followingFiles([file], () => siteHeaders(siteAddressesOf(readServedConfig(file)), options));
}
