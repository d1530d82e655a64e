import type { FastifyInstance } from 'fastify';
import { API_PATHS, DAY_MS, MESSAGE_CONTENT_MAX, MINUTE_MS, MESSAGE_NAME_MAX, type MessageResult, MESSAGES } from '@wenrun/shared/node';
import type { AppContext } from '../context';
import { ApiFailure, CODES, ok } from '../envelope';
import { clientOf } from '../net';
import { assertSiteOrigin } from '../security/siteOrigin';
import { mobileField, parseBody, payload, text } from '../validation';

export const DUPLICATE_WINDOW_MS = 10 * MINUTE_MS;

export const MESSAGE_LIMIT_MESSAGE = '留言次数过多，请明天再试';

const messageBody = payload({
  name: text({ required: MESSAGES.nameRequired, max: MESSAGE_NAME_MAX, tooLong: MESSAGES.nameTooLong }),
  phone: mobileField,
  message: text({ required: MESSAGES.messageRequired, max: MESSAGE_CONTENT_MAX, tooLong: MESSAGES.messageTooLong }),
});

export function messageRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(API_PATHS.message, async (request) => {
    assertSiteOrigin(request, ctx.siteOrigins);
    const entry = parseBody(messageBody, request.body);
    const now = ctx.now();
    const duplicate = await ctx.messages.duplicateOf(entry, now - DUPLICATE_WINDOW_MS);
    if (duplicate !== undefined) return ok<MessageResult>({ id: duplicate });
    const ip = clientOf(request);
    if ((await ctx.messages.fromIpSince(ip, now - DAY_MS)).count >= ctx.limits.messagesPerIpPerDay) {
      throw new ApiFailure(CODES.tooMany, MESSAGE_LIMIT_MESSAGE);
    }
    return ok<MessageResult>({ id: await ctx.messages.store(entry, ip, now) });
  });
}
