import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { ACTIVITY_IMAGE_ROUTE, activityPath, APP_PAGE, isActivityId, pageTarget, REMOTE_NAMES, routeOf, type PageTarget, type RouteId } from '@wenrun/shared/node';
import { answerRefused, HTML, metrics, plainRefusal, REFUSED_MESSAGES, RENDERED_CONFIG_HEADER, requestHygiene, sendCompressed, TEXT } from '@wenrun/server-plugins';
import { createActivityApi } from '../render/activityApi';
import { loadShellServer, type ShellServer } from '../render/shellServer';
import { openSiteRenderer, runtimeConfigFile, type SiteRenderer } from '../render/siteRenderer';
import { createPageCache, DEFAULT_PAGE_CACHE, type PageCacheLimits } from './pageCache';
import { renderMetrics, type RenderMetrics } from './renderMetrics';
import { sendServiceToken } from './serviceToken';
import { carriedForward, changesBetween, snapshotSite, unlistedActivityPages, type SiteSnapshot } from './siteWatch';

export interface RenderServerOptions {
  /** The shell's served folder: app.html, runtime-config.json, the shell's server build (`server/`). */
  shellDir: string;
  /** The runtime config when not the folder's own (a site served under other addresses). */
  configFile?: string;
  siteUrl: string;
  /** Takes only https: entries from the config (the production form over TLS): no remote code fetched over http:. */
  httpsOnly?: boolean;
  /** A data call slower than this serves the client-rendered page instead (the visitor still gets the site). */
  dataTimeoutMs: number;
  renderTimeoutMs: number;
  /** How often the config, the remotes' manifests and the activity list are looked at. */
  checkIntervalMs: number;
  pageCache?: PageCacheLimits;
  logger?: boolean | { level: string };
  /** The shell's server build; the one in `shellDir` when absent. */
  shellServer?: ShellServer;
  /** The API's credential for the site's own servers (`serviceToken.ts`); absent, its calls are a visitor's. */
  serviceToken?: string;
}

const PURGE = 'PURGE';

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

/**
 * The request target as a path on this site: one leading slash (`//evil.example/` is a path here, never a host),
 * the query kept.
 */
export function sitePath(rawUrl: string): string {
  return `/${rawUrl.replace(/^[/\\]+/, '')}`;
}

const targets = new WeakMap<FastifyRequest['raw'], PageTarget>();

/** The page a request asks for, resolved once: its metric label, its place in the page cache and its render agree. */
function targetOf(request: FastifyRequest): PageTarget {
  let target = targets.get(request.raw);
  if (!target) {
    target = pageTarget(sitePath(request.raw.url ?? '/'));
    targets.set(request.raw, target);
  }
  return target;
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
      sendPage(site, request, reply).catch((error: unknown) => sendFailed(site, request, reply, error));
    },
    // A request Node's parser refuses never reaches a route: said in Chinese on a socket that is ended, not reset.
    clientErrorHandler: answerRefused(plainRefusal),
  });
  // PURGE drops a kept activity page, asked on this server's own port (deploy/ops/coordination: an activity changed
  // on any host); through the site it is refused like any other method.
  app.addHttpMethod(PURGE);
  await app.register(requestHygiene, { methods: ['GET', 'HEAD'], ownPortOnly: [PURGE] });
  await app.register(metrics, {
    server: 'render',
    routeOf: (request) => targetOf(request).routeId,
    // Through the site `/metrics` is a path like any other, as `/healthz` is.
    whenProxied: (request, reply) => sendPage(site, request, reply),
  });
  const site = await openSite(options, app.log, renderMetrics(app.metrics));
  if (options.serviceToken) sendServiceToken(options.serviceToken, () => new URL(site.renderer.config.apiBaseUrl).origin);
  const timer = setInterval(() => {
    checkSite(site).catch((error: unknown) => app.log.warn({ err: error }, '检查站点更新失败'));
  }, options.checkIntervalMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.get('/healthz', (request, reply) => sendHealth(site, request, reply));
  app.get<{ Params: { id: string } }>(ACTIVITY_IMAGE_ROUTE, (request, reply) => sendCover(site, request.params.id, reply));
  app.route({ method: ['GET', 'HEAD'], url: '/*', handler: (request, reply) => sendPage(site, request, reply) });
  app.route({ method: PURGE, url: '/*', handler: (request, reply) => dropPage(site, request, reply) });
  // Whatever goes wrong with a page, the visitor gets the site: the client-rendered page, never a 5xx.
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status < 500) return reply.code(status).type(TEXT).send(REFUSED_MESSAGES[400]);
    return sendFailed(site, request, reply, error);
  });
  app.log.info({ remotes: REMOTE_NAMES.map((remote) => site.snapshot.versions[remote]) }, '渲染服务器已就绪');
  return app;
}

