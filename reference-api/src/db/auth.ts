import { createAccountStore } from './accounts';
import type { Db } from './database';
import { createLoginCodeStore } from './loginCodes';
import { createLoginFailureStore } from './loginFailures';
import { createSessionStore } from './sessions';

/**
 * What the tables of accounts may hold at most. Sessions: a login per device is plenty, and a script logging in
 * again and again only replaces the account's own oldest. Failed logins: only those inside the lockout window count;
 * past the cap (a spread-out guessing run) the oldest go first.
 */
export interface AuthCaps {
  sessionsPerUser: number;
  loginFailures: number;
}

export const DEFAULT_AUTH_CAPS: AuthCaps = { sessionsPerUser: 10, loginFailures: 100_000 };

/** Accounts, sessions, failed logins and verification codes. */
export function createAuthStore(db: Db, caps: AuthCaps = DEFAULT_AUTH_CAPS) {
  return {
    ...createAccountStore(db),
    ...createSessionStore(db, caps.sessionsPerUser),
    ...createLoginFailureStore(db, caps.loginFailures),
    ...createLoginCodeStore(db),
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;
