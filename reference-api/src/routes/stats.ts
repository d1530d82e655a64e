import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter } from 'prom-client';
import { z } from 'zod';
import {
  API_PATHS,
  FIELD_BATCH_LIMITS,
  FIELD_SUMMARY_WINDOWS,
  type Envelope,
  type FieldBatchReply,
  type FieldSummary,
} from '@wenrun/shared/node';
import type { AppContext } from '../context';
import { CODES, ok } from '../envelope';
import { clientOf } from '../net';
import { CROSS_SITE_MESSAGE, isFromOtherSite } from '../security/siteOrigin';
import { BATCH_TOO_LARGE, parseFieldBatch } from '../db/fieldData/parseBatch';

/** The statistics host lives on this server under its own prefix (the default `statsBaseUrl`). */
export const STATS_PREFIX = '/stats';
/** An event is a type, a path and a few details: 8 KB (bytes of the body) is generous. */
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

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}

function isFieldBatch(value: unknown): value is { type: 'fieldData'; view?: unknown; events?: unknown } {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'fieldData';
}

/** A refusal of field data still travels as HTTP 200: statistics never fail a page, the envelope says what happened. */
function refusal<T>(codeMsg: string, data: T, code: string = CODES.invalid): Envelope<T> {
  return { header: { code, codeMsg }, data };
}

/** Why a whole batch was not stored though it was well formed (db/fieldData/recordBatch.ts). */
export const FIELD_BATCH_NOT_STORED = {
  flood: '这个地址本小时发送的页面访问过多，不再保存，本小时发送的都不计入统计',
  foreign: '这个页面访问来自另一个地址，全部拒收',
} as const;

type FieldDataCounters = ReturnType<typeof fieldDataCounters>;

/** What ops watch of field data (/metrics): a flood shows as refusals, never as views. */
function fieldDataCounters(app: FastifyInstance) {
  return {
    batches: new Counter({
      name: 'field_data_batches_total',
      help: '收到的现场数据批次，按结果（stored 已保存、partly_refused 部分拒收、invalid 不合格、flood 超过每地址每小时上限、foreign 别的地址的页面访问、cross_site 别的网站的页面发来、empty 没有可存的数据）',
      labelNames: ['outcome'],
      registers: [app.metrics],
    }),
    events: new Counter({
      name: 'field_data_events_total',
      help: '现场数据中的单条数据，按结果（stored 已保存、refused 拒收）',
      labelNames: ['result'],
      registers: [app.metrics],
    }),
  };
}

/** Own parsing for this prefix only: the raw text is read whatever the content type, and parsed leniently. */
function readBodiesLeniently(stats: FastifyInstance): void {
  stats.removeAllContentTypeParsers();
  // Field data batches may reach FIELD_BATCH_LIMITS.bytes; a single event is held to STATS_BODY_LIMIT by the log route.
  stats.addContentTypeParser('*', { parseAs: 'string', bodyLimit: FIELD_BATCH_LIMITS.bytes }, (_request, body, done) => done(null, body));
  stats.setErrorHandler((error, request, reply) => {
    request.log.info({ err: error }, 'statistics event dropped');
    if ((error as { statusCode?: number }).statusCode === 413) {
      // The body was never read, so whether it was a batch is unknown: the reply is a batch's, the larger limit's.
      return reply.code(200).send(refusal<FieldBatchReply>(BATCH_TOO_LARGE, { stored: 0, refused: [BATCH_TOO_LARGE] }));
    }
    return reply.code(200).send(ok<StatsReply>({ stored: false }));
  });
}

