import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type onRequestHookHandler } from 'fastify';
import { ACTIVITY_IMAGE_ROUTE, activityImagePath } from '@wenrun/shared/node';
import {
  canonicalPaths,
  clientPageIn,
  clientPageRefusals,
  decodedPath,
  historyMode,
  metrics,
  cachedPagesOr,
  REFUSED_MESSAGES,
  refusedWithClientPage,
  renderedOr,
  renderProxy,
  requestHygiene,
  sendHtmlPage,
  sendSecurityHeaders,
  TEXT,
  type ClientPage,
  type HeadersSource,
  type RenderServerUpstream,
  type SendPage,
} from '@wenrun/server-plugins';
import { BUILD_FILE, cacheControlFor } from './headers';
import { PER_REQUEST_PREFIXES } from './perRequest';
import { SHARED_PAGE_FRESH_S, SHARED_PAGE_TARGET } from './sharedPages';

/** Longer request targets are refused (414) before any routing: no page of the site has one. */
export const MAX_URL_LENGTH = 8 * 1024;

export interface PartServerOptions {
  /** The built folder to serve; read on every request, so a redeploy needs no restart. */
  root: string;
  /**
   * History-mode routing: paths that are no file get this page (the shell's `app.html`, its client-rendered page;
   * `true` means index.html). Build files that do not exist stay 404.
   */
  spa?: boolean | string;
  /** Origins allowed to read these files with CORS (the parts); empty for the shell, which nobody else reads. */
  allowedOrigins?: string[];
  /**
   * The site's security headers (headers.ts): some on every response, a page's policies on documents only. A
   * function is asked on every response: the headers of the runtime config being served (addresses.ts).
   */
  headers?: HeadersSource;
  /**
   * The shell only: pages rendered per request, those of the route manifest's routes rendered per request
   * (perRequest.ts) whatever the folder holds (the page written at build is what is served when it does not answer),
   * and every path that is no file.
   */
  renderServer?: RenderServerUpstream;
  /**
   * The shell only: whether the pages written at build fit the runtime config being served (writtenPages.ts). When
   * they do not, no written page is sent: each comes from the render server, else the client page stands in for it.
   */
  writtenPagesFit?: () => boolean;
  /**
   * The shell only: the served config's digest (sharedPages.ts). With it, the pages the render server sends for
   * targets that are the same for every visitor are cached (`cachedPagesOr`), so they stay at file speed after an edit.
   */
  servedConfigDigest?: () => string;
  logger?: boolean;
  /** The part's name, labelling its figures at `/metrics` (`shell`, `header`…). */
  name?: string;
}

/**
 * One part of the site, served from its own origin (Fastify and @fastify/static): production cache rules, the
 * build's `.br`/`.gz` files by `Accept-Encoding`, the site's security headers, CORS for the parts only. Any
 * request target gets an answer (200, 301, 400, 404, 405, 414, 431), never a crash: the hardening is the plugins of
 * `@wenrun/server-plugins`, registered in the order a request meets them.
 */
export async function buildPartServer(options: PartServerOptions): Promise<FastifyInstance> {
  const root = path.resolve(options.root);
  const page = clientPageIn(root, options.spa);
  const fromFolder = pageFromFolder(root, page, options.writtenPagesFit);
  const sendPage = options.renderServer ? renderedPages(options.renderServer, fromFolder, options.servedConfigDigest) : fromFolder;
  const app = Fastify({
    logger: options.logger ?? false,
    // Node's own limit on the request line and headers answers 431 before this; a path segment this long is no page.
    routerOptions: { maxParamLength: 1024 },
    return503OnClosing: false,
    ...clientPageRefusals(page, options.headers),
  });
  if (options.headers) await app.register(sendSecurityHeaders, { headers: options.headers });
  await app.register(metrics, { server: options.name ?? 'part' });
  app.addHook('onRequest', partCors(options.allowedOrigins ?? []));
  await app.register(canonicalPaths, { maxUrlLength: MAX_URL_LENGTH, refuse: refusedWithClientPage(page, BUILD_FILE) });
  await app.register(requestHygiene, { methods: ['GET', 'HEAD'], preflight: true });
  if (options.writtenPagesFit) app.addHook('onRequest', unfitPagesRendered(root, options.writtenPagesFit, sendPage));
  await app.register(fastifyStatic, staticFiles(root));
  if (options.renderServer) {
    await app.register(renderProxy, { sendPage, routes: PER_REQUEST_PREFIXES.map((prefix) => `${prefix}*`) });
    app.get<{ Params: { id: string } }>(ACTIVITY_IMAGE_ROUTE, (request, reply) => sendPicture(root, request, reply, sendPage));
  }
  await app.register(historyMode, { page, buildFiles: BUILD_FILE, sendPage });
  app.setErrorHandler(answerError);
  return app;
}