/** What the server renders with and has made: kept current by `checkSite`. */
interface Site {
  options: RenderServerOptions;
  log: FastifyBaseLogger;
  shell: ShellServer;
  configFile: string;
  renderer: SiteRenderer;
  snapshot: SiteSnapshot;
  pages: ReturnType<typeof createPageCache>;
  covers: LRUCache<string, Buffer>;
  metrics: RenderMetrics;
}

function openRenderer(site: Pick<Site, 'options' | 'shell'>): Promise<SiteRenderer> {
  const { options } = site;
  return openSiteRenderer({
    shellDir: options.shellDir,
    ...(options.configFile ? { configFile: options.configFile } : {}),
    siteUrl: options.siteUrl,
    ...(options.httpsOnly ? { httpsOnly: true } : {}),
    dataTimeoutMs: options.dataTimeoutMs,
    renderTimeoutMs: options.renderTimeoutMs,
    shellServer: site.shell,
  });
}

async function openSite(options: RenderServerOptions, log: FastifyBaseLogger, metrics: RenderMetrics): Promise<Site> {
  const shell: ShellServer = options.shellServer ?? loadShellServer(options.shellDir);
  const configFile = runtimeConfigFile(options.shellDir, options.configFile);
  const renderer = await openRenderer({ options, shell });
  const site: Site = {
    options,
    log,
    shell,
    configFile,
    renderer,
    snapshot: await snapshotSite(configFile, renderer.config),
    pages: createPageCache(options.pageCache ?? DEFAULT_PAGE_CACHE),
    covers: new LRUCache<string, Buffer>({ max: 200, ttl: 10 * 60_000 }),
    metrics,
  };
  // Counted by the version the site serves for that remote now (its primary's version.json).
  await shell.observeRefusedFiles((refused) => metrics.refused(refused, site.snapshot.versions));
  countRefusedStylesheets(site);
  return site;
}

/** Forgets an activity's page and picture, so the next request renders it from the API's data of now. */
function forgetActivity(site: Site, path: string): void {
  site.pages.delete(path);
  site.covers.delete(routeOf(path).params.id ?? '');
}

/** `PURGE /wuyou/{id}`: the activity changed (told at once, where the look every few seconds would find it later). */
function dropPage(site: Site, request: FastifyRequest, reply: FastifyReply) {
  const { routeId, params } = targetOf(request);
  const id = routeId === 'activity' ? (params.id ?? '') : '';
  if (!isActivityId(id)) return reply.code(404).type(TEXT).send('只能清除活动页面：/wuyou/{id}');
  forgetActivity(site, activityPath(id));
  return reply.code(204).send();
}

/** The stylesheets the renderer just opened did not read for their digest, counted like the remotes' code. */
function countRefusedStylesheets(site: Site): void {
  for (const refused of site.renderer.refusedStylesheets) site.metrics.refused(refused, site.snapshot.versions);
}

/** Picks up what changed outside: a config edit, a remote deployed on its own, an activity edited or taken offline. */
async function checkSite(site: Site): Promise<void> {
  const next = await snapshotSite(site.configFile, site.renderer.config);
  const changes = changesBetween(site.snapshot, next);
  site.snapshot = carriedForward(site.snapshot, next);
  for (const path of [...changes.activities.map(activityPath), ...unlistedActivityPages(site.pages.keys(), next)]) forgetActivity(site, path);
  if (!changes.config && !changes.remotes.length) return;
  for (const remote of changes.remotes) await site.shell.reloadRemote(remote);
  site.renderer = await openRenderer(site);
  countRefusedStylesheets(site);
  site.pages.clear();
  site.log.info({ config: changes.config, remotes: changes.remotes }, '站点已更新，之后的页面按新版本渲染');
}

