import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TEXT } from './answers';
import { REFUSED_MESSAGES } from './refusals';

/** How a request that names nothing is answered: its status and a Chinese line to say why. */
export type Refusal = (request: FastifyRequest, reply: FastifyReply, status: 400 | 404, text: string) => FastifyReply | Promise<FastifyReply>;

/** Plain text: the answer of a server without pages. */
export const refusedAsText: Refusal = (_request, reply, status, text) => reply.code(status).header('Cache-Control', 'no-cache').type(TEXT).send(text);

export interface CanonicalPathsOptions {
  /** Longer request targets are refused (414) before any routing. */
  maxUrlLength: number;
  /** A path that names nothing once decoded (a NUL in it: 400; climbing out of its folder: 404). Plain text by default. */
  refuse?: Refusal;
}

/** The path of a request target, percent-decoded once; a malformed escape (`/search/100%`) kept as typed. */
export function decodedPath(rawUrl: string): string {
  const target = rawUrl.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(target);
  } catch {
    return target;
  }
}

/**
 * One spelling per path, on this origin, for a server that maps paths to files: a target too long or not a path is
 * refused; `//host/x`, `/\host`, `/a//b`, `/a/../b` name a page of this site by another spelling and are redirected
 * to the plain one (always a path here, never another host); a path with a NUL or that climbs out of its folder
 * once decoded names no file and no page.
 */
const canonicalPathsPlugin: FastifyPluginAsync<CanonicalPathsOptions> = async (app, { maxUrlLength, refuse = refusedAsText }) => {
  app.addHook('onRequest', async (request, reply) => {
    const url = request.raw.url ?? '/';
    if (url.length > maxUrlLength) return reply.code(414).type(TEXT).send('请求地址过长');
    if (!url.startsWith('/')) return reply.code(400).type(TEXT).send(REFUSED_MESSAGES[400]);
    const [target = '/', query] = url.split(/\?(.*)/s, 2);
    const plain = path.posix.normalize(target.replace(/\\/g, '/')).replace(/^\/+/, '/');
    if (plain !== target) return reply.redirect(`${plain}${query === undefined ? '' : `?${query}`}`, 301);
    const decoded = decodedPath(target);
    if (decoded.includes('\0')) return refuse(request, reply, 400, '请求地址无效');
    if (/(^|[/\\])\.\.([/\\]|$)/.test(decoded)) return refuse(request, reply, 404, '404 未找到');
    return undefined;
  });
};

export const canonicalPaths = fp(canonicalPathsPlugin, { name: 'canonical-paths', fastify: '5.x' });
