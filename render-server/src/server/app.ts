import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import {
  activityPath,
  answerRefused,
  APP_PAGE,
  isActivityId,
  REFUSED_MESSAGES,
  REMOTE_NAMES,
  routeOf,
  type RouteId,
} from '@wenrun/shared/node';
import { createActivityApi } from '../render/activityApi';
import { loadShellServer, type ShellServer } from '../render/shellServer';
import { openSiteRenderer, runtimeConfigFile, type SiteRenderer } from '../render/siteRenderer';
import { createPageCache, DEFAULT_PAGE_CACHE, type PageCacheLimits } from './pageCache';
import { carriedForward, changesBetween, snapshotSite, unlistedActivityPages, type SiteSnapshot } from './siteWatch';

export interface RenderServerOptions {
  /** The shell's served folder: app.html, runtime-config.json, the shell's server build (`server/`). */
  shellDir: string;
  /** The runtime config when not the folder's own (a site served under other addresses). */
  configFile?: string;
  siteUrl: string;
  /** A data call slower than this serves the client-rendered page instead (the visitor still gets the site). */
  dataTimeoutMs: number;
  renderTimeoutMs: number;
  /** How often the config, the remotes' manifests and the activity list are looked at. */
  checkIntervalMs: number;
  pageCache?: PageCacheLimits;
  logger?: boolean | { level: string };
  /** The shell's server build; the one in `shellDir` when absent. */
  shellServer?: ShellServer;
}

/** What each kind of page may be kept as by browsers and shared caches. */
const CACHE_CONTROL: Record<RouteId | 'fallback', string> = {
  // An edited activity is fresh within a minute; a stale copy may still be shown while the next is rendered.
  activity: 'public, max-age=60, stale-while-revalidate=600',
  // Results of what one visitor typed are nobody else's.
  search: 'no-store',
  home: 'no-cache',
  about: 'no-cache',
  other: 'no-cache',
  // The client page standing in for one that could not be rendered: the next request tries again.
  fallback: 'no-store',
};

const HTML = 'text/html; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';


/**
 * The request target as a path on this site: one leading slash (`//evil.example/` is a path here, never a host),
 * the query kept.
 */
export function sitePath(rawUrl: string): string {
  return `/${rawUrl.replace(/^[/\\]+/, '')}`;
}

/**
 * The render server: stateless, any number of instances behind nginx. It renders what the build did not write
 * (activity pages always, so an edited one is fresh within a minute; search results; any other path) with the same
 * renderer as the build, and answers the client-rendered page whenever a page cannot be rendered as it should be.
 */