function sendFallback(site: Site, reply: FastifyReply, why: string) {
  site.log.warn({ why }, '页面无法在服务器渲染，返回浏览器渲染的页面');
  const page = fs.readFileSync(path.join(site.options.shellDir, APP_PAGE), 'utf8');
  return reply.code(200).type(HTML).header('Cache-Control', CACHE_CONTROL.fallback).send(page);
}

function sendFailed(site: Site, request: FastifyRequest, reply: FastifyReply, error: unknown) {
  request.log.error({ err: error }, '渲染服务器出错');
  return sendFallback(site, reply, error instanceof Error ? error.message : String(error));
}

/**
 * For the supervisor and ops on this server's own port. A proxy in front (the shell's part server, nginx) always
 * says whom it forwards for; through the site, `/healthz` is a path like any other (the home page), and which
 * builds and which API the site runs on stay the operators' to know.
 */
async function sendHealth(site: Site, request: FastifyRequest, reply: FastifyReply) {
  if (request.headers['x-forwarded-for'] !== undefined) return sendPage(site, request, reply);
  return { status: 'ok', remotes: site.snapshot.versions, apiBaseUrl: site.renderer.config.apiBaseUrl, cachedPages: site.pages.size };
}

async function sendCover(site: Site, id: string, reply: FastifyReply) {
  if (!isActivityId(id)) return reply.code(404).type(TEXT).send('没有这个活动');
  let png = site.covers.get(id);
  if (!png) png = await drawCover(site, id);
  if (!png) return reply.code(404).type(TEXT).send('没有这个活动的图片');
  return reply.type('image/png').header('Cache-Control', CACHE_CONTROL.activity).send(png);
}

/** The picture of an activity's shared link, made from its cover as the API has it now (`activityApi.ts`). */
async function drawCover(site: Site, id: string): Promise<Buffer | undefined> {
  try {
    const png = await createActivityApi(site.renderer.config.apiBaseUrl, site.options.dataTimeoutMs).coverPicture(id);
    site.covers.set(id, png);
    return png;
  } catch (error) {
    site.log.warn({ id, why: error instanceof Error ? error.message : String(error) }, '活动分享图片画不出');
    return undefined;
  }
}

/**
 * The page of the request's target: from the cache, rendered, or the client page when it cannot be rendered;
 * compressed as the request accepts (nginx asks so for the pages it keeps, and keeps each copy compressed once). An
 * activity page is kept under its canonical path (`/wuyou/%31` is `/wuyou/1`), the one an edit of the activity
 * drops; a page of no activity (404) is not kept, so made-up ids cannot push real pages out of the cache.
 */
async function sendPage(site: Site, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const target = targetOf(request);
  const activityId = target.routeId === 'activity' ? (target.params.id ?? '') : '';
  const cacheKey = isActivityId(activityId) ? activityPath(activityId) : undefined;
  const cached = cacheKey ? site.pages.get(cacheKey) : undefined;
  if (cacheKey) site.metrics.pageCache(cached ? 'hit' : 'miss');
  if (cached) {
    // Kept pages are the current renderer's: none is kept from another, and a new one clears them (checkSite).
    reply.header(RENDERED_CONFIG_HEADER, site.renderer.configDigest).header('X-Render-Cache', 'hit');
    return sendCompressed(request, reply.code(200).type(HTML).header('Cache-Control', CACHE_CONTROL.activity).header('Vary', 'Accept-Encoding'), cached.html);
  }
  const { renderer } = site;
  const outcome = await renderer.render(target);
  site.metrics.rendered(target.routeId, outcome, site.snapshot.versions);
  if (outcome.kind === 'redirect') return reply.redirect(outcome.location, outcome.status);
  if (outcome.kind === 'unavailable') return sendFallback(site, reply, outcome.reason);
  // A slot that failed here is retried by the browser: such a page is not kept, nor one rendered for a config or
  // builds replaced while it rendered.
  const keep = cacheKey && outcome.status === 200 && !outcome.failedSlots.length && !target.search && renderer === site.renderer;
  if (keep) site.pages.set(cacheKey, { html: outcome.html });
  reply.header(RENDERED_CONFIG_HEADER, renderer.configDigest);
  return sendCompressed(request, reply.code(outcome.status).type(HTML).header('Cache-Control', CACHE_CONTROL[outcome.routeId]).header('Vary', 'Accept-Encoding'), outcome.html);
}
