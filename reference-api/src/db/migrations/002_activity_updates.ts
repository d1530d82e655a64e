import type { Migration } from './dialect';

/** When an activity last changed: the build and the render server drop a page whose activity changed. */
export const activityUpdates: Migration = {
  async up(db) {
    await db.schema
      .alterTable('activities')
      .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo('2026-11-01T00:00:00.000Z'))
      .execute();
  },
};
