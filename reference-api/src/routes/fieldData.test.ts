import { API_PATHS } from '../../../shared/src/api/endpoints';
import { FIELD_BATCH_LIMITS, type FieldBatchReply, type FieldSummary } from '../../../shared/src/api/fieldData';
import { SUCCESS_CODE } from '../../../shared/src/constants';
import { expectRefusal, getJson, manualClock, postJson, send, startServer, type TestServer } from '../test/harness';

const view = { id: 'view-0123456789', route: '/about/*', versions: { about: '1.2.0' }, canary: [] };
const lcp = (value: number) => ({ kind: 'metric', name: 'LCP', value });

describe('field data over HTTP (/stats/operation/log, /stats/operation/fieldSummary)', () => {
  let server: TestServer;
  const clock = manualClock();
  const log = () => `${server.url}/stats${API_PATHS.statsLog}`;
  const summary = (days: number | string) => getJson<FieldSummary | null>(`${server.url}/stats${API_PATHS.fieldSummary}?days=${days}`);
  const views = async () => (await summary(1)).body?.data?.byRoute.reduce((sum, row) => sum + row.views, 0) ?? 0;

  beforeAll(async () => {
    server = await startServer({ now: clock.now });
  });
  afterAll(() => server.close());

  it('stores a batch sent as a beacon (text/plain) and summarises it', async () => {
    const batch = { type: 'fieldData', view, events: [lcp(1234), { kind: 'metric', name: 'CLS', value: 0.02 }] };
    const reply = await send<FieldBatchReply>(log(), { body: JSON.stringify(batch), contentType: 'text/plain;charset=UTF-8' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ header: { code: SUCCESS_CODE, codeMsg: expect.any(String) }, data: { stored: 2, refused: [] } });

    const day = await summary(1);
    expect(day.body?.header.code).toBe(SUCCESS_CODE);
    expect(day.body?.data?.byRoute).toEqual([{ route: '/about/*', views: 1, errorRate: 0, p75: { LCP: 1234, CLS: 0.02 } }]);
    expect((await summary(7)).body?.data?.byDay).toHaveLength(1);
  });

  it('keeps the good events of a batch and refuses each bad one with its reason, in a non-"200" envelope', async () => {
    const events = [
      lcp(900),
      { kind: 'metric', name: 'FOO', value: 1 },
      lcp(-5),
      lcp(3_600_001),
      { kind: 'metric', name: 'CLS', value: Number.MAX_VALUE },
      { kind: 'slot', remote: 'about', version: '1.2.0', loadMs: 120, outcome: 'exploded' },
      { kind: 'mystery' },
      { kind: 'error', message: '' },
      { kind: 'error', message: '手机号 13800138000 登录失败' },
    ];
    const reply = await postJson<FieldBatchReply>(log(), { type: 'fieldData', view: { ...view, id: 'view-second-1' }, events });
    expectRefusal(reply, '有 7 条数据不合格，其余已保存');
    expect(reply.body?.data).toEqual({ stored: 2, refused: expect.arrayContaining([expect.stringMatching(/^events\[1\]: /)]) });
    expect(reply.body?.data?.refused).toHaveLength(7);
  });

  it.each([
    ['more than 50 events', { events: Array.from({ length: FIELD_BATCH_LIMITS.events + 1 }, () => lcp(1000)) }, /超过 50 条/],
    ['a view without an id', { view: { ...view, id: '' }, events: [lcp(1000)] }, /页面信息不合格/],
    ['a view with a route that is not a path', { view: { ...view, route: 'javascript:x' }, events: [lcp(1000)] }, /页面信息不合格/],
    ['no event list', { events: 'lots' }, /没有 events/],
  ])('refuses a batch with %s whole, storing nothing', async (_name, batch, message) => {
    const before = await views();
    const reply = await postJson<FieldBatchReply>(log(), { type: 'fieldData', view: { ...view, id: 'view-refused-1' }, ...batch });
    expectRefusal(reply, message);
    expect(reply.body?.data?.stored).toBe(0);
    expect(await views()).toBe(before);
  });

  it('refuses a batch over 64 KB whole', async () => {
    const before = await views();
    const message = 'x'.repeat(400);
    const events = Array.from({ length: 50 }, () => ({ kind: 'error', message: message.repeat(1) }));
    const body = JSON.stringify({ type: 'fieldData', view: { ...view, id: 'view-huge-01' }, events, padding: 'y'.repeat(FIELD_BATCH_LIMITS.bytes) });
    const reply = await send<FieldBatchReply>(log(), { body, contentType: 'application/json' });
    expectRefusal(reply, /超过 64 KB/);
    expect(await views()).toBe(before);
  });

  it.each(['0', '30', 'abc', ''])('answers days=%p with a Chinese refusal', async (days) => {
    expectRefusal(await summary(days), 'days 只能是 1 或 7');
  });
});
