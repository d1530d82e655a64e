import type { Selectable } from 'kysely';
import { VISITOR_SCHOOL_NAME } from '../seed/accounts';
import type { Db } from './database';
import type { Schema } from './schema';

export type UserRow = Omit<Selectable<Schema['users']>, 'created_at'>;

const USER_COLUMNS = ['id', 'mobile', 'password_hash', 'teacher_icon', 'sid', 'tid', 'school_name'] as const;

/** The accounts: found by mobile, and a visitor's made at its first code login. */
export function createAccountStore({ kysely }: Db) {
  const findUser = (mobile: string, on = kysely) =>
    on.selectFrom('users').select(USER_COLUMNS).where('mobile', '=', mobile).executeTakeFirst();

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
  };
}
