import { API_PATHS, SUCCESS_CODE } from '@wenrun/shared/node';
import { METRICS_PATH } from '@wenrun/server-plugins';
import { ADMIN_MESSAGES } from './security/adminToken';
import { DEV_PREFIX } from './prefixes';
import { postForm, send, startServer, type TestServer } from './test/harness';

/** The limits of the reference API, each as the abuse it stops (limits.*.test.ts): here, publishing without a credential. */

describe('publishing activities', () => {
  const TOKEN = 'k'.repeat(48);
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ devEndpoints: false, adminToken: TOKEN });
  });
  afterAll(() => server.close());

  const draft = { title: '管理接口发布的活动', startTime: '2027-06-01 09:00', endTime: '2027-06-01 17:00', place: '青禾市', content: '介绍' };
  const publish = (authorization?: string) =>
    send(`${server.url}/admin/activities`, {
      body: new URLSearchParams(draft).toString(),
      contentType: 'application/x-www-form-urlencoded',
      headers: authorization ? { authorization } : {},
    });

  it('takes the admin token only, compared whole; the demo\'s open door is not there in the production form', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN.slice(0, -1)}`, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      const refused = await publish(authorization);
      expect(refused.status).toBe(401);
      expect(refused.body?.header).toEqual({ code: '401', codeMsg: ADMIN_MESSAGES.refused });
    }
    expect((await postForm(`${server.url}${DEV_PREFIX}/activities`, draft)).status).toBe(404);

    const published = await publish(`Bearer ${TOKEN}`);
    expect(published.body?.header.code).toBe(SUCCESS_CODE);
    const id = (published.body?.data as { id: number }).id;
    const shown = await postForm(`${server.url}${API_PATHS.activityPage}`, { id: String(id) });
    expect(shown.body?.data).toMatchObject({ title: draft.title });
    const down = await send(`${server.url}/admin/activities/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(down.body?.header.code).toBe(SUCCESS_CODE);
  });

  it('lists no development route in its route table, the admin ones and the site\'s calls', () => {
    const urls = server.app.apiRoutes.map((route) => route.url);
    expect(urls.filter((url) => url.startsWith(DEV_PREFIX))).toEqual([]);
    // nginx forwards this table: the operators' figures are on the API's own port only.
    expect(urls).not.toContain(METRICS_PATH);
    expect(urls).toEqual(expect.arrayContaining([API_PATHS.sendCode, API_PATHS.logout, '/admin/activities', '/admin/activities/:id']));
  });
});
