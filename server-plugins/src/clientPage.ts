import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { APP_PAGE } from '@wenrun/shared/node';
import { HTML, TEXT, type SendPage } from './answers';
import { decodedPath, type Refusal } from './canonicalPaths';
import { sendCompressed } from './compressed';
import { answerRefused, REFUSED_MESSAGES } from './refusals';
import { pageHeaders, type HeadersSource } from './securityHeaders';

/**
 * History mode: a path that names no file of a part with pages gets its client-rendered page (the shell's
 * `app.html`), which routes in the browser; so does a request refused for its path, under the refusing status, so
 * the visitor still gets the site and its Chinese explanation rather than an empty answer.
 */
export interface ClientPage {
  /** The page's file in the folder; none for a folder without pages (a remote's production build). */
  file: string | undefined;
  /** The page as the folder has it now (a redeploy needs no restart); undefined when there is none. */
  read(): string | undefined;
}

/**
 * The history-mode page a built folder has: the shell's client-rendered `app.html`, else an `index.html` (a remote's
 * development build, with its dev page), else none (a remote's production folder: an unknown path is a 404).
 */
export function fallbackPageIn(root: string): string | boolean {
  return fs.existsSync(path.join(root, APP_PAGE)) ? APP_PAGE : fs.existsSync(path.join(root, 'index.html'));
}

/** The client page of `root`: `spa` names its file, `true` means index.html, nothing means none. */
export function clientPageIn(root: string, spa: boolean | string | undefined): ClientPage {
  const file = spa === true ? 'index.html' : spa || undefined;
  return { file, read: () => (file ? fs.readFileSync(path.join(root, file), 'utf8') : undefined) };
}

/**
 * A page from a file (the client page, a page written at build) under `status`: revalidated on every use, so the next
 * request gets the page as it is then; compressed as accepted.
 */
export function sendHtmlPage(request: FastifyRequest, reply: FastifyReply, page: string, status = 200): Promise<FastifyReply> {
  return sendCompressed(request, reply.code(status).type(HTML).header('Cache-Control', 'no-cache'), page);
}

/**
 * What Fastify's constructor takes for the requests no route sees (read once, before any plugin): a target its
 * router cannot read (`/search/100%`, `/%E4%ZZ`) gets the client page, which explains it as typed; a link whose
 * line and headers pass Node's 16 KB (a pasted link of 20 KB) gets it under 431. No hook runs for either, so the
 * page's security headers are set here.
 */
export function clientPageRefusals(page: ClientPage, headers?: HeadersSource): Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> {
  return {
    frameworkErrors: (_error: Error, request: FastifyRequest, reply: FastifyReply) => {
      const body = page.read();
      if (body === undefined) return reply.code(400).type(TEXT).send('请求地址无效');
      return void sendHtmlPage(request, reply.headers(pageHeaders(headers)), body);
    },
    clientErrorHandler: answerRefused((status) => {
      const body = status === 431 ? page.read() : undefined;
      return body === undefined
        ? { headers: { 'Content-Type': TEXT }, body: REFUSED_MESSAGES[400] }
        : { headers: { ...pageHeaders(headers), 'Content-Type': HTML }, body };
    }),
  };
}

/** A path refused for what it names: the client page under the refusing status, but for a build file (plain text). */
export function refusedWithClientPage(page: ClientPage, buildFiles: RegExp): Refusal {
  return (request, reply, status, text) => {
    const body = page.read();
    const pathname = (request.raw.url ?? '/').split('?')[0] ?? '/';
    reply.code(status).header('Cache-Control', 'no-cache');
    if (body === undefined || buildFiles.test(pathname)) return reply.type(TEXT).send(text);
    return sendCompressed(request, reply.type(HTML), body);
  };
}

export interface HistoryModeOptions {
  page: ClientPage;
  /** What only a build produces: a missing one is a 404, never a page. */
  buildFiles: RegExp;
  /** How a path that is no file is answered when it may be a page; the client page by default. */
  sendPage?: SendPage;
}

/** Every path that is no file: a page (`sendPage`), or 404 for a build file or in a folder without pages. */
const historyModePlugin: FastifyPluginAsync<HistoryModeOptions> = async (app, { page, buildFiles, sendPage }) => {
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = decodedPath(request.raw.url ?? '/');
    if (buildFiles.test(pathname) || !page.file) return reply.code(404).type(TEXT).header('Cache-Control', 'no-cache').send('404 未找到');
    if (sendPage) return sendPage(request, reply, pathname);
    return sendHtmlPage(request, reply, page.read() ?? '');
  });
};

export const historyMode = fp(historyModePlugin, { name: 'history-mode', fastify: '5.x' });
