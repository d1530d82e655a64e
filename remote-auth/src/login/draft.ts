import { validateCode, validateMobile, validatePassword } from '@wenrun/shared';

/** docs/SPEC.md §4: the two ways to log in; each names the draft field holding its secret. */
export type LoginMethod = 'password' | 'code';

export const LOGIN_METHODS: readonly { method: LoginMethod; title: string }[] = [
  { method: 'password', title: '密码登录' },
  { method: 'code', title: '验证码登录' },
];

/** What the visitor has typed: one mobile for both methods, so switching tabs keeps it. */
export interface LoginDraft {
  mobile: string;
  password: string;
  code: string;
}

export const EMPTY_DRAFT: LoginDraft = { mobile: '', password: '', code: '' };

export interface LoginFieldErrors {
  mobile?: string;
  secret?: string;
}

/** docs/SPEC.md §5: the messages to show next to each field; empty when the draft may be sent. */
export function validateDraft(method: LoginMethod, draft: LoginDraft): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  const mobile = validateMobile(draft.mobile);
  if (mobile) errors.mobile = mobile;
  const secret = method === 'password' ? validatePassword(draft.password) : validateCode(draft.code);
  if (secret) errors.secret = secret;
  return errors;
}
