import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context';

/** For deploy scripts and load balancers: plain JSON, not an envelope, and never rate limited. */
export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/healthz', { config: { rateLimit: false } }, async (request, reply) => {
    const uptime = Math.round(process.uptime());
    try {
      await sql`SELECT 1`.execute(ctx.db.kysely);
      return { status: 'ok', db: 'ok', uptime };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unavailable');
      return reply.code(503).send({ status: 'error', db: 'error', uptime });
    }
  });
}
