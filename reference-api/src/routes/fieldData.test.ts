import { ACTIVITY_ROUTE, API_PATHS, DAY_MS, FIELD_BATCH_LIMITS, type FieldBatchReply, type FieldSummary, SUCCESS_CODE } from '@wenrun/shared/node';
import { openDatabase } from '../db/database';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { DEFAULT_ALLOWED_ORIGINS } from '../server';
import { beaconFrom, fieldBatch, fieldView } from '../test/fieldViews';
import { expectRefusal, getJson, manualClock, postJson, rows, send, startServer, type TestServer } from '../test/harness';
import { clientKey } from '../net';
import { CROSS_SITE_MESSAGE } from '../security/siteOrigin';
import { FIELD_BATCH_NOT_STORED, STATS_BODY_LIMIT } from './stats';


const view = fieldView({ id: 'view-0123456789', route: '/about/*', versions: { about: '1.2.0' } });
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
    const batch = fieldBatch(view, [lcp(1234), { kind: 'metric', name: 'CLS', value: 0.02 }]);
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
    const reply = await postJson<FieldBatchReply>(log(), fieldBatch({ ...view, id: 'view-second-1' }, events));
    expectRefusal(reply, '有 7 条数据不合格，其余已保存');
    expect(reply.body?.data).toEqual({
      stored: 2,
      refused: [
        'events[1]: 不认识的指标 FOO',
        'events[2]: LCP 为负数',
        'events[3]: LCP 超过 3600000',
        'events[4]: CLS 超过 100',
        'events[5]: 不认识的结果 exploded',
        'events[6]: 不认识的类型 mystery',
        'events[7]: 错误信息为空',
      ],
    });
    const db = await openDatabase(server.database);
    try {
      const stored = await rows(db, "SELECT kind, value, message FROM field_events WHERE view_id = 'view-second-1' ORDER BY id");
      expect(stored).toEqual([
        { kind: 'metric', value: 900, message: null },
        { kind: 'error', value: null, message: '手机号 *** 登录失败' },
      ]);
    } finally {
      await db.close();
    }
  });

  it.each([
    ['more than 50 events', { events: Array.from({ length: FIELD_BATCH_LIMITS.events + 1 }, () => lcp(1000)) }, /超过 50 条/],
    ['a view without an id', { view: { ...view, id: '' }, events: [lcp(1000)] }, /页面信息不合格/],
    ['a view with a route that is not a path', { view: { ...view, route: 'javascript:x' }, events: [lcp(1000)] }, /页面信息不合格/],
    ['no event list', { events: 'lots' }, /没有 events/],
  ])('refuses a batch with %s whole, storing nothing', async (_name, batch, message) => {
    const before = await views();
    const reply = await postJson<FieldBatchReply>(log(), { ...fieldBatch({ ...view, id: 'view-refused-1' }, []), ...batch });
    expectRefusal(reply, message);
    expect(reply.body?.data?.stored).toBe(0);
    expect(await views()).toBe(before);
  });

  it('refuses a batch over 64 KB whole', async () => {
    const before = await views();
    const message = 'x'.repeat(400);
    const events = Array.from({ length: 50 }, () => ({ kind: 'error', message: message.repeat(1) }));
    const body = JSON.stringify({ ...fieldBatch({ ...view, id: 'view-huge-01' }, events), padding: 'y'.repeat(FIELD_BATCH_LIMITS.bytes) });
    const reply = await send<FieldBatchReply>(log(), { body, contentType: 'application/json' });
    expectRefusal(reply, '批次超过 64 KB，全部拒收');
    expect(reply.body?.data).toEqual({ stored: 0, refused: ['批次超过 64 KB，全部拒收'] });
    expect(await views()).toBe(before);
  });

  it('refuses a value JSON.parse turns into Infinity, keeping the rest', async () => {
    const body = `{"type":"fieldData","view":${JSON.stringify({ ...view, id: 'view-infinite' })},"events":[{"kind":"metric","name":"LCP","value":1e999},${JSON.stringify(lcp(800))}]}`;
    const reply = await send<FieldBatchReply>(log(), { body, contentType: 'text/plain;charset=UTF-8' });
    expectRefusal(reply, '有 1 条数据不合格，其余已保存');
    expect(reply.body?.data).toEqual({ stored: 1, refused: ['events[0]: LCP 不是有限的数'] });
  });

  it('summarises the last day or the last week: a view seen two days ago is only in the week', async () => {
    const route = ACTIVITY_ROUTE;
    const beacon = (id: string, value: number) =>
      send(log(), { body: JSON.stringify(fieldBatch({ ...view, id, route }, [lcp(value)])), contentType: 'text/plain;charset=UTF-8' });
    await beacon('view-two-days-ago', 3000);
    clock.advance(2 * DAY_MS);
    await beacon('view-today-0001', 1000);

    const day = await summary(1);
    expect(day.body?.header.code).toBe(SUCCESS_CODE);
    expect(day.body?.data).toMatchObject({ since: clock.now() - DAY_MS, until: clock.now() });
    expect(day.body?.data?.byRoute.find((row) => row.route === route)).toEqual({ route, views: 1, errorRate: 0, p75: { LCP: 1000 } });
    const week = await summary(7);
    expect(week.body?.data?.byRoute.find((row) => row.route === route)).toEqual({ route, views: 2, errorRate: 0, p75: { LCP: 3000 } });
    expect(week.body?.data?.byDay.filter((row) => row.route === route)).toHaveLength(2);
  });

  it('lets the site origins read the summary', async () => {
    const origin = DEFAULT_ALLOWED_ORIGINS[0] ?? '';
    const reply = await send(`${server.url}/stats${API_PATHS.fieldSummary}?days=7`, { method: 'GET', headers: { origin } });
    expect(reply.headers.get('access-control-allow-origin')).toBe(origin);
  });

  /**
   * What any page on the web can make each of its visitors' browsers send (issue 50): `navigator.sendBeacon` with
   * text/plain needs no preflight, so every visitor of a popular page would be a "client" of its own. The batch is the
   * curl of the issue, byte for byte in its headers.
   */
  it('refuses a beacon another site\'s page sends, whatever it holds, and keeps nothing of it', async () => {
    const before = await views();
    const forged = (id: string) =>
      fieldBatch(fieldView({ id, route: '/wuyou/:id', versions: { wuyou: '9' }, canary: ['wuyou'] }), [{ kind: 'error', message: 'TypeError: forged' }]);
    const fromPage = (headers: Record<string, string>, id: string) =>
      send<FieldBatchReply>(log(), {
        body: JSON.stringify(forged(id)),
        contentType: 'text/plain;charset=UTF-8',
        headers,
      });
    const crossSite = await fromPage({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, 'evil-0123456789');
    expectRefusal(crossSite, CROSS_SITE_MESSAGE);
    expect(crossSite.body?.header.code).toBe('403');
    expect(crossSite.body?.data).toEqual({ stored: 0, refused: [CROSS_SITE_MESSAGE] });
    // A sandboxed frame says `null`; a browser that sends no Origin still says where the page was.
    expectRefusal(await fromPage({ origin: 'null' }, 'evil-sandboxed-01'), CROSS_SITE_MESSAGE);
    expectRefusal(await fromPage({ 'sec-fetch-site': 'cross-site' }, 'evil-no-origin-01'), CROSS_SITE_MESSAGE);
    expectRefusal(await fromPage({ 'sec-fetch-site': 'same-site' }, 'evil-sibling-001'), CROSS_SITE_MESSAGE);
    expect(await views()).toBe(before);
    // The site's own page, and a sender that is no page (the tests, curl: held by the per-client limits), are served.
    const own = await fromPage({ origin: DEFAULT_ALLOWED_ORIGINS[0] ?? '', 'sec-fetch-site': 'same-site' }, 'own-page-0123456');
    expect(own.body?.header.code).toBe(SUCCESS_CODE);
    expect(own.body?.data?.stored).toBe(1);
  });

  it(`still holds a single statistics event to ${STATS_BODY_LIMIT} bytes, counted in bytes`, async () => {
    const stored = async () => (await getJson<{ list: unknown[] }>(`${server.url}/__dev/stats`)).body?.data.list.length ?? 0;
    const detail = (text: string) => Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, text.repeat(150)]));
    const before = await stored();
    // 150 Chinese characters are 450 bytes in UTF-8: about 9 KB in all, though fewer than 8192 characters.
    const tooLarge = await postJson(log(), { type: 'a', path: '/', detail: detail('统') });
    expect(tooLarge.body).toEqual({ header: { code: SUCCESS_CODE, codeMsg: expect.any(String) }, data: { stored: false } });
    const fits = await postJson(log(), { type: 'a', path: '/', detail: detail('x') });
    expect(fits.body?.data).toEqual({ stored: true });
    expect(await stored()).toBe(before + 1);
  });

  it.each(['0', '30', 'abc', '', '1.5'])('answers days=%p with a Chinese refusal', async (days) => {
    expectRefusal(await summary(days), 'days 只能是 1 或 7');
  });
});

