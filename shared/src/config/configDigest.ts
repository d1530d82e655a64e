import { createHash } from 'node:crypto';
import type { RuntimeConfig } from './runtimeConfig';

/** The config as one string whatever the order of its fields: two configs that say the same are the same string. */
export function canonicalConfig(config: RuntimeConfig): string {
  return JSON.stringify(config, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

/**
 * A short digest of a runtime config: in the key of every page kept in front of the render servers (nginx's page
 * cache, `npm start`'s page cache), and on every page the render server renders, which says the config it rendered
 * with. A page is kept only where the two agree: in the moment after an edit the render server may not have read the
 * new config yet, and what it renders then is not the new config's page.
 */
export function configDigest(config: RuntimeConfig): string {
  return createHash('sha256').update(canonicalConfig(config)).digest('hex').slice(0, 16);
}
