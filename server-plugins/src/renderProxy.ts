import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SendPage } from './answers';
import { sendCompressed } from './compressed';

export interface RenderServerUpstream {
  /** Where the render server listens (`http://localhost:3005`). */
  origin: string;
  /** A page it has not begun to send by then is sent by the fallback instead. */
  timeoutMs: number;
}

/**
 * The render server's header naming the runtime config a page was rendered with (`configDigest` of
 * `@wenrun/shared/node`): what caches the pages in front of it (pageCache.ts, nginx's page cache) true to the key they
 * are cached under. Not relayed to visitors.
 */
export const RENDERED_CONFIG_HEADER = 'x-rendered-config';

/** Headers of the render server's answer that the visitor gets as they are. */
const RELAYED = ['content-type', 'cache-control', 'location', 'x-render-cache', 'vary'];

/** What the render server answered: its status, the headers relayed, the page. */
export interface RenderedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The digest of the runtime config it was rendered with (RENDERED_CONFIG_HEADER), when it says. */
  renderedConfig: string | undefined;
  /** Whether it may be sent to other visitors: a 200 with no `Set-Cookie`, not `no-store` nor `private`. */
  shareable: boolean;
}

/**
 * The render server's page for `target`, asked for on the visitor's behalf (named in `X-Forwarded-For`: whom it
 * renders for, and how the render server tells the site's requests from its operators' own), as it is: the caller
 * compresses. Throws when it fails, refuses the request (but 404, a page of its own) or does not answer in time.
 */
export async function askRenderServer(upstream: RenderServerUpstream, request: FastifyRequest, target: string, method = request.method): Promise<RenderedAnswer> {
  const answer = await fetch(`${upstream.origin}${target}`, {
    method,
    headers: { 'X-Forwarded-For': request.ip, 'Accept-Encoding': 'identity' },
    redirect: 'manual',
    signal: AbortSignal.timeout(upstream.timeoutMs),
  });
  // A request it refuses (a path it cannot read) is the client page's to explain, as typed.
  if (answer.status >= 500 || (answer.status >= 400 && answer.status !== 404)) throw new Error(`渲染服务器 HTTP ${answer.status}`);
  const headers: Record<string, string> = {};
  for (const name of RELAYED) {
    const value = answer.headers.get(name);
    if (value) headers[name] = value;
  }
  const shareable =
    answer.status === 200 && !answer.headers.has('set-cookie') && !/no-store|private/i.test(answer.headers.get('cache-control') ?? '');
  const renderedConfig = answer.headers.get(RENDERED_CONFIG_HEADER) ?? undefined;
  return { status: answer.status, headers, body: await answer.text(), renderedConfig, shareable };
}

/**
 * Pages from the render server (`askRenderServer`), its status and headers relayed, the page compressed as the
 * visitor accepts it. A render server that fails, refuses the request or does not answer in time costs the visitor
 * nothing: `fallback` sends the page instead.
 */
export function renderedOr(upstream: RenderServerUpstream, fallback: SendPage): SendPage {
  return async (request, reply, pathname, target = request.raw.url ?? '/') => {
    let answer: RenderedAnswer;
    try {
      answer = await askRenderServer(upstream, request, target);
    } catch (error) {
      request.log.warn({ err: error }, '渲染服务器没有回应，用目录中的页面');
      return fallback(request, reply, pathname);
    }
    reply.code(answer.status).headers(answer.headers);
    return request.method === 'HEAD' ? reply.send() : sendCompressed(request, reply, answer.body);
  };
}

export interface RenderProxyOptions {
  /** How the pages are sent: `renderedOr(upstream, fallback)`. */
  sendPage: SendPage;
  /** Route patterns (`/wuyou/*`) always sent by `sendPage`, whatever file the folder holds for them. */
  routes: readonly string[];
}

/** The routes rendered for each request: sent by the render server even where a page was written at build. */
const renderProxyPlugin: FastifyPluginAsync<RenderProxyOptions> = async (app, { sendPage, routes }) => {
  for (const route of routes) app.get(route, (request, reply) => sendPage(request, reply, (request.raw.url ?? '/').split('?')[0] ?? '/'));
};

export const renderProxy = fp(renderProxyPlugin, { name: 'render-proxy', fastify: '5.x' });