export async function buildRenderServer(options: RenderServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    routerOptions: { maxParamLength: 2048 },
    return503OnClosing: true,
    // A target the router cannot read (`/search/100%`) is still a page: the search page shows the text as typed.
    // Fastify does not catch what this handler throws, so a page that cannot be put together is caught here.
    frameworkErrors: (_error, request, reply) => {
      sendPage(request, reply).catch((error: unknown) => sendFailed(request, reply, error));
    },
    // A request Node's parser refuses never reaches a route: said in Chinese on a socket that is ended, not reset.
    clientErrorHandler: answerRefused((status) => ({ headers: { 'Content-Type': TEXT }, body: REFUSED_MESSAGES[status] })),
  });
  // A client that sends its request and half-closes its socket still gets the page, rendered after the close: Node's
  // HTTP server would otherwise drop it at the end of the request. (Node's switch, `httpAllowHalfOpen`, is untyped.)
  (app.server as http.Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  const shell: ShellServer = options.shellServer ?? loadShellServer(options.shellDir);
  const appPage = () => fs.readFileSync(path.join(options.shellDir, APP_PAGE), 'utf8');
  const configFile = runtimeConfigFile(options.shellDir, options.configFile);
  const pages = createPageCache(options.pageCache ?? DEFAULT_PAGE_CACHE);
  const covers = new LRUCache<string, Buffer>({ max: 200, ttl: 10 * 60_000 });

  const open = () =>
    openSiteRenderer({
      shellDir: options.shellDir,
      ...(options.configFile ? { configFile: options.configFile } : {}),
      siteUrl: options.siteUrl,
      dataTimeoutMs: options.dataTimeoutMs,
      renderTimeoutMs: options.renderTimeoutMs,
      shellServer: shell,
    });
  let renderer: SiteRenderer = await open();
  let snapshot: SiteSnapshot = await snapshotSite(configFile, renderer.config);

  /** Picks up what changed outside: a config edit, a remote deployed on its own, an activity edited or taken offline. */
  async function check(): Promise<void> {
    const next = await snapshotSite(configFile, renderer.config);
    const changes = changesBetween(snapshot, next);
    snapshot = carriedForward(snapshot, next);
    for (const path of [...changes.activities.map(activityPath), ...unlistedActivityPages(pages.keys(), next)]) {
      pages.delete(path);
      covers.delete(routeOf(path).params.id ?? '');
    }
    if (!changes.config && !changes.remotes.length) return;
    for (const remote of changes.remotes) await shell.reloadRemote(remote);
    renderer = await open();
    pages.clear();
    app.log.info({ config: changes.config, remotes: changes.remotes }, '站点已更新，之后的页面按新版本渲染');
  }
  const timer = setInterval(() => {
    check().catch((error: unknown) => app.log.warn({ err: error }, '检查站点更新失败'));
  }, options.checkIntervalMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  function sendFallback(reply: FastifyReply, why: string) {
    app.log.warn({ why }, '页面无法在服务器渲染，返回浏览器渲染的页面');
    return reply.code(200).type(HTML).header('Cache-Control', CACHE_CONTROL.fallback).send(appPage());
  }

  // For the supervisor and ops on this server's own port. A proxy in front (the shell's part server, nginx) always
  // says whom it forwards for; through the site, `/healthz` is a path like any other (the home page), and which
  // builds and which API the site runs on stay the operators' to know.
  app.get('/healthz', async (request, reply) => {
    if (request.headers['x-forwarded-for'] !== undefined) return sendPage(request, reply);
    return { status: 'ok', remotes: snapshot.versions, apiBaseUrl: renderer.config.apiBaseUrl, cachedPages: pages.size };
  });

  app.get<{ Params: { id: string } }>('/wuyou/:id/cover.png', async (request, reply) => {
    const { id } = request.params;
    if (!isActivityId(id)) return reply.code(404).type('text/plain; charset=utf-8').send('没有这个活动');
    let png = covers.get(id);
    if (!png) png = await drawCover(id);
    if (!png) return reply.code(404).type('text/plain; charset=utf-8').send('没有这个活动的图片');
    return reply.type('image/png').header('Cache-Control', CACHE_CONTROL.activity).send(png);
  });

  /** The picture of an activity's shared link, made from its cover as the API has it now. */
  async function drawCover(id: string): Promise<Buffer | undefined> {
    try {
      const png = await createActivityApi(renderer.config.apiBaseUrl, options.dataTimeoutMs).coverPicture(id);
      covers.set(id, png);
      return png;
    } catch (error) {
      app.log.warn({ id, why: error instanceof Error ? error.message : String(error) }, '活动分享图片画不出');
      return undefined;
    }
  }

  app.route({ method: ['GET', 'HEAD'], url: '/*', handler: (request, reply) => sendPage(request, reply) });

  /**
   * The page of the request's target: from the cache, rendered, or the client page when it cannot be rendered. An
   * activity page is kept under its canonical path (`/wuyou/%31` is `/wuyou/1`), the one an edit of the activity
   * drops; a page of no activity (404) is not kept, so made-up ids cannot push real pages out of the cache.
   */
  async function sendPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const url = sitePath(request.raw.url ?? '/');
    const pathname = url.split('?')[0] ?? '/';
    const { route, params } = routeOf(pathname);
    const activityId = route.id === 'activity' ? (params.id ?? '') : '';
    const cacheKey = isActivityId(activityId) ? activityPath(activityId) : undefined;
    const cached = cacheKey ? pages.get(cacheKey) : undefined;
    if (cached) {
      return reply.code(200).type(HTML).header('Cache-Control', CACHE_CONTROL.activity).header('X-Render-Cache', 'hit').send(cached.html);
    }
    const outcome = await renderer.render(url);
    if (outcome.kind === 'redirect') return reply.redirect(outcome.location, outcome.status);
    if (outcome.kind === 'unavailable') return sendFallback(reply, outcome.reason);
    // A slot that failed here is retried by the browser: such a page is not kept.
    if (cacheKey && outcome.status === 200 && !outcome.failedSlots.length && !url.includes('?')) pages.set(cacheKey, { html: outcome.html });
    return reply.code(outcome.status).type(HTML).header('Cache-Control', CACHE_CONTROL[outcome.routeId]).send(outcome.html);
  }

  app.setNotFoundHandler((request, reply) =>
    reply.code(405).header('Allow', 'GET, HEAD').type(TEXT).send(`不支持 ${request.method} 请求`),
  );

  // Whatever goes wrong with a page, the visitor gets the site: the client-rendered page, never a 5xx.
  app.setErrorHandler((error, request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status < 500) return reply.code(status).type(TEXT).send(REFUSED_MESSAGES[400]);
    return sendFailed(request, reply, error);
  });

  function sendFailed(request: FastifyRequest, reply: FastifyReply, error: unknown) {
    request.log.error({ err: error }, '渲染服务器出错');
    return sendFallback(reply, error instanceof Error ? error.message : String(error));
  }

  app.log.info({ remotes: REMOTE_NAMES.map((remote) => snapshot.versions[remote]) }, '渲染服务器已就绪');
  return app;
}
