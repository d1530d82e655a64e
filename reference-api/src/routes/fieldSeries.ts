import type { FastifyInstance } from 'fastify';
import { FIELD_SERIES_PATH, FIELD_SERIES_WINDOWS, type FieldSeriesDays } from '@wenrun/shared/node';
import type { AppContext } from '../context';
import { ApiFailure, CODES, ok } from '../envelope';

export const FIELD_SERIES_MESSAGES = { badDays: `days 只能是 ${Object.keys(FIELD_SERIES_WINDOWS).join(' 或 ')}` } as const;

const isDays = (value: number): value is FieldSeriesDays => Object.keys(FIELD_SERIES_WINDOWS).includes(String(value));

/**
 * Field data over time for the ops console, per remote, canary beside stable (db/fieldData/series.ts). Registered under
 * `/admin` behind the admin token and, in demo mode only, under `/__dev`, like the release figures: it reads up to a
 * week of views per call and names which builds run, which the public summary leaves to its once-a-minute cache.
 */
export function fieldSeriesRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Querystring: { days?: string } }>(FIELD_SERIES_PATH, async (request) => {
    const days = /^\d$/.test(request.query.days ?? '') ? Number(request.query.days) : Number.NaN;
    if (!isDays(days)) throw new ApiFailure(CODES.invalid, FIELD_SERIES_MESSAGES.badDays);
    return ok(await ctx.fieldData.series(ctx.now(), days));
  });
}
