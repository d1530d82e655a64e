import { z } from 'zod';
import {
  FIELD_BATCH_LIMITS,
  FIELD_METRIC_MAX,
  FIELD_METRICS,
  SLOT_OUTCOMES,
  type FieldEvent,
  type FieldView,
} from '../../../shared/src/api/fieldData';

const HOUR_MS = 3_600_000;
const name = z.string().min(1).max(32);

const viewSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  route: z.string().startsWith('/').max(200),
  versions: z.record(name, z.string().min(1).max(64)).refine((versions) => Object.keys(versions).length <= 10, '版本超过 10 个'),
  canary: z.array(name).max(10),
});

const finite = z.number().finite().nonnegative('不能为负数');

const eventSchema = z.discriminatedUnion('kind', [
  z
    .object({ kind: z.literal('metric'), name: z.enum(FIELD_METRICS, { message: '不认识的指标' }), value: finite })
    .refine((event) => event.value <= FIELD_METRIC_MAX[event.name], '数值大得不合理'),
  z.object({
    kind: z.literal('slot'),
    remote: name,
    version: z.string().min(1).max(64),
    loadMs: finite.max(HOUR_MS, '加载时间超过一小时'),
    outcome: z.enum(SLOT_OUTCOMES),
  }),
  z.object({
    kind: z.literal('error'),
    message: z.string().min(1).max(500),
    remote: name.optional(),
    version: z.string().min(1).max(64).optional(),
  }),
]);

export type ParsedBatch =
  | { accepted: true; view: FieldView; events: FieldEvent[]; refused: string[] }
  | { accepted: false; reason: string };

/** Stored messages carry no personal data: digit runs long enough to be a mobile number or an id are masked. */
function scrubbed(event: FieldEvent): FieldEvent {
  return event.kind === 'error' ? { ...event, message: event.message.replace(/\d{6,}/g, '***') } : event;
}

/**
 * A batch is refused whole when it is over the limits or its page view is not one (nothing of it could be
 * attributed); otherwise each event is judged alone, and the good ones are kept beside the reasons for the others.
 */
export function parseFieldBatch(raw: { view?: unknown; events?: unknown }, bytes: number): ParsedBatch {
  if (bytes > FIELD_BATCH_LIMITS.bytes) return { accepted: false, reason: `批次超过 ${FIELD_BATCH_LIMITS.bytes / 1024} KB，全部拒收` };
  if (!Array.isArray(raw.events)) return { accepted: false, reason: '批次没有 events 列表，全部拒收' };
  if (raw.events.length > FIELD_BATCH_LIMITS.events) return { accepted: false, reason: `批次超过 ${FIELD_BATCH_LIMITS.events} 条，全部拒收` };
  const view = viewSchema.safeParse(raw.view);
  if (!view.success) return { accepted: false, reason: `页面信息不合格（${view.error.issues[0]?.path.join('.') ?? 'view'}），全部拒收` };

  const events: FieldEvent[] = [];
  const refused: string[] = [];
  raw.events.forEach((candidate: unknown, index) => {
    const event = eventSchema.safeParse(candidate);
    if (event.success) events.push(scrubbed(event.data));
    else refused.push(`events[${index}]: ${event.error.issues[0]?.message ?? '格式不对'}`);
  });
  return { accepted: true, view: view.data, events, refused };
}
