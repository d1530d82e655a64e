import { hashToken, newToken } from '../security/hash';
import { VISITOR_SCHOOL_NAME } from '../seed/accounts';
import type { Db } from './database';

export interface UserRow {
  id: number;
  mobile: string;
  password_hash: string | null;
  teacher_icon: string | null;
  sid: string;
  tid: string;
  school_name: string;
}

export interface CodeRow {
  id: number;
  code_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** How many events of a kind fall in a window, and when the oldest of them happened. */
export interface WindowCount {
  count: number;
  oldest: number | null;
}

const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;
/** Codes are kept a day: long enough for the hourly counts, short enough to keep the table small. */
const CODE_RETENTION_MS = 24 * 3600 * 1000;

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
  const findUser = db.prepare<[string], UserRow>('SELECT * FROM users WHERE mobile = ?');
  const insertVisitor = db.prepare<[string, string, number]>(
    "INSERT INTO users (mobile, sid, tid, school_name, created_at) VALUES (?, '', '', ?, ?)",
  );
  const setVisitorIds = db.prepare<[string, string, number]>('UPDATE users SET sid = ?, tid = ? WHERE id = ?');
  const insertSession = db.prepare<[string, number, number, number]>(
    'INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
  );
  const pruneSessions = db.prepare<[number]>('DELETE FROM sessions WHERE expires_at <= ?');
  const dropSessionsOverCap = db.prepare<[{ userId: number; keep: number }]>(
    `DELETE FROM sessions WHERE user_id = @userId AND token_hash NOT IN
       (SELECT token_hash FROM sessions WHERE user_id = @userId ORDER BY created_at DESC LIMIT @keep)`,
  );
  const deleteSession = db.prepare<[string]>('DELETE FROM sessions WHERE token_hash = ?');
  const countSessions = db.prepare<[string, number], { count: number }>(
    'SELECT count(*) AS count FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.mobile = ? AND s.expires_at > ?',
  );
  const countFailures = db.prepare<[string, number], WindowCount>(
    'SELECT count(*) AS count, min(at) AS oldest FROM login_failures WHERE mobile = ? AND at > ?',
  );
  const insertFailure = db.prepare<[string, number]>('INSERT INTO login_failures (mobile, at) VALUES (?, ?)');
  // Every mobile's, not only this one's: failures of numbers that never log in again expire too.
  const expireFailures = db.prepare<[number]>('DELETE FROM login_failures WHERE at <= ?');
  // Ids only grow, so the rows at or below newest - cap are the oldest ones over it (an indexed range).
  const dropFailuresOverCap = db.prepare<[number]>('DELETE FROM login_failures WHERE id <= ?');
  const clearFailures = db.prepare<[string]>('DELETE FROM login_failures WHERE mobile = ?');
  const latestCode = db.prepare<[string], CodeRow>(
    'SELECT id, code_hash, created_at, expires_at, used_at FROM sms_codes WHERE mobile = ? ORDER BY created_at DESC, id DESC LIMIT 1',
  );
  const countCodesFromIp = db.prepare<[string, number], WindowCount>(
    'SELECT count(*) AS count, min(created_at) AS oldest FROM sms_codes WHERE ip = ? AND created_at > ?',
  );
  const countCodesToMobile = db.prepare<[string, number], WindowCount>(
    'SELECT count(*) AS count, min(created_at) AS oldest FROM sms_codes WHERE mobile = ? AND created_at > ?',
  );
  const countCodes = db.prepare<[number], WindowCount>(
    'SELECT count(*) AS count, min(created_at) AS oldest FROM sms_codes WHERE created_at > ?',
  );
  const supersedeCodes = db.prepare<[number, string]>(
    'UPDATE sms_codes SET used_at = ? WHERE mobile = ? AND used_at IS NULL',
  );
  const pruneCodes = db.prepare<[number]>('DELETE FROM sms_codes WHERE created_at < ?');
  const insertCode = db.prepare<[string, string, string, number, number]>(
    'INSERT INTO sms_codes (mobile, code_hash, ip, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
  );
  const useCode = db.prepare<[number, number]>('UPDATE sms_codes SET used_at = ? WHERE id = ? AND used_at IS NULL');

  return {
    findUser: (mobile: string): UserRow | undefined => findUser.get(mobile),

    /** A first code login of an unknown mobile registers it: holding the code proves the number is theirs. */
    findOrCreateVisitor: db.transaction((mobile: string, now: number): UserRow => {
      const existing = findUser.get(mobile);
      if (existing) return existing;
      const id = Number(insertVisitor.run(mobile, VISITOR_SCHOOL_NAME, now).lastInsertRowid);
      setVisitorIds.run(`S${900000 + id}`, `T${900000 + id}`, id);
      const created = findUser.get(mobile);
      if (!created) throw new Error('visitor account missing right after its insert');
      return created;
    }),

    /** Returns the token to hand out; only its hash is stored. The account's oldest sessions past its cap end. */
    createSession: db.transaction((userId: number, now: number): string => {
      const token = newToken();
      pruneSessions.run(now);
      insertSession.run(hashToken(token), userId, now, now + SESSION_TTL_MS);
      dropSessionsOverCap.run({ userId, keep: caps.sessionsPerUser });
      return token;
    }),

    /** Logout: the token no longer names a session, whoever holds a copy of it. */
    revokeSession: (token: string): void => void deleteSession.run(hashToken(token)),

    /** Live sessions of a mobile's account, at `now`. */
    sessionsOf: (mobile: string, now: number): number => countSessions.get(mobile, now)?.count ?? 0,

    failuresSince: (mobile: string, since: number): WindowCount =>
      countFailures.get(mobile, since) ?? { count: 0, oldest: null },

    recordFailure: db.transaction((mobile: string, now: number, windowStart: number) => {
      expireFailures.run(windowStart);
      const id = Number(insertFailure.run(mobile, now).lastInsertRowid);
      if (id > caps.loginFailures) dropFailuresOverCap.run(id - caps.loginFailures);
    }),

    clearFailures: (mobile: string) => void clearFailures.run(mobile),

    latestCode: (mobile: string): CodeRow | undefined => latestCode.get(mobile),

    codesFromIpSince: (ip: string, since: number): WindowCount =>
      countCodesFromIp.get(ip, since) ?? { count: 0, oldest: null },

    codesToMobileSince: (mobile: string, since: number): WindowCount =>
      countCodesToMobile.get(mobile, since) ?? { count: 0, oldest: null },

    /** Every code sent since, to any mobile from anywhere: the site's own SMS budget. */
    codesSince: (since: number): WindowCount => countCodes.get(since) ?? { count: 0, oldest: null },

    /** A new code replaces every earlier one: only the latest code sent can log in. */
    storeCode: db.transaction((mobile: string, codeHash: string, ip: string, now: number, expiresAt: number) => {
      pruneCodes.run(now - CODE_RETENTION_MS);
      supersedeCodes.run(now, mobile);
      insertCode.run(mobile, codeHash, ip, now, expiresAt);
    }),

    /** False when another request used the code first: single use holds even for concurrent logins. */
    useCode: (id: number, now: number): boolean => useCode.run(now, id).changes === 1,
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;
