import { MANIFEST_FILE, parseRuntimeConfig, REMOTE_NAMES, type RemoteName } from '@wenrun/shared/node';

/** Where nginx serves the API and each remote. */
export interface ServedOrigins {
  api: string;
  remotes: Record<RemoteName, string>;
}

const originOf = (url: string) => new URL(url).origin;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The build's runtime config moved onto nginx's origins: each remote's primary entry becomes nginx's origin for that
 * remote (the manifest at its root), every address on the API's origin nginx's API origin (path kept); every other
 * address (fallbacks, a canary, a CDN) and every other field stays as ops wrote it. The digests a release pinned
 * for a moved entry move with it: the same build, served elsewhere.
 */
export function configOnOrigins(built: unknown, served: ServedOrigins): unknown {
  const { config } = parseRuntimeConfig(built);
  const primaries = new Map(
    REMOTE_NAMES.flatMap((remote): [string, string][] => {
      const primary = config.remotes[remote][0];
      return primary ? [[primary, `${served.remotes[remote]}/${MANIFEST_FILE}`]] : [];
    }),
  );
  const apiOrigin = originOf(config.apiBaseUrl);
  return JSON.parse(JSON.stringify(built), (key, value: unknown) => {
    if (key === 'digests' && isRecord(value)) return Object.fromEntries(Object.entries(value).map(([entry, files]) => [primaries.get(entry) ?? entry, files]));
    if (typeof value !== 'string') return value;
    const entry = primaries.get(value);
    if (entry) return entry;
    return URL.canParse(value) && originOf(value) === apiOrigin ? `${served.api}${value.slice(apiOrigin.length)}` : value;
  });
}
