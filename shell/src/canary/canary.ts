import type { CanaryRelease, RemoteName, RuntimeConfig } from '@wenrun/shared';

/** Where the browser keeps the visitor's bucket: drawn once, so a visitor keeps seeing the same build. */
export const CANARY_BUCKET_KEY = 'wenrun:canary-bucket';

/** Buckets 0–99: a canary of `percent` takes the visitors whose bucket is below it. */
const BUCKETS = 100;

/** A stored bucket, if it is one this module wrote. */
function readBucket(stored: string | null): number | undefined {
  return stored !== null && /^\d{1,2}$/.test(stored) ? Number(stored) : undefined;
}

/**
 * This visitor's bucket, from `storage` (local storage) or drawn and kept there. Without usable storage (the render
 * server, a browser that forbids it) there is no bucket: the visitor gets the stable builds, since a canary that
 * changed on every page would be no test of it.
 */
export function visitorBucket(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined, random = Math.random): number | undefined {
  if (!storage) return undefined;
  try {
    const kept = readBucket(storage.getItem(CANARY_BUCKET_KEY));
    if (kept !== undefined) return kept;
    const drawn = Math.min(BUCKETS - 1, Math.floor(random() * BUCKETS));
    storage.setItem(CANARY_BUCKET_KEY, String(drawn));
    return storage.getItem(CANARY_BUCKET_KEY) === String(drawn) ? drawn : undefined;
  } catch {
    return undefined;
  }
}

export interface VisitorReleases {
  /** Each remote's entries for this visitor: a canary's entry first when the visitor is in it, then the stable ones. */
  entries: Record<RemoteName, string[]>;
  /** The remotes this visitor loads from their canary. */
  canary: Partial<Record<RemoteName, CanaryRelease>>;
}

/**
 * A canary is one more entry in front of the stable ones: when its module fails for this visitor, the failover
 * moves on to the primary at once, and the page works as for everyone else.
 */
export function visitorReleases(config: Pick<RuntimeConfig, 'remotes' | 'canaries'>, bucket: number | undefined): VisitorReleases {
  const entries = { ...config.remotes };
  const canary: Partial<Record<RemoteName, CanaryRelease>> = {};
  for (const [name, release] of Object.entries(config.canaries) as [RemoteName, CanaryRelease][]) {
    if (bucket === undefined || bucket >= release.percent) continue;
    entries[name] = [release.entry, ...config.remotes[name].filter((entry) => entry !== release.entry)];
    canary[name] = release;
  }
  return { entries, canary };
}