describe('field data per client over HTTP: the client is the address the trusted proxy names, an IPv6 /64 as one', () => {
  let server: TestServer;
  const clock = manualClock();
  let serial = 0;
  const viewFrom = (address: string, id = `view-client-${(serial += 1)}`) => {
    const { client, body } = beaconFrom(address, fieldBatch({ ...view, id }, [lcp(1000)]));
    return send<FieldBatchReply>(`${server.url}/stats${API_PATHS.statsLog}`, { body, contentType: 'text/plain;charset=UTF-8', headers: { 'x-forwarded-for': client } });
  };
  const views = async () => (await getJson<FieldSummary | null>(`${server.url}/stats${API_PATHS.fieldSummary}?days=1`)).body?.data?.byRoute[0]?.views ?? 0;

  beforeEach(async () => {
    server = await startServer({ now: clock.now, trustedProxies: ['127.0.0.1'], limits: { fieldViewsPerClientPerHour: 3, fieldSummaryCacheMs: 0 } });
  });
  afterEach(() => server.close());

  it('tells a client past its views per hour, in Chinese, and counts none of its views of that hour', async () => {
    await viewFrom('203.0.113.1');
    for (let index = 0; index < 3; index += 1) expect((await viewFrom('203.0.113.9')).body?.header.code).toBe(SUCCESS_CODE);
    expect(await views()).toBe(4);
    const refused = await viewFrom('203.0.113.9');
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({
      header: { code: '429', codeMsg: FIELD_BATCH_NOT_STORED.flood },
      data: { stored: 0, refused: [FIELD_BATCH_NOT_STORED.flood] },
    });
    expect(await views()).toBe(1);
  });

  it('counts the addresses of one IPv6 /64 as one client, another /64 as another', async () => {
    for (const address of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ffff::3']) await viewFrom(address);
    expect((await viewFrom('2001:0db8:0001:0002:0:0:0:4')).body?.header.codeMsg).toBe(FIELD_BATCH_NOT_STORED.flood);
    expect((await viewFrom('2001:db8:1:3::1')).body?.header.code).toBe(SUCCESS_CODE);
    expect(await views()).toBe(1);
  });

  it('counts what it took and refused, by reason, at /metrics: a flood shows as refusals, never as views', async () => {
    for (let index = 0; index < 5; index += 1) await viewFrom('203.0.113.9');
    await viewFrom('203.0.113.1', 'view-someone-else');
    await viewFrom('203.0.113.2', 'view-someone-else');
    await postJson(`${server.url}/stats${API_PATHS.statsLog}`, { type: 'fieldData', view: { id: 'x' }, events: [] });
    const families = parsePrometheusTextFormat((await send(`${server.url}/metrics`, { method: 'GET' })).text);
    const counts = (name: string, label: string) =>
      Object.fromEntries((families.find((family) => family.name === name)?.metrics ?? []).map((sample) => [sample.labels?.[label], Number(sample.value)]));
    expect(counts('field_data_batches_total', 'outcome')).toEqual({ stored: 4, flood: 2, foreign: 1, invalid: 1 });
    expect(counts('field_data_events_total', 'result')).toEqual({ stored: 4, refused: 3 });
  });

  it('refuses a later batch of a view sent from another address', async () => {
    await viewFrom('203.0.113.1', 'view-someone-else');
    expect((await viewFrom('203.0.113.2', 'view-someone-else')).body).toEqual({
      header: { code: '400', codeMsg: FIELD_BATCH_NOT_STORED.foreign },
      data: { stored: 0, refused: [FIELD_BATCH_NOT_STORED.foreign] },
    });
  });
});

describe('clientKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:0DB8:0000:0000:abcd::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s ⇒ %s', (address, key) => {
    expect(clientKey(address)).toBe(key);
  });
});
