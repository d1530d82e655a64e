import { parseFieldBatch } from './fieldBatch';

const view = { id: 'view-0123456789', route: '/', versions: {}, canary: [] };

it('masks digit runs that could be a mobile number before anything is stored', () => {
  const batch = parseFieldBatch({ view, events: [{ kind: 'error', message: '手机号 13800138000 登录失败，第 12 行' }] }, 200);
  expect(batch).toEqual({ accepted: true, view, events: [{ kind: 'error', message: '手机号 *** 登录失败，第 12 行' }], refused: [] });
});

it('refuses a metric over its bound: an hour for times, 100 for CLS', () => {
  const batch = parseFieldBatch(
    {
      view,
      events: [
        { kind: 'metric', name: 'INP', value: 3_600_000 },
        { kind: 'metric', name: 'TTFB', value: 3_600_001 },
        { kind: 'metric', name: 'CLS', value: 101 },
      ],
    },
    200,
  );
  expect(batch.accepted && batch.events).toEqual([{ kind: 'metric', name: 'INP', value: 3_600_000 }]);
  expect(batch.accepted && batch.refused).toEqual(['events[1]: 数值大得不合理', 'events[2]: 数值大得不合理']);
});
