import type { FastifyInstance } from 'fastify';
import { DAY_MS, FIELD_RETENTION_DAYS, RELEASE_FIGURES_PATH } from '@wenrun/shared/node';
import type { AppContext } from '../context';
import { ApiFailure, CODES, ok } from '../envelope';

export const RELEASE_FIGURES_MESSAGES = { badSince: 'since 应为毫秒时间戳（不晚于现在）', badLeaveOut: 'leaveOut 应为 0–1000 的整数' } as const;

/**
 * The figures a canary is judged by (deploy/ops/release): each remote's canary visitors beside its stable ones since
 * `?since=` (ms since the epoch; earlier than what is kept counts from what is kept), each count also with the
 * `?leaveOut=` clients that push it most either way left out (default 0). Registered under `/admin`
 * behind the admin token and, in demo mode only, under `/__dev`: unlike the status page's summary, made once a
 * minute for two fixed windows, every `since` is a fresh query over up to 30 days of views, which a public call
 * would let anyone ask for in a loop.
 */
export function releaseFigureRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Querystring: { since?: string; leaveOut?: string } }>(RELEASE_FIGURES_PATH, async (request) => {
    const now = ctx.now();
    const since = /^\d{1,15}$/.test(request.query.since ?? '') ? Number(request.query.since) : Number.NaN;
    if (!(since <= now)) throw new ApiFailure(CODES.invalid, RELEASE_FIGURES_MESSAGES.badSince);
    const leaveOut = request.query.leaveOut === undefined ? 0 : /^\d{1,4}$/.test(request.query.leaveOut) ? Number(request.query.leaveOut) : Number.NaN;
    if (!(leaveOut <= 1000)) throw new ApiFailure(CODES.invalid, RELEASE_FIGURES_MESSAGES.badLeaveOut);
    return ok(await ctx.fieldData.releases(Math.max(since, now - FIELD_RETENTION_DAYS * DAY_MS), now, leaveOut));
  });
}
