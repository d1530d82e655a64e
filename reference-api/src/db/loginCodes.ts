import { DAY_MS } from '@wenrun/shared/node';
import type { Db } from './database';
import { windowOf, type WindowCount } from './windowCount';

export interface CodeRow {
  id: number;
  code_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** Codes are kept a day: long enough for the hourly counts, short enough to keep the table small. */
const CODE_RETENTION_MS = DAY_MS;

/** The verification codes sent, stored by their hash: the latest of a mobile's, and the counts the send limits read. */
export function createLoginCodeStore({ kysely }: Db) {
  const codeWindow = (since: number) =>
    kysely
      .selectFrom('sms_codes')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min<number | null>('created_at').as('oldest')])
      .where('created_at', '>', since);

  return {
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
