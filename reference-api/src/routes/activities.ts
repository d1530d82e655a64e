import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { createActivityEditor } from '../db/activityEditor';
import { ApiFailure, CODES, ok } from '../envelope';
import { parseBody, payload, text } from '../validation';
import { CONTENT_MESSAGES } from './content';

const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;
const dateTime = (label: string) =>
  z.string({ error: `请填写${label}` }).trim().regex(DATE_TIME, `${label}应为 YYYY-MM-DD HH:mm 格式`);

const activityFields = {
  title: text({ required: '请填写活动标题', max: 60, tooLong: '活动标题不能超过60个字' }),
  subtitle: z
    .string({ error: '副标题格式不正确' })
    .trim()
    .refine((value) => [...value].length <= 100, '副标题不能超过100个字')
    .optional()
    .default(''),
  startTime: dateTime('开始时间'),
  endTime: dateTime('结束时间'),
  place: text({ required: '请填写活动地点', max: 100, tooLong: '活动地点不能超过100个字' }),
  content: text({ required: '请填写活动介绍', max: 2000, tooLong: '活动介绍不能超过2000个字' }),
};

const endsAfterStart = (activity: { startTime?: string; endTime?: string }) =>
  !activity.startTime || !activity.endTime || activity.endTime >= activity.startTime;

const newActivity = payload(activityFields).refine(endsAfterStart, { message: '结束时间不能早于开始时间' });
const activityChanges = payload(activityFields).partial().refine(endsAfterStart, { message: '结束时间不能早于开始时间' });
const activityId = z.object({ id: z.string().regex(/^[1-9]\d{0,8}$/, CONTENT_MESSAGES.activityNotFound).transform(Number) });

function idOf(params: unknown): number {
  const parsed = activityId.safeParse(params);
  if (!parsed.success) throw new ApiFailure(CODES.notFound, CONTENT_MESSAGES.activityNotFound);
  return parsed.data.id;
}

/**
 * What marketing does in the real backend: publish, edit, take offline and back. Registered under `/admin` behind
 * the admin token (the activity team, in production too) and, in demo mode only, under `/__dev` without one (the
 * browser tests publish without a deploy).
 */
export function activityEditingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const activities = createActivityEditor(ctx.db, ctx.now);
  app.post('/activities', async (request) => ok({ id: await activities.publish(parseBody(newActivity, request.body)) }));

  app.put('/activities/:id', async (request) => {
    const id = idOf(request.params);
    if (!(await activities.edit(id, parseBody(activityChanges, request.body)))) throw new ApiFailure(CODES.notFound, CONTENT_MESSAGES.activityNotFound);
    return ok({ id });
  });

  app.delete('/activities/:id', async (request) => {
    const id = idOf(request.params);
    if (!(await activities.setOnline(id, false))) throw new ApiFailure(CODES.notFound, CONTENT_MESSAGES.activityNotFound);
    return ok({ id });
  });

  app.post('/activities/:id/online', async (request) => {
    const id = idOf(request.params);
    if (!(await activities.setOnline(id, true))) throw new ApiFailure(CODES.notFound, CONTENT_MESSAGES.activityNotFound);
    return ok({ id });
  });
}
