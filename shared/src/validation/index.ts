import { MESSAGES, SEARCH_KEYWORD_MAX } from '../constants';

/** docs/SPEC.md §5: 11 digits, a 1, then a digit 2 to 9. */
export const MOBILE_PATTERN = /^1[2-9]\d{9}$/;

/** `null` when valid, otherwise the message to show next to the field. */
export type FieldError = string | null;

export function validateMobile(mobile: string): FieldError {
  return MOBILE_PATTERN.test(mobile.trim()) ? null : MESSAGES.invalidMobile;
}

export function validateCode(code: string): FieldError {
  return code.trim() === '' ? MESSAGES.codeRequired : null;
}

export function validatePassword(password: string): FieldError {
  return password === '' ? MESSAGES.passwordRequired : null;
}

/** docs/SPEC.md §5 (non-empty text), then the API's length limit, counted in characters (code points). */
export function validateSearchText(text: string): FieldError {
  if (text.trim() === '') return MESSAGES.searchRequired;
  return [...text].length > SEARCH_KEYWORD_MAX ? MESSAGES.searchTooLong : null;
}

/** Mobile number with the middle four digits hidden, for display. */
export function maskMobile(mobile: string): string {
  return /^\d{11}$/.test(mobile) ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}
