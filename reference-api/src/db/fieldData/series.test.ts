import { ACTIVITY_ROUTE, type FieldEvent, type FieldView, HOUR_MS } from '@wenrun/shared/node';
import { testDatabase } from '../../test/harness';
import { createFieldDataStore } from './store';

/** 16:00 in China, 08:00 UTC. */
const NOW = Date.UTC(2026, 10, 20, 8, 0, 0);
const PER_HOUR = 5;

async function stores() {
  const db = await testDatabase();
  const fieldData = createFieldDataStore(db, { viewsPerClientPerHour: PER_HOUR });
  return { fieldData, series: fieldData.series };
}

const wuyouView = (id: string, canary: boolean): FieldView => ({
  id: `view-${id}`,
  route: ACTIVITY_ROUTE,
  versions: { wuyou: canary ? '2.1.0' : '2.0.0' },
  canary: canary ? ['wuyou'] : [],
});
const clean = (lcp: number): FieldEvent[] => [{ kind: 'metric', name: 'LCP', value: lcp }, { kind: 'slot', remote: 'wuyou', version: '2.0.0', loadMs: 90, outcome: 'loaded' }];
const failing: FieldEvent[] = [{ kind: 'slot', remote: 'wuyou', version: '2.1.0', loadMs: 0, outcome: 'failed' }, { kind: 'error', remote: 'wuyou', version: '2.1.0', message: 'x' }];

describe('field data series (what the ops console charts)', () => {
  it('gives canary and stable of a remote as two series by hour: the canary failing from one hour on, stable flat', async () => {
    const { fieldData, series } = await stores();
    for (let hour = 4; hour >= 1; hour -= 1) {
      for (let index = 0; index < 4; index += 1) {
        const at = NOW - hour * HOUR_MS + index;
        await fieldData.record(wuyouView(`s${hour}-${index}`, false), clean(1000 + index * 100), at, `client-s${index}`);
        await fieldData.record(wuyouView(`c${hour}-${index}`, true), hour <= 2 && index < 2 ? failing : clean(1000), at, `client-c${index}`);
      }
    }
    const day = await series(NOW, 1);
    expect(day.bucketMs).toBe(HOUR_MS);
    const [stable, canary] = day.sides;
    expect(stable).toMatchObject({ remote: 'wuyou', canary: false, versions: ['2.0.0'] });
    expect(canary).toMatchObject({ remote: 'wuyou', canary: true, versions: ['2.1.0'] });
    expect(stable?.points.map((point) => [point.at, point.views, point.errorRate, point.lcpP75])).toEqual(
      [4, 3, 2, 1].map((hour) => [NOW - hour * HOUR_MS, 4, 0, 1200]),
    );
    expect(canary?.points.map((point) => [point.errorRate, point.loadFailureRate])).toEqual([[0, 0], [0, 0], [0.5, 0.5], [0.5, 0.5]]);
  });

  it('leaves a flooder out of the hour it flooded, as every other figure does', async () => {
    const { fieldData, series } = await stores();
    await fieldData.record(wuyouView('real', true), clean(1000), NOW - HOUR_MS, 'client-real');
    for (let index = 0; index <= PER_HOUR; index += 1) await fieldData.record(wuyouView(`flood${index}`, true), failing, NOW - HOUR_MS, 'client-flood');
    expect((await series(NOW, 1)).sides[0]?.points).toEqual([{ at: NOW - HOUR_MS, views: 1, errorRate: 0, loadFailureRate: 0, lcpP75: 1000 }]);
  });

  it('starts a day at midnight in China over a week', async () => {
    const { fieldData, series } = await stores();
    // 07:59 and 08:01 China time on the same day; 23:30 China time the day before.
    await fieldData.record(wuyouView('a', false), clean(1000), NOW - 8 * HOUR_MS - 60_000, 'client-a');
    await fieldData.record(wuyouView('b', false), clean(1000), NOW - 8 * HOUR_MS + 60_000, 'client-b');
    await fieldData.record(wuyouView('c', false), clean(1000), NOW - 16.5 * HOUR_MS, 'client-c');
    const chinaMidnight = Date.UTC(2026, 10, 19, 16, 0, 0);
    expect((await series(NOW, 7)).sides[0]?.points.map((point) => [point.at, point.views])).toEqual([
      [chinaMidnight - 24 * HOUR_MS, 1],
      [chinaMidnight, 2],
    ]);
  });
});
