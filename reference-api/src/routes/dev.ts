import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { ApiFailure, CODES, ok } from '../envelope';

const DEV_LIST_LIMIT = 50;

const messagesQuery = z.object({ phone: z.string().trim().min(1).max(20).optional() });

/**
 * Development and test only (never registered when NODE_ENV is production): read back what has no other channel
 * here, such as the verification code an SMS would carry, or what a form stored.
 */
export function devRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { mobile: string } }>('/__dev/codes/:mobile', async (request) => {
    const code = ctx.devCodes?.get(request.params.mobile);
    if (!code) throw new ApiFailure(CODES.notFound, '该手机号还没有获取过验证码');
    return ok({ code });
  });

  app.get('/__dev/messages', async (request) => {
    const query = messagesQuery.safeParse(request.query);
    const phone = query.success ? (query.data.phone ?? null) : null;
    return ok({ list: ctx.messages.recent(phone, DEV_LIST_LIMIT) });
  });

  app.get('/__dev/stats', async () => ok({ list: ctx.stats.recent(DEV_LIST_LIMIT) }));
}
