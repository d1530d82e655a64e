import { API_PATHS, REMOTE_NAMES, SITE_ROUTES, type Envelope } from '@wenrun/shared/node';
import { fieldBatch, fieldView } from '@wenrun/reference-api/test/fieldViews';
import { sendBeacon } from '../support/beacons';
import { expect, SUMMARY_CACHE_MS, test } from '../support/fixtures';
import { request } from '../support/https';
import { API, postForm, siteOrigin } from '../support/attacker';

/**
 * What any visitor may write, as an attacker writes it: messages past a day's few, and statistics of made-up routes
 * and remotes or a flood that would change the summary.
 * The attacker suite: e2e/support/attacker.ts.
 */
test.use({ ignoreHTTPSErrors: true });

/** A view of a route the manifest does not have, of a remote the parts table does not name. */
const poisonedView = (index: number, route = `/poison/${index}`) =>
  fieldBatch(fieldView({ id: `attacker-view-${index}-${Date.now()}`, route, versions: { [`fake${index}`]: `9.9.${index}` } }), [{ kind: 'metric', name: 'LCP', value: 1000 }]);

test.describe('the production form: nginx over TLS, the reference API in production mode', () => {
  test('messages: one address leaves a few a day, then is told so in Chinese; other visitors still can', async ({ nginxSite }) => {
    const leave = (localAddress: string, index: number) =>
      postForm(
        `${nginxSite.api}${API_PATHS.message}`,
        { name: '张老师', phone: '13512340000', message: `第 ${index} 条留言` },
        { ca: nginxSite.ca, headers: siteOrigin(nginxSite), localAddress },
      );
    for (let i = 1; i <= 20; i += 1) expect((await leave('127.0.0.31', i)).header.code).toBe('200');
    expect((await leave('127.0.0.31', 21)).header).toEqual({ code: '429', codeMsg: '留言次数过多，请明天再试' });
    expect((await leave('127.0.0.32', 21)).header.code).toBe('200');
  });

  test('statistics take only the routes of the manifest and the remotes of the parts table: a flood leaves the summary as it was', async ({ nginxSite }) => {
    // The summary is made at most once a minute in production, once a second here (FIELD_SUMMARY_CACHE_MS,
    // support/fixtures.ts): one made before the flood, one after.
    type Summary = { until: number; byRoute: { route: string }[]; byRemoteVersion: { remote: string }[]; byDay: unknown[] };
    const summaryMadeAfter = async (time: number): Promise<Summary> => {
      let summary: Summary | undefined;
      await expect
        .poll(
          async () => {
            summary = (JSON.parse((await request(`${nginxSite.api}/stats${API_PATHS.fieldSummary}?days=1`, { ca: nginxSite.ca })).body) as Envelope<Summary>).data;
            return summary.until;
          },
          { timeout: SUMMARY_CACHE_MS + 10_000, intervals: [SUMMARY_CACHE_MS / 4] },
        )
        .toBeGreaterThanOrEqual(time);
      return summary as Summary;
    };
    /** A well-formed view of `route`, from `localAddress` (another visitor to nginx). */
    const viewFrom = (localAddress: string, index: number, route: string, events: unknown[]) =>
      sendBeacon(nginxSite.api, fieldBatch(fieldView({ id: `attacker-view-${index}-${Date.now()}`, route, versions: { about: '6.6.6' }, canary: ['about'] }), events), { ca: nginxSite.ca, localAddress });
    // A visitor's view is in the summary the flood must leave as it was.
    expect((await viewFrom('127.0.0.52', 0, '/about/*', [{ kind: 'metric', name: 'LCP', value: 1500 }])).header.code).toBe('200');
    const before = await summaryMadeAfter(Date.now());
    expect(before.byRoute).toContainEqual(expect.objectContaining({ route: '/about/*' }));

    for (let i = 0; i < 20; i += 1) {
      const reply = await sendBeacon(nginxSite.api, poisonedView(i), { ca: nginxSite.ca });
      expect(reply.header.code).toBe('400');
      expect(reply.header.codeMsg).toMatch(/页面信息不合格（view\.route：不是路由清单中的路由 \/poison\/\d+），全部拒收/);
    }
    const fakeRemote = await sendBeacon(nginxSite.api, poisonedView(99, '/'), { ca: nginxSite.ca });
    expect(fakeRemote.header.codeMsg).toMatch(/不认识的 remote fake99/);
    // Well-formed views from one address, past its views an hour: a flooder, none of whose views count.
    const flood = (index: number) => viewFrom('127.0.0.51', 1000 + index, '/about/*', [{ kind: 'metric', name: 'LCP', value: 60_000 }, { kind: 'error', message: 'flood' }]);
    const replies: Envelope<unknown>[] = [];
    for (let batch = 0; batch < 32; batch += 1) replies.push(...(await Promise.all(Array.from({ length: 10 }, (_, index) => flood(batch * 10 + index)))));
    expect(replies.filter((reply) => reply.header.code === '200')).toHaveLength(300);
    expect(replies.at(-1)?.header).toEqual({ code: '429', codeMsg: '这个地址本小时发送的页面访问过多，不再保存，本小时发送的都不计入统计' });

    const after = await summaryMadeAfter(Date.now());
    expect({ byRoute: after.byRoute, byRemoteVersion: after.byRemoteVersion, byDay: after.byDay }).toEqual({
      byRoute: before.byRoute,
      byRemoteVersion: before.byRemoteVersion,
      byDay: before.byDay,
    });
    const patterns = SITE_ROUTES.map((route) => route.path);
    for (const row of after.byRoute) expect(patterns).toContain(row.route);
    for (const row of after.byRemoteVersion) expect(REMOTE_NAMES).toContain(row.remote);
  });
});

test.describe('npm start, the demo form', () => {
  test('statistics refuse a made-up route and a made-up remote', async () => {
    const reply = await sendBeacon(API, poisonedView(1));
    expect(reply.header.codeMsg).toMatch(/不是路由清单中的路由 \/poison\/1/);
  });
});
