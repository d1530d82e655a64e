import { RENDERED_CONFIG_HEADER } from '@wenrun/server-plugins';
import { SHARED_PAGE_FRESH_S, SHARED_PAGE_TARGET } from '../../serve/sharedPages';
import type { NginxSite } from './nginxSite';

/**
 * nginx's cache of the pages that are the same for every visitor (issue 42): the pages the render servers send for
 * those targets (SHARED_PAGE_TARGET, from the route manifest) are kept and served at file speed. Which targets, and
 * which copy by encoding: `$page_cache_skip` is 0 for those targets alone; `$page_encoding` is what the render
 * server is asked to compress with (`br`, `gzip`, or nothing), so each copy is compressed once, when rendered, not on
 * every answer, and a visitor's own spelling of `Accept-Encoding` makes no new copy. A response that must not be
 * shared is never kept: `no-store` or `private` (the client page standing in for a failed render), a `Set-Cookie`
 * (nginx keeps none), any status but 200; nor a page rendered for another config than the served one (the render
 * server reads an edited config at its next look, after nginx has reloaded with the new key: RENDERED_CONFIG_HEADER).
 */
export function pageCacheZone(site: NginxSite): string {
  return `
  proxy_cache_path ${site.prefix}/pages levels=1:2 keys_zone=pages:10m max_size=256m inactive=10m use_temp_path=off;
  map $request_uri $page_cache_skip {
    default 1;
    "~${SHARED_PAGE_TARGET.source}" 0;
  }
  map "$page_cache_skip:$http_accept_encoding" $page_encoding {
    default "";
    "~^0:.*\\bbr\\b" br;
    "~^0:.*\\bgzip\\b" gzip;
  }
  map $upstream_http_cache_control $page_not_shared {
    default 0;
    "~*(no-store|private)" 1;
  }
  map $upstream_http_${RENDERED_CONFIG_HEADER.replaceAll('-', '_')} $page_other_config {
    default 1;
    "${site.servedConfigDigest}" 0;
  }
`;
}

/**
 * In each location that asks the render servers: the page kept under the served config's digest, its target and its
 * encoding, sent from the cache for SHARED_PAGE_FRESH_S, then rendered again in the background while the cached copy is still
 * sent (one request per page does it: the lock); cached copies also stand in while no render server answers. The
 * render server's `Cache-Control` (for browsers: `no-cache` on pages) and `Vary` (the key has the encoding) do not
 * decide what nginx keeps. `X-Cache-Status` says which it was: HIT, STALE, UPDATING from the cache, MISS, EXPIRED,
 * BYPASS rendered for this request.
 */
export function pageCacheLines(site: NginxSite): string {
  return `
    proxy_cache pages;
    proxy_cache_key "${site.servedConfigDigest}$request_uri $page_encoding";
    proxy_cache_valid 200 ${SHARED_PAGE_FRESH_S}s;
    proxy_cache_bypass $page_cache_skip;
    proxy_no_cache $page_cache_skip $page_not_shared $page_other_config;
    proxy_hide_header ${RENDERED_CONFIG_HEADER};
    proxy_ignore_headers Cache-Control Expires X-Accel-Expires Vary;
    proxy_cache_use_stale updating error timeout http_500 http_502 http_503 http_504;
    proxy_cache_background_update on;
    proxy_cache_lock on;
    proxy_cache_lock_timeout 5s;
    proxy_set_header Accept-Encoding $page_encoding;
    add_header X-Cache-Status $upstream_cache_status always;`;
}
