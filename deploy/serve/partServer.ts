import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { activityImagePath, answerRefused, APP_PAGE, REFUSED_MESSAGES } from '@wenrun/shared/node';
import { BUILD_FILE, cacheControlFor, isDocument, type SecurityHeaders } from './headers';

/** Longer request targets are refused (414) before any routing: no page of the site has one. */
export const MAX_URL_LENGTH = 8 * 1024;

export interface RenderServerUpstream {
  /** Where the render server listens (`http://localhost:3005`). */
  origin: string;
  /** A page it has not begun to send by then is served from the folder instead. */
  timeoutMs: number;
}

/**
 * The history-mode page a built folder has: the shell's client-rendered `app.html`, else an `index.html` (a remote's
 * development build, with its dev page), else none (a remote's production folder: an unknown path is a 404).
 */
export function fallbackPageIn(root: string): string | boolean {
  return fs.existsSync(path.join(root, APP_PAGE)) ? APP_PAGE : fs.existsSync(path.join(root, 'index.html'));
}

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
  headers?: SecurityHeaders | (() => SecurityHeaders);
  /**
   * The shell only: pages rendered per request. Activity pages always go there (the one written at build is what is
   * served when it does not answer); so does every path that is no file.
   */
  renderServer?: RenderServerUpstream;
  /**
   * The shell only: whether the pages written at build fit the runtime config being served (writtenPages.ts). When
   * they do not, no written page is sent: each comes from the render server, else the client page stands in for it.
   */
  writtenPagesFit?: () => boolean;
  logger?: boolean;
}

const TEXT = 'text/plain; charset=utf-8';
const HTML = 'text/html; charset=utf-8';

/** Headers of the render server's answer that the visitor gets as they are. */
const RELAYED = ['content-type', 'cache-control', 'location', 'x-render-cache', 'vary'];

function acceptsBrotli(request: FastifyRequest): boolean {
  return /\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''));
}

function acceptsGzip(request: FastifyRequest): boolean {
  return /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
}

