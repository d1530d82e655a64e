import { hashToken, newToken } from '../security/hash';
import { VISITOR_SCHOOL_NAME } from '../seed/accounts';
import type { Selectable } from 'kysely';
import type { Db } from './database';
import type { Schema } from './schema';

export type UserRow = Omit<Selectable<Schema['users']>, 'created_at'>;

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

const USER_COLUMNS = ['id', 'mobile', 'password_hash', 'teacher_icon', 'sid', 'tid', 'school_name'] as const;

/** Accounts, sessions, failed logins and verification codes. */
export function createAuthStore({ kysely }: Db, caps: AuthCaps = DEFAULT_AUTH_CAPS) {
  const findUser = (mobile: string, on = kysely) =>
    on.selectFrom('users').select(USER_COLUMNS).where('mobile', '=', mobile).executeTakeFirst();

  /** A count over a window and its oldest time, numbers on either dialect. */
  const windowOf = async (query: Promise<{ count: number; oldest: number | null } | undefined>): Promise<WindowCount> => {
    const row = await query;
    return { count: Number(row?.count ?? 0), oldest: row?.oldest ?? null };
  };
  const codeWindow = (since: number) =>
    kysely
      .selectFrom('sms_codes')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min<number | null>('created_at').as('oldest')])
      .where('created_at', '>', since);

  return {
    findUser: (mobile: string): Promise<UserRow | undefined> => findUser(mobile),

    /**
     * A first code login of an unknown mobile registers it: holding the code proves the number is theirs. Two at once
     * (two hosts) both find it missing; the second insert does nothing and both read the one account.
     */
    findOrCreateVisitor: (mobile: string, now: number): Promise<UserRow> =>
      kysely.transaction().execute(async (trx) => {
        const existing = await findUser(mobile, trx);
        if (existing) return existing;
        const inserted = await trx
          .insertInto('users')
          .values({ mobile, sid: '', tid: '', school_name: VISITOR_SCHOOL_NAME, created_at: now })
          .onConflict((conflict) => conflict.column('mobile').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (inserted) {
          await trx.updateTable('users').set({ sid: `S${900000 + inserted.id}`, tid: `T${900000 + inserted.id}` }).where('id', '=', inserted.id).execute();
        }
        const created = await findUser(mobile, trx);
        if (!created) throw new Error('visitor account missing right after its insert');
        return created;
      }),

    /** Returns the token to hand out; only its hash is stored. The account's oldest sessions past its cap end. */
    createSession: (userId: number, now: number): Promise<string> =>
      kysely.transaction().execute(async (trx) => {
        const token = newToken();
        await trx.deleteFrom('sessions').where('expires_at', '<=', now).execute();
        await trx.insertInto('sessions').values({ token_hash: hashToken(token), user_id: userId, created_at: now, expires_at: now + SESSION_TTL_MS }).execute();
        await trx
          .deleteFrom('sessions')
          .where('user_id', '=', userId)
          .where('token_hash', 'not in', (eb) =>
            eb.selectFrom('sessions').select('token_hash').where('user_id', '=', userId).orderBy('created_at', 'desc').limit(caps.sessionsPerUser),
          )
          .execute();
        return token;
      }),

    /** Logout: the token no longer names a session, whoever holds a copy of it. */
    revokeSession: async (token: string): Promise<void> => {
      await kysely.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
    },

    /** Live sessions of a mobile's account, at `now`. */
    sessionsOf: async (mobile: string, now: number): Promise<number> => {
      const row = await kysely
        .selectFrom('sessions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('u.mobile', '=', mobile)
        .where('s.expires_at', '>', now)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /** Failed logins of a mobile from one client: what locks that client, and no other, out of it. */
    failuresSince: (mobile: string, client: string, since: number): Promise<WindowCount> =>
      windowOf(
        kysely
          .selectFrom('login_failures')
          .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min<number | null>('at').as('oldest')])
          .where('mobile', '=', mobile)
          .where('client', '=', client)
          .where('at', '>', since)
          .executeTakeFirst(),
      ),

    recordFailure: (mobile: string, client: string, now: number, windowStart: number): Promise<void> =>
      kysely.transaction().execute(async (trx) => {
        // Every mobile's, not only this one's: failures of numbers that never log in again expire too.
        await trx.deleteFrom('login_failures').where('at', '<=', windowStart).execute();
        const { id } = await trx.insertInto('login_failures').values({ mobile, client, at: now }).returning('id').executeTakeFirstOrThrow();
        // Ids only grow, so the rows at or below newest - cap are the oldest ones over it (an indexed range).
        if (id > caps.loginFailures) await trx.deleteFrom('login_failures').where('id', '<=', id - caps.loginFailures).execute();
      }),

    clearFailures: async (mobile: string): Promise<void> => {
      await kysely.deleteFrom('login_failures').where('mobile', '=', mobile).execute();
    },

    latestCode: (mobile: string): Promise<CodeRow | undefined> =>
      kysely
        .selectFrom('sms_codes')
        .select(['id', 'code_hash', 'created_at', 'expires_at', 'used_at'])
        .where('mobile', '=', mobile)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),

    /** When each code a client was sent since was made, oldest first: a client holds at most its hour's few. */
    codeTimesFromIpSince: async (ip: string, since: number): Promise<number[]> => {
      const rows = await kysely.selectFrom('sms_codes').select('created_at').where('ip', '=', ip).where('created_at', '>', since).orderBy('created_at').execute();
      return rows.map((row) => Number(row.created_at));
    },

    codesToMobileSince: (mobile: string, since: number): Promise<WindowCount> =>
      windowOf(codeWindow(since).where('mobile', '=', mobile).executeTakeFirst()),

    /** Every code sent since, to any mobile from anywhere: the site's own SMS budget. */
    codesSince: (since: number): Promise<WindowCount> => windowOf(codeWindow(since).executeTakeFirst()),

    /** A new code replaces every earlier one: only the latest code sent can log in. */
    storeCode: (mobile: string, codeHash: string, ip: string, now: number, expiresAt: number): Promise<void> =>
      kysely.transaction().execute(async (trx) => {
        await trx.deleteFrom('sms_codes').where('created_at', '<', now - CODE_RETENTION_MS).execute();
        await trx.updateTable('sms_codes').set({ used_at: now }).where('mobile', '=', mobile).where('used_at', 'is', null).execute();
        await trx.insertInto('sms_codes').values({ mobile, code_hash: codeHash, ip, created_at: now, expires_at: expiresAt }).execute();
      }),

    /** False when another request used the code first: single use holds even for concurrent logins, on any host. */
    useCode: async (id: number, now: number): Promise<boolean> => {
      const result = await kysely.updateTable('sms_codes').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;
