import { ApiError, api, isApiError, MESSAGES, notify, type LoginResult } from '@wenrun/shared';
import { loginStore } from '@wenrun/shared/stores';
import type { LoginDraft, LoginMethod } from './draft';

/** The text a refused login carries in its data (docs/SPEC.md §3, §8), when there is one worth showing. */
function resultStrOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const text = (data as { resultStr?: unknown }).resultStr;
  return typeof text === 'string' && text.trim() !== '' ? text : null;
}

/**
 * docs/SPEC.md §8, as the modal shows it: a refused login shows the server's `resultStr` (its header message when
 * there is none); a transport failure the shared client's Chinese message.
 */
export function failureMessage(error: unknown): string {
  if (!isApiError(error)) return MESSAGES.envelopeFallback;
  return (error.kind === 'envelope' ? resultStrOf(error.data) : null) ?? error.message;
}

/** A "200" reply without a token cannot log anybody in; storing it would leave a half-filled store. */
function hasToken(reply: unknown): reply is LoginResult {
  if (typeof reply !== 'object' || reply === null) return false;
  const token = (reply as { token?: unknown }).token;
  return (typeof token === 'string' || typeof token === 'number') && String(token) !== '';
}

/**
 * Logs in with the draft (docs/SPEC.md §7): on success the shared store holds the reply and the visitor sees 登录成功.
 * A refusal is toasted with its `resultStr` (§8) by the shared client; the modal also shows it next to the form,
 * which keeps what was typed.
 */
export async function logIn(method: LoginMethod, draft: LoginDraft): Promise<void> {
  const mobile = draft.mobile.trim();
  const options = { describeError: failureMessage };
  const reply: unknown =
    method === 'password'
      ? await api.passwordLogin({ mobile, password: draft.password }, options)
      : await api.codeLogin({ mobile, code: draft.code.trim() }, options);
  if (!hasToken(reply)) {
    // Answered "200" but logs nobody in: as much a failed call as any the client toasts.
    const refused = new ApiError('format', resultStrOf(reply) ?? MESSAGES.badResponse, undefined, reply);
    notify.error(refused.message);
    throw refused;
  }
  // Stored as the API sent it: whoever shows the avatar resolves the path against the API host of the day.
  loginStore.login(reply);
  notify.success(MESSAGES.loginSuccess);
}
