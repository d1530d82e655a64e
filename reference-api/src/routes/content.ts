import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_PATHS } from '@wenrun/shared/node';
import type { AppContext } from '../context';
import { ApiFailure, CODES, ok } from '../envelope';
import { intField, parseBody, payload } from '../validation';

export const CONTENT_MESSAGES = {
  activityNotFound: '活动不存在或已下线',
  badCategory: '课程分类不正确',
  badPage: '页码应为1到1000之间的整数',
  badPageSize: '每页条数应为1到50之间的整数',
} as const;

export const MAX_PAGE = 1000;
export const MAX_PAGE_SIZE = 50;
export const DEFAULT_PAGE_SIZE = 10;

export const pageFields = {
  page: intField(1, MAX_PAGE, 1, CONTENT_MESSAGES.badPage),
  pageSize: intField(1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE, CONTENT_MESSAGES.badPageSize),
};

const courseListBody = payload({
  ...pageFields,
  category: z.string({ error: CONTENT_MESSAGES.badCategory }).trim().max(50, CONTENT_MESSAGES.badCategory).optional(),
});

export const MAX_ACTIVITY_LIST_SIZE = 100;

/** docs/SPEC.md §7 passes the payload through: without an id it asks for the list of activities that are online. */
const activityListBody = payload({
  page: pageFields.page,
  size: intField(1, MAX_ACTIVITY_LIST_SIZE, 20, `每页条数应为1到${MAX_ACTIVITY_LIST_SIZE}之间的整数`),
});

function asksForList(body: unknown): boolean {
  return typeof body !== 'object' || body === null || !('id' in body);
}

// Any id that is not a positive integer cannot name an activity: same answer as an unknown one.
const activityBody = payload({
  id: z.union([z.number().int().positive(), z.string().trim().regex(/^[1-9]\d{0,8}$/).transform(Number)], {
    error: CONTENT_MESSAGES.activityNotFound,
  }),
});

/** The read-only content calls of docs/SPEC.md §7: home page, premium courses, activity pages. */
export function contentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { content } = ctx;

  app.post(API_PATHS.integrate, async () => ok(content.home()));

  app.post(API_PATHS.courseList, async (request) => {
    const { page, pageSize, category } = parseBody(courseListBody, request.body);
    return ok(await content.courseList(category || null, page, pageSize));
  });

  app.post(API_PATHS.activityPage, async (request) => {
    if (asksForList(request.body)) {
      const { page, size } = parseBody(activityListBody, request.body);
      return ok(await content.activityList(page, size));
    }
    const body = activityBody.safeParse(request.body ?? {});
    const activity = body.success ? await content.activity(body.data.id) : undefined;
    if (!activity) throw new ApiFailure(CODES.notFound, CONTENT_MESSAGES.activityNotFound);
    return ok(activity);
  });
}
