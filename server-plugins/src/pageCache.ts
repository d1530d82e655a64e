import { LRUCache } from 'lru-cache';
import type { FastifyRequest } from 'fastify';
import type { SendPage } from './answers';
import { acceptedEncoding, compressedBody, sendCompressed } from './compressed';
import { askRenderServer, renderedOr, type RenderedAnswer, type RenderServerUpstream } from './renderProxy';

export interface PageCacheOptions {
  /** Request targets (path and query, exactly as sent) of pages that are the same for every visitor. */
  shared: RegExp;
  /**
   * The served config's digest, asked on every request: in the key, so an edit of the config is a new page, and cached
   * only when the render server says it rendered with that config (RENDERED_CONFIG_HEADER).
   */
  configDigest: () => string;
  /** How long a cached page is sent as it is before it is rendered again (in the background). */
  freshMs: number;
  /** Cached pages at most (one per target and encoding). */
  maxPages: number;
}

/** A page as cached: the render server's answer, compressed once for the encoding in its key. */
interface CachedPage {
  answer: RenderedAnswer;
  body: Buffer | string;
  encoding: 'br' | 'gzip' | undefined;
}

/** Whom a page is rendered for when it is not cached: the request that asked for it. */
interface Asking {
  request: FastifyRequest;
  target: string;
  configDigest: string;
  encoding: 'br' | 'gzip' | undefined;
}

/**
 * `renderedOr`, with the pages that are the same for every visitor cached (issue 42: `npm start` at file speed after
 * an ops edit, as nginx's page cache does in the production form): each target and encoding rendered and compressed
 * once, then sent from the cache; after `freshMs` the next request still gets the cached page while one render makes the next
 * (lru-cache's `fetch`: one render per page however many ask, the stale page while it runs, and while the render
 * server does not answer). Not cached: any other target, an answer that must not be shared (`shareable`), and a page
 * rendered for another config than the key's (the render server reads an edited config at its next look, a moment
 * after the key has changed: what it renders meanwhile is sent, not cached).
 * `X-Cache-Status` says which it was, with nginx's words: HIT, STALE from the cache; MISS rendered for this
 * request; BYPASS never cached.
 */
export function cachedPagesOr(upstream: RenderServerUpstream, fallback: SendPage, options: PageCacheOptions): SendPage {
  const rendered = renderedOr(upstream, fallback);
  const cache = new LRUCache<string, CachedPage, Asking>({
    max: options.maxPages,
    ttl: options.freshMs,
    allowStale: true,
    allowStaleOnFetchRejection: true,
    fetchMethod: async (_key, _stale, { context }) => {
      // A HEAD that comes first must not keep an empty page for the GETs after it.
      const asked = await askRenderServer(upstream, context.request, context.target, 'GET');
      const answer = { ...asked, shareable: asked.shareable && asked.renderedConfig === context.configDigest };
      const body = context.encoding && answer.shareable ? await compressedBody(answer.body, context.encoding) : answer.body;
      return { answer, body, encoding: answer.shareable ? context.encoding : undefined };
    },
  });
  return async (request, reply, pathname, target = request.raw.url ?? '/') => {
    if (!options.shared.test(target)) {
      reply.header('X-Cache-Status', 'BYPASS');
      return rendered(request, reply, pathname, target);
    }
    const encoding = acceptedEncoding(request);
    const configDigest = options.configDigest();
    const key = `${configDigest} ${target} ${encoding ?? ''}`;
    const status: LRUCache.Status<string, CachedPage, Asking> = {};
    let page: CachedPage | undefined;
    try {
      page = await cache.fetch(key, { context: { request, target, configDigest, encoding }, status });
    } catch (error) {
      request.log.warn({ err: error }, '渲染服务器没有回应，用目录中的页面');
    }
    if (!page) return fallback(request, reply, pathname);
    if (!page.answer.shareable) {
      cache.delete(key);
      reply.code(page.answer.status).headers(page.answer.headers).header('X-Cache-Status', 'BYPASS');
      return request.method === 'HEAD' ? reply.send() : sendCompressed(request, reply, page.answer.body);
    }
    const from = status.fetch === 'hit' ? 'HIT' : status.fetch === 'stale' ? 'STALE' : 'MISS';
    reply.code(200).headers(page.answer.headers).header('X-Cache-Status', from);
    if (page.encoding) reply.header('Content-Encoding', page.encoding);
    return reply.send(request.method === 'HEAD' ? undefined : page.body);
  };
}
