import { DAY_MS, HOUR_MS, type FieldEvent, type FieldSeries, type FieldSeriesDays, type FieldView, type ReleaseFieldData, type FieldSummary } from '@wenrun/shared/node';
import { exclusively, type Db } from '../database';
import { keepWithinRetentionAndCaps } from './eviction';
import { createHourCache } from './hourCache';
import { DEFAULT_FIELD_DATA_LIMITS, type FieldDataLimits } from './limits';
import { pruneClientHours, storeBatch, type RecordOutcome } from './recordBatch';
import { releaseFigures } from './releaseFigures';
import { fieldSeries } from './series';
import { fieldSummary } from './summary';

export { FIELD_VIEWS_PER_CLIENT_PER_HOUR, MAX_VERSIONS_PER_REMOTE } from './limits';
export type { RecordOutcome } from './recordBatch';

export function createFieldDataStore(db: Db, given: Partial<FieldDataLimits> = {}) {
  const limits: FieldDataLimits = { ...DEFAULT_FIELD_DATA_LIMITS, ...given };
  const viewsBetween = createHourCache(db, limits.viewsPerClientPerHour);
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

  return {
    record,
    /** The field data of the last `days` by route, by day and by build (the ops console, the public summary). */
    summary: async (now: number, days: number): Promise<FieldSummary> => fieldSummary(await viewsBetween(now - days * DAY_MS, now), now - days * DAY_MS, now),
    /** Each remote's canary beside its stable side over [since, until] (the release guard, `release -- status`). */
    releases: async (since: number, until: number, leaveOut = 0): Promise<ReleaseFieldData> =>
      releaseFigures(await viewsBetween(since, until), since, until, leaveOut),
    /** The last `days` per remote and side over time (the ops console's charts). */
    series: async (now: number, days: FieldSeriesDays): Promise<FieldSeries> => fieldSeries(await viewsBetween(now - days * DAY_MS, now), now, days),
  };
}

export type FieldDataStore = ReturnType<typeof createFieldDataStore>;
