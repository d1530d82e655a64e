/** How long a remote may take: the registry's deadlines, and a navigation's wait for a page's modules. */

/** A remote entry slower than this counts as failed for this attempt; the slot retries later. */
export const REMOTE_LOAD_TIMEOUT_MS = 8_000;
/**
 * An entry's first file (the container in the browser, about 7 KB compressed; the manifest on the render server)
 * fits a new connection's first flight: four round trips of 500 ms. A host that has not sent it by then is taken as
 * black-holed and the next entry is tried, so with the shell's own start (about 0.7 s before it asks) a page is
 * live within 4 s; the last entry gets REMOTE_LOAD_TIMEOUT_MS.
 */
export const WAIT_BEFORE_FALLBACK_MS = 2_000;
