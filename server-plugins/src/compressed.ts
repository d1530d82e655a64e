import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Smaller bodies are sent as they are: compressing them costs more than it saves. */
const MIN_BYTES = 1024;

/** The compression `request` accepts that pages are sent with: brotli, else gzip, else none. */
export function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | undefined {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  return /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
}

/**
 * `body` compressed as `encoding` says: brotli at quality 5 (fast enough for a page per request), else gzip. On
 * libuv's threads, so a large page never holds the event loop, and with it every other request.
 */
export function compressedBody(body: string, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br' ? brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzip(body);
}

/**
 * A page made now (a render, the client page, a page written at build) sent compressed as the visitor accepts it,
 * like the build's own `.br`/`.gz` files.
 */
export async function sendCompressed(request: FastifyRequest, reply: FastifyReply, body: string): Promise<FastifyReply> {
  const encoding = body.length <= MIN_BYTES ? undefined : acceptedEncoding(request);
  if (!encoding) return reply.send(body);
  let compressed: Buffer;
  try {
    compressed = await compressedBody(body, encoding);
  } catch (error) {
    // Only memory running out fails here: the page is still the visitor's, as it is. Callers need not catch.
    request.log.error({ err: error }, '页面压缩失败，按原样发送');
    return reply.send(body);
  }
  return reply.header('Content-Encoding', encoding).send(compressed);
}
