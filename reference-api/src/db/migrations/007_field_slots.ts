import { sql } from 'kysely';
import type { Migration } from './dialect';

/**
 * The slot events the field data figures read, each without a pass over every event (issue 52: at the caps,
 * 200,000 events of which half are slots): by view and remote with the outcome and load time, so the release and
 * side groupings read the index alone; and the slots that did not load, a few in a hundred, which the guard's counts
 * and the console's series look up per view.
 */
export const fieldSlots: Migration = {
  async up(db) {
    await db.schema
      .createIndex('field_events_slots')
      .on('field_events')
      .columns(['view_id', 'remote', 'outcome', 'value'])
      .where(sql.ref('kind'), '=', 'slot')
      .execute();
    await db.schema
      .createIndex('field_events_failed_slots')
      .on('field_events')
      .columns(['view_id', 'remote'])
      .where(sql<boolean>`kind = 'slot' AND outcome <> 'loaded'`)
      .execute();
  },
};
