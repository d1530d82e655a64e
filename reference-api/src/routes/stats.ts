import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_PATHS } from '../../../shared/src/api/endpoints';
import type { AppContext } from '../context';
import { ok } from '../envelope';

/** The statistics host lives on this server under its own prefix (the default `statsBaseUrl`). */
export const STATS_PREFIX = '/stats';
/** An event is a type, a path and a few details: 8 KB is generous. */
export const STATS_BODY_LIMIT = 8 * 1024;

const shortText = z.string().min(1).max(64);
const statsEvent = z.object({
  type: shortText,
  path: z.string().min(1).max(512),
  detail: z
    .record(shortText, z.union([z.string().max(512), z.number(), z.boolean()]))
    .refine((detail) => Object.keys(detail).length <= 20)
    .optional(),
});

export interface StatsReply {
  stored: boolean;
}

function parseEvent(body: unknown) {
  if (typeof body !== 'string') return null;
  try {
    const parsed = statsEvent.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Statistics must never fail the page: whatever arrives (JSON, JSON sent as text/plain by a beacon, garbage, too
 * much), the reply is HTTP 200 with a success envelope, and `data.stored` says whether the event was kept.
 */
export async function statsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(
    async (stats) => {
      // Own parsing for this prefix only: the raw text is read whatever the content type, and parsed leniently.
      stats.removeAllContentTypeParsers();
      stats.addContentTypeParser('*', { parseAs: 'string', bodyLimit: STATS_BODY_LIMIT }, (_request, body, done) =>
        done(null, body),
      );
      stats.setErrorHandler((error, request, reply) => {
        request.log.info({ err: error }, 'statistics event dropped');
        return reply.code(200).send(ok<StatsReply>({ stored: false }));
      });

      stats.post(API_PATHS.statsLog, async (request) => {
        const event = parseEvent(request.body);
        if (event) ctx.stats.record(event, ctx.now());
        return ok<StatsReply>({ stored: event !== null });
      });
    },
    { prefix: STATS_PREFIX },
  );
}
