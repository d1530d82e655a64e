import { DAY_MS, HOUR_MS, type FieldEvent, type FieldView, type ReleaseFieldData, type FieldSummary } from '@wenrun/shared/node';
import { exclusively, type Db } from '../database';
import { keepWithinRetentionAndCaps } from './eviction';
import { summaryWindow } from './groupings';
import { DEFAULT_FIELD_DATA_LIMITS, type FieldDataLimits } from './limits';
import { pruneClientHours, storeBatch, type RecordOutcome } from './recordBatch';
import { releaseFigures } from './releaseFigures';
import { fieldSummary } from './summary';
import { summaryQueries } from './summaryQueries';

export { FIELD_VIEWS_PER_CLIENT_PER_HOUR, MAX_VERSIONS_PER_REMOTE } from './limits';
export type { RecordOutcome } from './recordBatch';

export function createFieldDataStore(db: Db, given: Partial<FieldDataLimits> = {}) {
  const limits: FieldDataLimits = { ...DEFAULT_FIELD_DATA_LIMITS, ...given };
  let prunedHour = -1;

  /**
   * Stores a batch (recordBatch.ts), then holds the store to retention and its caps. A batch with no event left
   * stores nothing: an empty view would count as one without errors. One batch at a time, on every API instance
   * (`exclusively`): the owner read, the per-client count and the caps' totals hold for the whole of it, where two
   * hosts' batches would otherwise interleave.
   */
  function record(view: FieldView, events: FieldEvent[], now: number, client: string): Promise<RecordOutcome> {
    if (events.length === 0) return Promise.resolve('empty');
    return exclusively(db, 'field-data', async (trx): Promise<RecordOutcome> => {
      const hour = Math.floor(now / HOUR_MS);
      if (hour !== prunedHour) {
        prunedHour = hour;
        await pruneClientHours(trx, now, limits.viewsPerClientPerHour);
      }
      const outcome = await storeBatch(trx, { view, events, now, client }, limits);
      if (outcome === 'stored') await keepWithinRetentionAndCaps(trx, db.dialect, limits, now);
      return outcome;
    });
  }

  const queriesFor = (since: number, until: number, leaveOut = 0) =>
    summaryQueries(db.dialect, summaryWindow(since, until, limits.viewsPerClientPerHour, leaveOut));

  return {
    record,
    summary: (now: number, days: number): Promise<FieldSummary> => fieldSummary(db, queriesFor(now - days * DAY_MS, now), now - days * DAY_MS, now),
    releases: (since: number, until: number, leaveOut = 0): Promise<ReleaseFieldData> =>
      releaseFigures(db, queriesFor(since, until, leaveOut), since, until, leaveOut),
  };
}

export type FieldDataStore = ReturnType<typeof createFieldDataStore>;
