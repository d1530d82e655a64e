import type { AddressInfo } from 'node:net';
import { rawAnswer } from '@wenrun/server-plugins';
import { DAY_MS, HOUR_MS, RELEASE_FIGURES_PATH, type ReleaseFieldData, type SlotOutcome, SUCCESS_CODE } from '@wenrun/shared/node';
import { ADMIN_MESSAGES } from '../security/adminToken';
import { fieldBatch, fieldView } from '../test/fieldViews';
import { expectRefusal, getJson, manualClock, send, startServer, type TestServer } from '../test/harness';
import { RELEASE_FIGURES_MESSAGES } from './releaseFigures';

const TOKEN = 'r'.repeat(40);

describe('release figures (/admin/field-data/releases): what the canary guard reads, never public', () => {
  let production: TestServer;
  const clock = manualClock();
  const url = (server: TestServer, prefix: string, since: string | number = clock.now() - HOUR_MS) =>
    `${server.url}${prefix}${RELEASE_FIGURES_PATH}?since=${since}`;
  const port = () => (production.app.server.address() as AddressInfo).port;

  beforeAll(async () => {
    production = await startServer({ devEndpoints: false, adminToken: TOKEN, now: clock.now });
  });
  afterAll(() => production.close());

  it.each([
    ['no token', {}],
    ['a wrong token', { authorization: `Bearer ${'x'.repeat(40)}` }],
    ['the token without its scheme', { authorization: TOKEN }],
    ['another scheme', { authorization: `Basic ${TOKEN}` }],
    ['an empty bearer', { authorization: 'Bearer ' }],
  ])('refuses %s with 401', async (_what, headers) => {
    const reply = await send(url(production, '/admin'), { method: 'GET', headers });
    expect(reply.status).toBe(401);
    expect(reply.body?.header.codeMsg).toBe(ADMIN_MESSAGES.refused);
    expect(reply.text).not.toContain('remotes');
  });

  it.each([
    ['no Authorization header', ''],
    ['the token in the query string instead', ''],
    ['a bearer of the wrong token', `Authorization: Bearer ${'y'.repeat(40)}\r\n`],
    ['two Authorization headers, the first wrong', `Authorization: Bearer wrong\r\nAuthorization: Bearer ${TOKEN}\r\n`],
    ['a token split over a header line folded in two', `Authorization: Bearer\r\n ${TOKEN}\r\n`],
  ])('refuses %s over a raw socket, and never answers the figures', async (what, header) => {
    const target = what.includes('query') ? `/admin${RELEASE_FIGURES_PATH}?since=0&token=${TOKEN}` : `/admin${RELEASE_FIGURES_PATH}?since=0`;
    const answer = await rawAnswer(port(), `GET ${target} HTTP/1.1\r\nHost: localhost\r\n${header}Connection: close\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 (400|401) /);
    expect(answer).not.toContain('"remotes"');
  });

  it('has no development twin in the production form', async () => {
    const reply = await getJson(url(production, '/__dev'));
    expect(reply.status).toBe(404);
  });

  it('answers the holder of the token, and refuses a since that is no time up to now', async () => {
    const authorized = { authorization: `Bearer ${TOKEN}` };
    const reply = await send<ReleaseFieldData>(url(production, '/admin'), { method: 'GET', headers: authorized });
    expect(reply.status).toBe(200);
    expect(reply.body?.header.code).toBe(SUCCESS_CODE);
    expect(reply.body?.data).toEqual({ since: clock.now() - HOUR_MS, until: clock.now(), leftOut: 0, remotes: [] });
    for (const since of ['', '-1', 'abc', '1e3', String(clock.now() + 1), '9'.repeat(40)]) {
      expectRefusal(await send(url(production, '/admin', since), { method: 'GET', headers: authorized }), RELEASE_FIGURES_MESSAGES.badSince);
    }
    // Earlier than what is kept counts from what is kept: 30 days.
    const old = await send<ReleaseFieldData>(url(production, '/admin', 0), { method: 'GET', headers: authorized });
    expect(old.body?.data?.since).toBe(clock.now() - 30 * DAY_MS);
  });

  it('answers in demo mode under /__dev without a token, from the views sent since', async () => {
    const demo = await startServer({ now: clock.now });
    try {
      const batch = (id: string, canary: string[], outcome: SlotOutcome) =>
        fieldBatch(fieldView({ id: `view-${id}-0123456789`, route: '/about/*', versions: { about: '1.2.0' }, canary }), [
          { kind: 'metric', name: 'LCP', value: 1000 },
          { kind: 'slot', remote: 'about', version: '1.2.0', loadMs: 100, outcome },
        ]);
      for (const [id, canary, outcome] of [['s1', [], 'loaded'], ['s2', [], 'loaded'], ['c1', ['about'], 'fallback']] as const) {
        await send(`${demo.url}/stats/operation/log`, { body: JSON.stringify(batch(id, [...canary], outcome)), contentType: 'text/plain' });
      }
      const reply = await getJson<ReleaseFieldData>(url(demo, '/__dev'));
      expect(reply.body?.data?.remotes).toEqual([
        {
          remote: 'about',
          canary: {
            views: 1,
            errorRate: 0,
            p75: { LCP: 1000 },
            loadFailures: 1,
            clients: 1,
            trimmed: { errors: { views: 1, count: 0 }, loadFailures: { views: 1, count: 1 }, errorsHigh: { views: 1, count: 0 }, loadFailuresHigh: { views: 1, count: 1 }, lcp: { views: 1, p75: 1000 }, inp: { views: 0 } },
          },
          stable: {
            views: 2,
            errorRate: 0,
            p75: { LCP: 1000 },
            loadFailures: 0,
            clients: 1,
            trimmed: { errors: { views: 2, count: 0 }, loadFailures: { views: 2, count: 0 }, errorsHigh: { views: 2, count: 0 }, loadFailuresHigh: { views: 2, count: 0 }, lcp: { views: 2, p75: 1000 }, inp: { views: 0 } },
          },
        },
      ]);
      // Each count with the client that pushes it most either way left out: here the only one of each side.
      const trimmed = await getJson<ReleaseFieldData>(`${url(demo, '/__dev')}&leaveOut=1`);
      expect(trimmed.body?.data?.leftOut).toBe(1);
      expect(trimmed.body?.data?.remotes[0]?.canary?.trimmed).toEqual({
        errors: { views: 0, count: 0 },
        loadFailures: { views: 0, count: 0 },
        // Only the clean end left out: the one client's failed load stays; LCP is no count, nothing is left out of it.
        errorsHigh: { views: 0, count: 0 },
        loadFailuresHigh: { views: 1, count: 1 },
        lcp: { views: 1, p75: 1000 },
        inp: { views: 0 },
      });
      for (const leaveOut of ['-1', 'x', '1001', '1.5']) {
        expectRefusal(await getJson(`${url(demo, '/__dev')}&leaveOut=${leaveOut}`), RELEASE_FIGURES_MESSAGES.badLeaveOut);
      }
      // A window that starts after them holds none of them.
      clock.advance(1000);
      expect((await getJson<ReleaseFieldData>(url(demo, '/__dev', clock.now() - 500))).body?.data?.remotes).toEqual([]);
    } finally {
      await demo.close();
    }
  });
});
