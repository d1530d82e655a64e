import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerRefused, NOT_FOUND_CODE, REFUSED_MESSAGES, SUCCESS_CODE, type Envelope } from '@wenrun/shared/node';

/**
 * Business codes of the envelope. The client compares with SUCCESS_CODE, and the activity page with NOT_FOUND_CODE;
 * the rest exist for logs, tests and whoever reads the reply by hand. They borrow the HTTP numbers people know.
 */
export const CODES = {
  invalid: '400',
  unauthorized: '401',
  forbidden: '403',
  notFound: NOT_FOUND_CODE,
  timeout: '408',
  tooLarge: '413',
  unsupportedType: '415',
  tooMany: '429',
  headersTooLarge: '431',
  internal: '500',
} as const;

export type FailureCode = (typeof CODES)[keyof typeof CODES];

export const ERROR_MESSAGES = {
  badBody: '请求内容格式不正确',
  tooLarge: '请求内容过大，请精简后再提交',
  unsupportedType: '不支持的请求内容类型',
  routeNotFound: '接口不存在',
  badRequest: REFUSED_MESSAGES[400],
  timeout: REFUSED_MESSAGES[408],
  headersTooLarge: REFUSED_MESSAGES[431],
  internal: '系统繁忙，请稍后再试',
  tooMany: (seconds: number) => `请求过于频繁，请${seconds}秒后再试`,
} as const;

/**
 * A refusal the visitor should read. It travels as HTTP 200: the shared client shows `codeMsg` only for 2xx
 * replies (any other status becomes 系统接口{status}异常), exactly like the real backend does.
 */
export class ApiFailure extends Error {
  constructor(
    readonly code: FailureCode,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

export function ok<T>(data: T): Envelope<T> {
  return { header: { code: SUCCESS_CODE, codeMsg: '成功' }, data };
}

function failure(code: FailureCode, codeMsg: string, data: unknown = null): Envelope<unknown> {
  return { header: { code, codeMsg }, data };
}

/** What a path that is no route gets: from this server, and from the nginx in front of it (deploy/ops/nginx). */
export function routeNotFoundEnvelope(): Envelope<unknown> {
  return failure(CODES.notFound, ERROR_MESSAGES.routeNotFound);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Login calls carry the failure text in `data.resultStr` too (docs/SPEC.md §3, §8). */
    loginReply?: boolean;
  }
}

function failureData(request: FastifyRequest, message: string, data: unknown): unknown {
  return request.routeOptions.config.loginReply ? { resultStr: message } : data;
}

/**
 * Transport-level problems keep a non-2xx status: the request never reached the business logic, so there is
 * nothing for the visitor to correct in a form, and proxies and logs should see them as failures.
 */
function transportFailure(error: FastifyError): { status: number; code: FailureCode; message: string } | null {
  const status = error.statusCode ?? 500;
  if (status === 413) return { status, code: CODES.tooLarge, message: ERROR_MESSAGES.tooLarge };
  if (status === 415) return { status, code: CODES.unsupportedType, message: ERROR_MESSAGES.unsupportedType };
  if (status === 400) return { status, code: CODES.invalid, message: ERROR_MESSAGES.badBody };
  if (status >= 400 && status < 500) return { status, code: CODES.invalid, message: ERROR_MESSAGES.badRequest };
  return null;
}

function sendFailure(reply: FastifyReply, status: number, envelope: Envelope<unknown>): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(envelope);
}

/**
 * A request Node's parser refuses (headers past its 16 KB, a malformed line, a request that trickles in too slowly)
 * never reaches Fastify: answered as an envelope like every other failure, on a socket that is ended, not reset.
 */
export const answerClientError = answerRefused((status) => {
  const [code, message]: [FailureCode, string] =
    status === 431
      ? [CODES.headersTooLarge, ERROR_MESSAGES.headersTooLarge]
      : status === 408
        ? [CODES.timeout, ERROR_MESSAGES.timeout]
        : [CODES.invalid, ERROR_MESSAGES.badRequest];
  return {
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
    body: JSON.stringify(failure(code, message)),
  };
});

/** Every failure, whatever raised it, leaves as an envelope with a Chinese message and never a stack trace. */
export function registerEnvelopeHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiFailure, request, reply) => {
    if (error instanceof ApiFailure) {
      return sendFailure(reply, 200, failure(error.code, error.message, failureData(request, error.message, error.data)));
    }
    const transport = transportFailure(error);
    if (transport) {
      request.log.info({ err: error }, 'rejected request');
      const data = failureData(request, transport.message, null);
      return sendFailure(reply, transport.status, failure(transport.code, transport.message, data));
    }
    request.log.error({ err: error }, 'unhandled error');
    const data = failureData(request, ERROR_MESSAGES.internal, null);
    return sendFailure(reply, 500, failure(CODES.internal, ERROR_MESSAGES.internal, data));
  });

  app.setNotFoundHandler((_request, reply) => sendFailure(reply, 404, routeNotFoundEnvelope()));
}
