import { z } from 'zod';
import { FIELD_BATCH_LIMITS, FIELD_METRIC_MAX, FIELD_METRICS, type FieldEvent, type FieldMetric, type FieldView, HOUR_MS, REMOTE_NAMES, SITE_ROUTES, SLOT_OUTCOMES } from '@wenrun/shared/node';

const VIEW_LIMITS = { idPattern: /^[A-Za-z0-9_-]{8,64}$/, version: 64 } as const;
const MESSAGE_MAX = 500;

/**
 * What a page view can name: a route pattern of the route manifest and the remotes of the parts table, nothing
 * else. Free text there would let one script make every summary row its own (one per made-up route or remote).
 */
const ROUTE_PATTERNS = SITE_ROUTES.map((route) => route.path) as [string, ...string[]];

/** What the client sent, short enough for a reason: the reply names the offending value without echoing a flood. */
function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 32 ? `${text.slice(0, 32)}…` : text;
}

const text = (field: string, max: number) => {
  const reason = `${field} 应为 1–${max} 个字符`;
  return z.string({ error: reason }).min(1, reason).max(max, reason);
};

/** A measurement: a finite number from 0 to `max` (JSON.parse turns 1e999 into Infinity, which zod refuses as a number). */
const amount = (field: string, max: number, tooLarge = `${field} 超过 ${max}`) =>
  z.number({ error: `${field} 不是有限的数` }).min(0, `${field} 为负数`).max(max, tooLarge);

const remoteName = z.enum(REMOTE_NAMES, { error: (issue) => `不认识的 remote ${shown(issue.input)}` });

const viewSchema = z.object(
  {
  id: z.string({ error: 'id 格式不对' }).regex(VIEW_LIMITS.idPattern, 'id 格式不对'),
  route: z.enum(ROUTE_PATTERNS, { error: (issue) => `不是路由清单中的路由 ${shown(issue.input)}` }),
  // One version per remote of the parts table.
  versions: z.record(z.string(), text('version', VIEW_LIMITS.version), { error: 'versions 不是对象' }).superRefine((versions, context) => {
    const unknown = Object.keys(versions).find((remote) => !(REMOTE_NAMES as string[]).includes(remote));
    if (unknown !== undefined) context.addIssue({ code: 'custom', message: `不认识的 remote ${shown(unknown)}` });
  }),
  canary: z.array(remoteName, { error: 'canary 不是列表' }).max(REMOTE_NAMES.length, 'canary 过长'),
  },
  { error: '不是对象' },
);

/** One schema per metric: each has its own bound, and the reason names it. */
const metricSchema = (metric: FieldMetric) =>
  z.object({ kind: z.literal('metric'), name: z.literal(metric), value: amount(metric, FIELD_METRIC_MAX[metric]) });
const metricSchemas = Object.fromEntries(FIELD_METRICS.map((metric) => [metric, metricSchema(metric)])) as Record<
  FieldMetric,
  ReturnType<typeof metricSchema>
>;

const slotSchema = z.object({
  kind: z.literal('slot'),
  remote: remoteName,
  version: text('version', VIEW_LIMITS.version),
  loadMs: amount('loadMs', HOUR_MS, '加载时间超过一小时'),
  outcome: z.enum(SLOT_OUTCOMES, { error: (issue) => `不认识的结果 ${shown(issue.input)}` }),
});

const errorSchema = z.object({
  kind: z.literal('error'),
  message: z.string({ error: '错误信息不是文字' }).min(1, '错误信息为空').max(MESSAGE_MAX, `错误信息超过 ${MESSAGE_MAX} 字`),
  remote: remoteName.optional(),
  version: text('version', VIEW_LIMITS.version).optional(),
});

const isMetric = (name: unknown): name is FieldMetric => (FIELD_METRICS as readonly unknown[]).includes(name);

/** The event, or why it is refused. */
function checkEvent(candidate: unknown): { event: FieldEvent } | { reason: string } {
  if (typeof candidate !== 'object' || candidate === null) return { reason: '不是一个事件对象' };
  const { kind, name } = candidate as { kind?: unknown; name?: unknown };
  let schema: z.ZodType<FieldEvent>;
  if (kind === 'metric') {
    if (!isMetric(name)) return { reason: `不认识的指标 ${shown(name)}` };
    schema = metricSchemas[name];
  } else if (kind === 'slot') {
    schema = slotSchema;
  } else if (kind === 'error') {
    schema = errorSchema;
  } else {
    return { reason: `不认识的类型 ${shown(kind)}` };
  }
  const parsed = schema.safeParse(candidate);
  return parsed.success ? { event: scrubbed(parsed.data) } : { reason: parsed.error.issues[0]?.message ?? '格式不对' };
}

/** Stored messages carry no personal data: digit runs long enough to be a mobile number or an id are masked. */
function scrubbed(event: FieldEvent): FieldEvent {
  return event.kind === 'error' ? { ...event, message: event.message.replace(/\d{6,}/g, '***') } : event;
}

export type ParsedBatch =
  | { accepted: true; view: FieldView; events: FieldEvent[]; refused: string[] }
  | { accepted: false; reason: string };

export const BATCH_TOO_LARGE = `批次超过 ${FIELD_BATCH_LIMITS.bytes / 1024} KB，全部拒收`;

/**
 * A batch is refused whole when it is over the limits or its page view is not one (nothing of it could be
 * attributed); otherwise each event is judged alone, and the good ones are kept beside the reasons for the others.
 */
export function parseFieldBatch(raw: { view?: unknown; events?: unknown }, bytes: number): ParsedBatch {
  if (bytes > FIELD_BATCH_LIMITS.bytes) return { accepted: false, reason: BATCH_TOO_LARGE };
  if (!Array.isArray(raw.events)) return { accepted: false, reason: '批次没有 events 列表，全部拒收' };
  if (raw.events.length > FIELD_BATCH_LIMITS.events) return { accepted: false, reason: `批次超过 ${FIELD_BATCH_LIMITS.events} 条，全部拒收` };
  const view = viewSchema.safeParse(raw.view);
  if (!view.success) {
    const issue = view.error.issues[0];
    const where = ['view', ...(issue?.path ?? [])].map((part) => shown(String(part))).join('.');
    return { accepted: false, reason: `页面信息不合格（${where}：${issue?.message ?? '格式不对'}），全部拒收` };
  }

  const events: FieldEvent[] = [];
  const refused: string[] = [];
  raw.events.forEach((candidate: unknown, index) => {
    const checked = checkEvent(candidate);
    if ('event' in checked) events.push(checked.event);
    else refused.push(`events[${index}]: ${checked.reason}`);
  });
  return { accepted: true, view: view.data, events, refused };
}
