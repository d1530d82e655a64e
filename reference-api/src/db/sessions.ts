import { DAY_MS } from '@wenrun/shared/node';
import { hashToken, newToken } from '../security/hash';
import type { Db } from './database';

const SESSION_TTL_MS = 7 * DAY_MS;

/** Login sessions, stored by the hash of their token, at most `sessionsPerUser` an account. */
export function createSessionStore({ kysely }: Db, sessionsPerUser: number) {
  return {
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
            eb.selectFrom('sessions').select('token_hash').where('user_id', '=', userId).orderBy('created_at', 'desc').limit(sessionsPerUser),
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
  };
}
