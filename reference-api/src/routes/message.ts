import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../../shared/src/api/endpoints';
import type { MessageResult } from '../../../shared/src/api/types';
import type { AppContext } from '../context';
import { ok } from '../envelope';
import { mobileField, parseBody, payload, text } from '../validation';

export const NAME_MAX = 20;
export const MESSAGE_MAX = 500;
export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

export const MESSAGE_MESSAGES = {
  nameRequired: '请输入姓名',
  nameTooLong: `姓名不能超过${NAME_MAX}个字`,
  messageRequired: '请输入留言内容',
  messageTooLong: `留言内容不能超过${MESSAGE_MAX}个字`,
} as const;

const messageBody = payload({
  name: text({ required: MESSAGE_MESSAGES.nameRequired, max: NAME_MAX, tooLong: MESSAGE_MESSAGES.nameTooLong }),
  phone: mobileField,
  message: text({
    required: MESSAGE_MESSAGES.messageRequired,
    max: MESSAGE_MAX,
    tooLong: MESSAGE_MESSAGES.messageTooLong,
  }),
});

export function messageRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(API_PATHS.message, async (request) => {
    const entry = parseBody(messageBody, request.body);
    const result: MessageResult = { id: ctx.messages.submit(entry, ctx.now(), DUPLICATE_WINDOW_MS) };
    return ok(result);
  });
}