/** A field data batch: heard from the site's own pages only, checked, stored, each refusal said in the envelope. */
async function receiveFieldBatch(
  request: FastifyRequest,
  raw: { view?: unknown; events?: unknown },
  bytes: number,
  ctx: AppContext,
  { batches, events }: FieldDataCounters,
): Promise<Envelope<FieldBatchReply>> {
  // Any page on the web could make each of its visitors a forger of the guard's figures (a beacon needs no
  // preflight): only the site's own pages, or no page at all (held by the per-client limits), are heard.
  if (isFromOtherSite(request, ctx.siteOrigins)) {
    batches.inc({ outcome: 'cross_site' });
    return refusal<FieldBatchReply>(CROSS_SITE_MESSAGE, { stored: 0, refused: [CROSS_SITE_MESSAGE] }, CODES.forbidden);
  }
  const batch = parseFieldBatch(raw, bytes);
  if (!batch.accepted) {
    batches.inc({ outcome: 'invalid' });
    return refusal<FieldBatchReply>(batch.reason, { stored: 0, refused: [batch.reason] });
  }
  const outcome = await ctx.fieldData.record(batch.view, batch.events, ctx.now(), clientOf(request));
  batches.inc({ outcome: outcome === 'stored' && batch.refused.length ? 'partly_refused' : outcome });
  events.inc({ result: 'stored' }, outcome === 'stored' ? batch.events.length : 0);
  events.inc({ result: 'refused' }, outcome === 'stored' ? batch.refused.length : batch.events.length + batch.refused.length);
  if (outcome === 'flood' || outcome === 'foreign') {
    const reason = FIELD_BATCH_NOT_STORED[outcome];
    return refusal<FieldBatchReply>(reason, { stored: 0, refused: [reason] }, outcome === 'flood' ? CODES.tooMany : CODES.invalid);
  }
  const reply: FieldBatchReply = { stored: batch.events.length, refused: batch.refused };
  return batch.refused.length ? refusal(`有 ${batch.refused.length} 条数据不合格，其余已保存`, reply) : ok(reply);
}

/** The statistics log: a field data batch, or a single event, stored when it is one and fits STATS_BODY_LIMIT. */
function statsLogRoute(stats: FastifyInstance, ctx: AppContext, counters: FieldDataCounters): void {
  stats.post(API_PATHS.statsLog, async (request) => {
    const body = typeof request.body === 'string' ? request.body : '';
    const bytes = Buffer.byteLength(body);
    const raw = parseJson(body);
    if (isFieldBatch(raw)) return receiveFieldBatch(request, raw, bytes, ctx, counters);
    const event = bytes <= STATS_BODY_LIMIT ? statsEvent.safeParse(raw) : null;
    if (event?.success) await ctx.stats.record(event.data, ctx.now());
    return ok<StatsReply>({ stored: event?.success === true });
  });
}

/** The field data summary of a window: it reads up to a week of views, so it is made at most once a minute per window, whoever asks how often. */
function fieldSummaryRoute(stats: FastifyInstance, ctx: AppContext): void {
  const summaries = new Map<number, { madeAt: number; summary: FieldSummary }>();
  stats.get<{ Querystring: { days?: string } }>(API_PATHS.fieldSummary, async (request) => {
    const days = Number(request.query.days);
    if (!(FIELD_SUMMARY_WINDOWS as readonly number[]).includes(days)) {
      return refusal<FieldSummary | null>(`days 只能是 ${FIELD_SUMMARY_WINDOWS.join(' 或 ')}`, null);
    }
    const now = ctx.now();
    const cached = summaries.get(days);
    if (cached && now - cached.madeAt < ctx.limits.fieldSummaryCacheMs) return ok(cached.summary);
    const summary = await ctx.fieldData.summary(now, days);
    summaries.set(days, { madeAt: now, summary });
    return ok(summary);
  });
}

/**
 * Statistics must never fail the page: whatever arrives (JSON, JSON sent as text/plain by a beacon, garbage, too
 * much), the reply is HTTP 200. A single event always gets a success envelope, and `data.stored` says whether it
 * was kept; a field data batch gets a "400" envelope whenever anything of it was refused, so its sender can see why.
 */
export async function statsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const counters = fieldDataCounters(app);
  await app.register(
    async (stats) => {
      readBodiesLeniently(stats);
      statsLogRoute(stats, ctx, counters);
      fieldSummaryRoute(stats, ctx);
    },
    { prefix: STATS_PREFIX },
  );
}