/** A page made now (a render, the fallback page) is compressed as the visitor accepts it, like the built files. */
function sendText(request: FastifyRequest, reply: FastifyReply, body: string): FastifyReply {
  if (body.length > 1024 && acceptsBrotli(request)) {
    return reply.header('Content-Encoding', 'br').send(zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (body.length > 1024 && acceptsGzip(request)) return reply.header('Content-Encoding', 'gzip').send(zlib.gzipSync(body));
  return reply.send(body);
}

/**
 * One part of the site, served from its own origin (Fastify and @fastify/static): production cache rules, the
 * build's `.br`/`.gz` files by `Accept-Encoding`, the site's security headers, CORS for the parts only. Any
 * request target gets an answer (200, 301, 400, 404, 405, 414, 431), never a crash.
 */
export async function buildPartServer(options: PartServerOptions): Promise<FastifyInstance> {
  const root = path.resolve(options.root);
  const allowed = new Set(options.allowedOrigins ?? []);
  const fallbackPage = options.spa === true ? 'index.html' : options.spa || undefined;
  const readFallback = () => (fallbackPage ? fs.readFileSync(path.join(root, fallbackPage), 'utf8') : undefined);
  const { headers } = options;
  const writtenPagesFit = options.writtenPagesFit ?? (() => true);
  const headersNow = (): SecurityHeaders | undefined => (typeof headers === 'function' ? headers() : headers);
  // What the client page gets where no hook runs (Fastify's framework errors, Node's parser errors).
  const pageHeaders = () => ({ ...headersNow()?.every, ...headersNow()?.documents });
  const app = Fastify({
    logger: options.logger ?? false,
    // Node's own limit on the request line and headers answers 431 before this; a path segment this long is no page.
    routerOptions: { maxParamLength: 1024 },
    return503OnClosing: false,
    // A target Fastify's router cannot read (`/search/100%`, `/%E4%ZZ`) never reaches a route: for a part with
    // pages it is the client page's to explain, as typed.
    frameworkErrors: (_error: Error, request: FastifyRequest, reply: FastifyReply) => {
      const page = readFallback();
      if (page === undefined) return reply.code(400).type(TEXT).send('请求地址无效');
      reply.headers(pageHeaders());
      return sendText(request, reply.code(200).type(HTML).header('Cache-Control', 'no-cache'), page);
    },
    // A request Node's parser refuses never reaches Fastify. One whose line and headers pass Node's 16 KB (a pasted
    // link of 20 KB) still gets the client page from a part with pages, under 431, so the visitor has the site
    // and its Chinese explanation rather than an empty answer.
    clientErrorHandler: answerRefused((status) => {
      const page = status === 431 ? readFallback() : undefined;
      return page === undefined
        ? { headers: { 'Content-Type': TEXT }, body: REFUSED_MESSAGES[400] }
        : { headers: { ...pageHeaders(), 'Content-Type': HTML }, body: page };
    }),
  });
  // A client that sends its request and half-closes its socket still gets the answer: Node's HTTP server would
  // otherwise drop it at the end of the request. (Node's own switch for this, `httpAllowHalfOpen`, is untyped.)
  (app.server as http.Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;

  /**
   * A request that names no page: plain text for files, but for a part with pages (the shell) the client page
   * under the refusing status, so a visitor still gets the site and its Chinese explanation.
   */
  function refuse(request: FastifyRequest, reply: FastifyReply, status: 400 | 404, text: string): FastifyReply {
    const page = readFallback();
    const pathname = (request.raw.url ?? '/').split('?')[0] ?? '/';
    reply.code(status).header('Cache-Control', 'no-cache');
    if (page === undefined || BUILD_FILE.test(pathname)) return reply.type(TEXT).send(text);
    return sendText(request, reply.type(HTML), page);
  }

  app.addHook('onRequest', async (request, reply) => {
    const url = request.raw.url ?? '/';
    reply.headers(headersNow()?.every ?? {});
    // Which copy of a file is sent depends on Accept-Encoding (the build's .br and .gz), and CORS on Origin.
    reply.header('Vary', 'Accept-Encoding, Origin');
    const origin = request.headers.origin;
    if (origin && allowed.has(origin)) reply.header('Access-Control-Allow-Origin', origin);
    if (url.length > MAX_URL_LENGTH) return reply.code(414).type(TEXT).send('请求地址过长');
    if (!url.startsWith('/')) return reply.code(400).type(TEXT).send(REFUSED_MESSAGES[400]);
    // `//host/x`, `/\host`, `/a//b`, `/a/../b` name a page of this site by another spelling: redirected to the
    // plain one, always a path on this origin (never another host).
    const [target = '/', query] = url.split(/\?(.*)/s, 2);
    const plain = path.posix.normalize(target.replace(/\\/g, '/')).replace(/^\/+/, '/');
    if (plain !== target) return reply.redirect(`${plain}${query === undefined ? '' : `?${query}`}`, 301);
    // A malformed escape (`/search/100%`) is the app's to explain, as typed; only a decodable path is checked.
    let decoded = target;
    try {
      decoded = decodeURIComponent(target);
    } catch {
      // Kept as typed.
    }
    if (decoded.includes('\0')) return refuse(request, reply, 400, '请求地址无效');
    // A path that climbs out of its folder once decoded names no file and no page.
    if (/(^|[/\\])\.\.([/\\]|$)/.test(decoded)) return refuse(request, reply, 404, '404 未找到');
    if (request.method === 'OPTIONS') {
      return reply.code(204).header('Access-Control-Allow-Methods', 'GET, HEAD').header('Access-Control-Max-Age', '600').send();
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(405).header('Allow', 'GET, HEAD').type(TEXT).send(`不支持 ${request.method} 请求`);
    }
    // A written page made for another config is not sent, whichever spelling names it (`/`, `/index.html`).
    const page = decoded.replace(/(^|\/)index\.html$/, '$1');
    if (!writtenPagesFit() && fs.existsSync(path.join(root, page, 'index.html'))) {
      return sendRendered(request, reply, page, `${encodeURI(page)}${query === undefined ? '' : `?${query}`}`);
    }
    return undefined;
  });

  // Whatever answers (a file, a render, the client page, an error), a page's policies go with a document only.
  app.addHook('onSend', async (_request, reply, payload) => {
    const current = headersNow();
    if (current && isDocument(String(reply.getHeader('content-type') ?? ''))) reply.headers(current.documents);
    return payload;
  });

  await app.register(fastifyStatic, {
    root,
    preCompressed: true,
    // Cache-Control is ours (headers.ts), per file.
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
  });

  /** The page of `pathname` from the folder (a page written at build for this config), else the client-rendered page. */
  function sendFromFolder(request: FastifyRequest, reply: FastifyReply, pathname: string): FastifyReply {
    const written = path.join(root, pathname, 'index.html');
    if (written.startsWith(`${root}${path.sep}`) && writtenPagesFit() && fs.existsSync(written)) {
      return sendText(request, reply.code(200).type(HTML).header('Cache-Control', 'no-cache'), fs.readFileSync(written, 'utf8'));
    }
    const page = readFallback();
    if (page === undefined) return reply.code(404).type(TEXT).send('404 未找到');
    return sendText(request, reply.code(200).type(HTML).header('Cache-Control', 'no-cache'), page);
  }

  /**
   * Asks the render server for the page (`target`: the path and query it is asked for, the request's own by default);
   * answers from the folder when it does not answer in time.
   */
  async function sendRendered(request: FastifyRequest, reply: FastifyReply, pathname: string, target = request.raw.url ?? '/'): Promise<FastifyReply> {
    const upstream = options.renderServer;
    if (!upstream) return sendFromFolder(request, reply, pathname);
    try {
      const answer = await fetch(`${upstream.origin}${target}`, {
        method: request.method,
        // Whom it renders for: also how the render server tells the site's requests from its operators' own.
        headers: { 'X-Forwarded-For': request.ip },
        redirect: 'manual',
        signal: AbortSignal.timeout(upstream.timeoutMs),
      });
      // A request it refuses (a path it cannot read) is the client page's to explain, as typed.
      if (answer.status >= 500 || (answer.status >= 400 && answer.status !== 404)) throw new Error(`渲染服务器 HTTP ${answer.status}`);
      reply.code(answer.status);
      for (const name of RELAYED) {
        const value = answer.headers.get(name);
        if (value) reply.header(name, value);
      }
      const body = await answer.text();
      return request.method === 'HEAD' ? reply.send() : sendText(request, reply, body);
    } catch (error) {
      request.log.warn({ err: error }, '渲染服务器没有回应，用目录中的页面');
      return sendFromFolder(request, reply, pathname);
    }
  }

  if (options.renderServer) {
    // Activity pages always go to the render server (an edited activity is fresh within a minute); a picture
    // written at build is a file like any other.
    app.get('/wuyou/*', async (request, reply) => {
      const pathname = (request.raw.url ?? '/').split('?')[0] ?? '/';
      const picture = /^\/wuyou\/([^/]+)\/cover\.png$/.exec(pathname);
      if (picture && fs.existsSync(path.join(root, activityImagePath(picture[1] ?? '')))) return reply.sendFile(activityImagePath(picture[1] ?? ''));
      return sendRendered(request, reply, pathname);
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent((request.raw.url ?? '/').split('?')[0] ?? '/');
    } catch {
      pathname = (request.raw.url ?? '/').split('?')[0] ?? '/';
    }
    if (BUILD_FILE.test(pathname) || !fallbackPage) {
      return reply.code(404).type(TEXT).header('Cache-Control', 'no-cache').send('404 未找到');
    }
    return options.renderServer ? sendRendered(request, reply, pathname) : sendFromFolder(request, reply, pathname);
  });

  app.setErrorHandler((error, request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, '出错');
    return reply.code(status >= 500 ? 500 : status).type(TEXT).send(status === 404 ? '404 未找到' : REFUSED_MESSAGES[400]);
  });

  return app;
}

/** A part server listening on `port`, for tools and tests that serve a copy of a folder (its Node server). */
export async function startPartServer(options: PartServerOptions & { port: number; host?: string }): Promise<http.Server> {
  const app = await buildPartServer(options);
  await app.listen({ port: options.port, host: options.host ?? '::' });
  return app.server;
}
