import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../../shared/src/api/endpoints';
import type { MessageResult } from '../../../shared/src/api/types';
import { MESSAGE_CONTENT_MAX, MESSAGE_NAME_MAX, MESSAGES } from '../../../shared/src/constants';
import type { AppContext } from '../context';
import { ok } from '../envelope';
import { mobileField, parseBody, payload, text } from '../validation';

export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

const messageBody = payload({
  name: text({ required: MESSAGES.nameRequired, max: MESSAGE_NAME_MAX, tooLong: MESSAGES.nameTooLong }),
  phone: mobileField,
  message: text({ required: MESSAGES.messageRequired, max: MESSAGE_CONTENT_MAX, tooLong: MESSAGES.messageTooLong }),
});

export function messageRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(API_PATHS.message, async (request) => {
    const entry = parseBody(messageBody, request.body);
    const result: MessageResult = { id: ctx.messages.submit(entry, ctx.now(), DUPLICATE_WINDOW_MS) };
    return ok(result);
  });
}
