import { z } from 'zod';
import { MESSAGES, MOBILE_PATTERN } from '@wenrun/shared/node';
import { ApiFailure, CODES } from './envelope';

export const BAD_TEXT_MESSAGE = '内容包含无法识别的字符，请检查后重新输入';

/**
 * U+FFFD is what a body with bad UTF-8 decodes to, lone surrogates come from hand-made JSON escapes, and control
 * characters have no place in a form field; all three are refused rather than stored.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this pattern
const BAD_TEXT = /[\uFFFD\p{Cs}\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/u;

interface TextRule {
  /** Message when missing, not a string, or blank. */
  required: string;
  max: number;
  tooLong: string;
  /** Passwords keep their spaces. */
  trim?: boolean;
}

/** Length is counted in characters (code points), as a visitor counts them, not in UTF-16 units. */
export function text({ required, max, tooLong, trim = true }: TextRule) {
  const base = z.string({ error: required });
  return (trim ? base.trim() : base)
    .min(1, required)
    .refine((value) => !BAD_TEXT.test(value), BAD_TEXT_MESSAGE)
    .refine((value) => [...value].length <= max, tooLong);
}

export const mobileField = z
  .string({ error: MESSAGES.invalidMobile })
  .trim()
  .regex(MOBILE_PATTERN, MESSAGES.invalidMobile);

/**
 * Paging numbers arrive as strings in form bodies and as numbers in JSON. Anything else (arrays, floats, "1e3")
 * is refused instead of coerced, so `page[]=1&page[]=2` cannot sneak through.
 */
export function intField(min: number, max: number, fallback: number, message: string) {
  return z
    .union([z.number(), z.string().trim().regex(/^\d{1,9}$/, message)], { error: message })
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : Number(value)))
    .pipe(z.number().int(message).min(min, message).max(max, message));
}

export const BAD_PAYLOAD_MESSAGE = '请求参数不正确';

/** Validates a body (form, JSON, or none) and turns the first problem into a visible Chinese refusal. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  throw new ApiFailure(CODES.invalid, result.error.issues[0]?.message ?? BAD_PAYLOAD_MESSAGE);
}

export function payload<T extends z.ZodRawShape>(shape: T) {
  return z.object(shape, { error: BAD_PAYLOAD_MESSAGE });
}
