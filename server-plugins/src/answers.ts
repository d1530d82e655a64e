import type { FastifyReply, FastifyRequest } from 'fastify';

/** The two content types the plugins answer with themselves: Chinese text, and a page. */
export const TEXT = 'text/plain; charset=utf-8';
export const HTML = 'text/html; charset=utf-8';

/**
 * Sends the page of `pathname` (decoded) by whatever means the server has (the render server, a page written at
 * build, the client page); `target` is the path and query to ask for, the request's own by default.
 */
export type SendPage = (request: FastifyRequest, reply: FastifyReply, pathname: string, target?: string) => Promise<FastifyReply>;
