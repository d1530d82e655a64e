import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { ApiFailure, CODES, ok } from '../envelope';

/**
 * Development and test only (never registered when NODE_ENV is production): read back what has no other
 * channel here, the verification code that an SMS would carry.
 */
export function devRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { mobile: string } }>('/__dev/codes/:mobile', async (request) => {
    const code = ctx.devCodes?.get(request.params.mobile);
    if (!code) throw new ApiFailure(CODES.notFound, '该手机号还没有获取过验证码');
    return ok({ code });
  });
}
