import { LRUCache } from 'lru-cache';

/** A rendered page of an activity that exists (pages of no activity are not kept). */
export interface CachedPage {
  html: string;
}

export interface PageCacheLimits {
  maxEntries: number;
  maxBytes: number;
  /** A cached page is rendered again after this, whatever else happens. */
  ttlMs: number;
}

export const DEFAULT_PAGE_CACHE: PageCacheLimits = { maxEntries: 500, maxBytes: 32 * 1024 * 1024, ttlMs: 60_000 };

/**
 * Rendered activity pages by canonical path, bounded in entries, bytes and age (lru-cache): popular activities are rendered
 * once a minute, not once a request, and a flood of ids cannot grow the process.
 */
export function createPageCache(limits: PageCacheLimits = DEFAULT_PAGE_CACHE): LRUCache<string, CachedPage> {
  return new LRUCache<string, CachedPage>({
    max: limits.maxEntries,
    maxSize: limits.maxBytes,
    sizeCalculation: (page) => Buffer.byteLength(page.html) || 1,
    ttl: limits.ttlMs,
  });
}
