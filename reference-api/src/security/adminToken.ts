import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Envelope } from '@wenrun/shared/node';
import { CODES } from '../envelope';

/** Shorter tokens are refused at start: the token is all that stands between the internet and publishing. */
export const ADMIN_TOKEN_MIN_LENGTH = 32;

export const ADMIN_MESSAGES = {
  disabled: '管理接口未启用（服务器没有设置 ADMIN_TOKEN 或 ADMIN_TOKEN_FILE）',
  refused: '管理令牌不正确',
} as const;

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether a secret sent is `token`, compared in constant time: both sides are hashed first, so the comparison takes
 * the same time whatever the length or content of what was sent. Without a token nothing matches.
 */
export function secretMatcher(token: string | undefined): (given: string | undefined) => boolean {
  const expected = token === undefined ? undefined : digest(token);
  return (given) => expected !== undefined && given !== undefined && timingSafeEqual(digest(given), expected);
}

/** The token of an `Authorization: Bearer …` header, if that is what it is. */
export function bearerOf(request: FastifyRequest): string | undefined {
  const [scheme, given] = (request.headers.authorization ?? '').split(' ', 2);
  return scheme === 'Bearer' ? given : undefined;
}

/**
 * The admin endpoints' gate: `Authorization: Bearer <token>`, compared in constant time (`secretMatcher`). Without a
 * configured token every request is refused.
 */
export function requireAdminToken(token: string | undefined) {
  const matches = secretMatcher(token);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (matches(bearerOf(request))) return;
    const envelope: Envelope<null> = {
      header: { code: CODES.unauthorized, codeMsg: token === undefined ? ADMIN_MESSAGES.disabled : ADMIN_MESSAGES.refused },
      data: null,
    };
    request.log.warn({ ip: request.ip, url: request.url }, '管理接口：令牌不正确');
    return reply.code(401).header('WWW-Authenticate', 'Bearer').type('application/json; charset=utf-8').send(envelope);
  };
}
