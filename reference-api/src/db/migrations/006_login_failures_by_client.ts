import type { Migration } from './dialect';

/**
 * Failed logins count per client and mobile: strangers failing a mobile's password lock themselves out of it, never
 * its owner at their own address. Failures from before have no client ('') and count for no one's lock.
 */
export const loginFailuresByClient: Migration = {
  async up(db) {
    await db.schema.alterTable('login_failures').addColumn('client', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.createIndex('login_failures_by_client').on('login_failures').columns(['mobile', 'client', 'at']).execute();
  },
};
