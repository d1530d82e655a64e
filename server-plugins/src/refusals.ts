import http from 'node:http';
import type net from 'node:net';
import { TEXT } from './answers';

/** What each refusal is called, in every server's answer (plain text or the API's envelope). */
export const REFUSED_MESSAGES = { 400: '请求无效', 408: '请求超时，请重试', 431: '请求头过大' } as const;

/** What a server says to a request Node's HTTP parser refused: its headers (type included) and body. */
export interface RefusedAnswer {
  headers: Record<string, string>;
  body: string;
}

/** 431 for headers past Node's limit, 408 for a request that trickled in too slowly, 400 for anything malformed. */
export function refusedStatus(error: { code?: string }): 400 | 408 | 431 {
  if (error.code === 'HPE_HEADER_OVERFLOW') return 431;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

/**
 * Fastify's `clientErrorHandler`, with the answer a server gives. It is an option of Fastify's constructor (read once,
 * before any plugin), so a server passes it there rather than registering it. The socket is ended after a whole HTTP
 * answer, not destroyed as Fastify's own handler does, so a client still sending its headers reads the answer
 * instead of a reset. Nothing is written to a client that is already gone.
 */
export function answerRefused(answer: (status: 400 | 408 | 431) => RefusedAnswer) {
  return (error: Error & { code?: string }, socket: net.Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
    const status = refusedStatus(error);
    const { headers, body } = answer(status);
    const head = Object.entries({
      ...headers,
      'Content-Length': String(Buffer.byteLength(body)),
      'Cache-Control': 'no-cache',
      Connection: 'close',
    }).map(([name, value]) => `${name}: ${value}`);
    socket.end([`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`, ...head, '', body].join('\r\n'));
  };
}

/** The refusal in plain Chinese text, for a server no visitor reads pages from directly (the render server). */
export function plainRefusal(status: 400 | 408 | 431): RefusedAnswer {
  return { headers: { 'Content-Type': TEXT }, body: REFUSED_MESSAGES[status] };
}