/** Pages from the render server; with the served config's digest, those the same for every visitor cached. */
function renderedPages(upstream: RenderServerUpstream, fromFolder: SendPage, configDigest: (() => string) | undefined): SendPage {
  if (!configDigest) return renderedOr(upstream, fromFolder);
  return cachedPagesOr(upstream, fromFolder, { shared: SHARED_PAGE_TARGET, configDigest, freshMs: SHARED_PAGE_FRESH_S * 1000, maxPages: 200 });
}

/** Which copy of a file is sent depends on Accept-Encoding (the build's .br and .gz), and CORS on Origin. */
function partCors(allowedOrigins: string[]): onRequestHookHandler {
  const allowed = new Set(allowedOrigins);
  return async (request, reply) => {
    reply.header('Vary', 'Accept-Encoding, Origin');
    const origin = request.headers.origin;
    if (origin && allowed.has(origin)) reply.header('Access-Control-Allow-Origin', origin);
  };
}

/** The built files, the build's `.br`/`.gz` copies by `Accept-Encoding`; Cache-Control is ours (headers.ts), per file. */
function staticFiles(root: string): FastifyStaticOptions {
  return {
    root,
    preCompressed: true,
    cacheControl: false,
    etag: true,
    serveDotFiles: false,
    index: ['index.html'],
    redirect: false,
    setHeaders: (res, file) => {
      // The rule of the file itself, whichever copy (`.br`, `.gz`) is sent.
      const sent = `/${path.relative(root, file).split(path.sep).join('/')}`.replace(/\.(br|gz)$/, '');
      res.setHeader('Cache-Control', cacheControlFor(sent));
    },
  };
}

/** The page of `pathname` from the folder (a page written at build for this config), else the client-rendered page. */
function pageFromFolder(root: string, page: ClientPage, writtenPagesFit: () => boolean = () => true): SendPage {
  return async (request, reply, pathname) => {
    const written = path.join(root, pathname, 'index.html');
    if (written.startsWith(`${root}${path.sep}`) && writtenPagesFit() && fs.existsSync(written)) {
      return sendHtmlPage(request, reply, fs.readFileSync(written, 'utf8'));
    }
    const body = page.read();
    if (body === undefined) return reply.code(404).type(TEXT).send('404 未找到');
    return sendHtmlPage(request, reply, body);
  };
}

/** A written page made for another config is not sent, whichever spelling names it (`/`, `/index.html`). */
function unfitPagesRendered(root: string, writtenPagesFit: () => boolean, sendPage: SendPage): onRequestHookHandler {
  return async (request, reply) => {
    const url = request.raw.url ?? '/';
    const query = url.split(/\?(.*)/s, 2)[1];
    const pathname = decodedPath(url).replace(/(^|\/)index\.html$/, '$1');
    if (writtenPagesFit() || !fs.existsSync(path.join(root, pathname, 'index.html'))) return undefined;
    return sendPage(request, reply, pathname, `${encodeURI(pathname)}${query === undefined ? '' : `?${query}`}`);
  };
}

/** The picture of an activity's shared link: the file when the build wrote one, else the render server draws it. */
function sendPicture(root: string, request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply, sendPage: SendPage) {
  const picture = activityImagePath(request.params.id);
  if (fs.existsSync(path.join(root, picture))) return reply.sendFile(picture);
  return sendPage(request, reply, (request.raw.url ?? '/').split('?')[0] ?? '/');
}

function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status = error.statusCode ?? 500;
  if (status >= 500) request.log.error({ err: error }, '出错');
  return reply.code(status >= 500 ? 500 : status).type(TEXT).send(status === 404 ? '404 未找到' : REFUSED_MESSAGES[400]);
}

/** A part server listening on `port`, for tools and tests that serve a copy of a folder (its Node server). */
export async function startPartServer(options: PartServerOptions & { port: number; host?: string }): Promise<http.Server> {
  const app = await buildPartServer(options);
  await app.listen({ port: options.port, host: options.host ?? '::' });
  return app.server;
}
