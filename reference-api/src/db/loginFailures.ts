import type { Db } from './database';
import { windowOf, type WindowCount } from './windowCount';

/** Failed logins per mobile and client, at most `cap` rows in all. */
export function createLoginFailureStore({ kysely }: Db, cap: number) {
  return {
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
        if (id > cap) await trx.deleteFrom('login_failures').where('id', '<=', id - cap).execute();
      }),

    clearFailures: async (mobile: string): Promise<void> => {
      await kysely.deleteFrom('login_failures').where('mobile', '=', mobile).execute();
    },
  };
}
