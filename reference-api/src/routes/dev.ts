import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { ApiFailure, CODES, ok } from '../envelope';

const DEV_LIST_LIMIT = 50;

const messagesQuery = z.object({ phone: z.string().trim().min(1).max(20).optional() });

/**
 * Demo mode only (registered under `/__dev`, never in the production form): read back what has no other channel
 * here, such as the verification code an SMS would carry, or what a form stored.
 */
export function devRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { mobile: string } }>('/codes/:mobile', async (request) => {
    const code = ctx.devCodes?.get(request.params.mobile);
    if (!code) throw new ApiFailure(CODES.notFound, '该手机号还没有获取过验证码');
    return ok({ code });
  });

  app.get('/messages', async (request) => {
    const query = messagesQuery.safeParse(request.query);
    const phone = query.success ? (query.data.phone ?? null) : null;
    return ok({ list: await ctx.messages.recent(phone, DEV_LIST_LIMIT) });
  });

  app.get('/stats', async () => ok({ list: await ctx.stats.recent(DEV_LIST_LIMIT) }));

  // Whether a logout ended the session on the server: the browser tests have no other way to see it.
  app.get<{ Params: { mobile: string } }>('/sessions/:mobile', async (request) =>
    ok({ sessions: await ctx.auth.sessionsOf(request.params.mobile, ctx.now()) }),
  );
}
