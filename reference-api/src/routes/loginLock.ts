import { MINUTE_MS } from '@wenrun/shared/node';
import type { AuthStore } from '../db/auth';
import { ApiFailure, CODES } from '../envelope';
import { AUTH_MESSAGES, secondsUntil } from './authMessages';

export const MAX_LOGIN_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * MINUTE_MS;

/**
 * Password and code logins share one failure counter per client and mobile, so switching method gains nothing,
 * and strangers failing a mobile's password lock out themselves, never its owner at their own address.
 */
export function createLoginLock(auth: AuthStore) {
  async function assertNotLocked(mobile: string, client: string, at: number): Promise<void> {
    const { count, oldest } = await auth.failuresSince(mobile, client, at - LOGIN_WINDOW_MS);
    if (count >= MAX_LOGIN_FAILURES && oldest !== null) {
      const minutes = Math.ceil(secondsUntil(oldest + LOGIN_WINDOW_MS, at) / 60);
      throw new ApiFailure(CODES.tooMany, AUTH_MESSAGES.locked(minutes));
    }
  }

  async function failLogin(mobile: string, client: string, at: number, message: string): Promise<never> {
    await auth.recordFailure(mobile, client, at, at - LOGIN_WINDOW_MS);
    const left = MAX_LOGIN_FAILURES - (await auth.failuresSince(mobile, client, at - LOGIN_WINDOW_MS)).count;
    if (left <= 0) throw new ApiFailure(CODES.tooMany, AUTH_MESSAGES.locked(LOGIN_WINDOW_MS / 60_000));
    const warning = left <= 2 ? AUTH_MESSAGES.attemptsLeft(left) : '';
    throw new ApiFailure(CODES.unauthorized, `${message}${warning}`);
  }

  return { assertNotLocked, failLogin };
}
