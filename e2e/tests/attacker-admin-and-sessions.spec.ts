import { API_PATHS, RELEASE_FIGURES_PATH, type Envelope } from '@wenrun/shared/node';
import { openDatabase } from '@wenrun/reference-api/db/database';
import { hashSecret, hashToken } from '@wenrun/reference-api/security/hash';
import { DEMO_TEACHER } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { request } from '../support/https';
import { submitPasswordLogin, unusedMobile } from '../support/login-modal';
import { API, postForm, siteOrigin } from '../support/attacker';

/**
 * What takes a key, as an attacker tries it without one: the admin token for publishing and the release figures, and
 * a session that must end on the server at logout.
 * The attacker suite: e2e/support/attacker.ts.
 */
test.use({ ignoreHTTPSErrors: true });

test.describe('the production form: nginx over TLS, the reference API in production mode', () => {
  test('publishing and taking down an activity takes the admin token; nothing else does', async ({ nginxSite }) => {
    const draft = { title: '管理接口发布的活动', startTime: '2027-06-01 09:00', endTime: '2027-06-01 17:00', place: '青禾市', content: '介绍' };
    const publish = (authorization?: string) =>
      postForm(`${nginxSite.api}/admin/activities`, draft, { ca: nginxSite.ca, headers: authorization ? { Authorization: authorization } : {} });
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${nginxSite.adminToken.slice(1)}`]) {
      const refused = await publish(authorization);
      expect([refused.status, refused.header.code]).toEqual([401, '401']);
    }
    const published = await publish(`Bearer ${nginxSite.adminToken}`);
    expect(published.header.code).toBe('200');
    const id = (published.data as { id: number }).id;
    // Its page is rendered per request; on a starved machine the render server may give up on the API for a moment
    // (its 3 s) and nginx sends the client page instead, which is no page of the activity yet: asked again until it is.
    await expect.poll(async () => (await request(`${nginxSite.shell}/wuyou/${id}`, { ca: nginxSite.ca })).body, { timeout: 30_000 }).toContain(draft.title);
    const down = await request(`${nginxSite.api}/admin/activities/${id}`, { method: 'DELETE', ca: nginxSite.ca, headers: { Authorization: `Bearer ${nginxSite.adminToken}` } });
    expect(JSON.parse(down.body)).toMatchObject({ header: { code: '200' } });
  });

  test('the release figures (any window of 30 days of field data) take the admin token through nginx; /__dev has none', async ({ nginxSite }) => {
    const figures = (prefix: string, authorization?: string) =>
      request(`${nginxSite.api}${prefix}${RELEASE_FIGURES_PATH}?since=0`, { ca: nginxSite.ca, headers: authorization ? { Authorization: authorization } : {} });
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${nginxSite.adminToken.slice(1)}`, `bearer ${nginxSite.adminToken}`]) {
      const refused = await figures('/admin', authorization);
      expect(refused.status).toBe(401);
      expect(refused.body).not.toContain('remotes');
    }
    expect((await figures('/__dev')).status).toBe(404);
    const answered = JSON.parse((await figures('/admin', `Bearer ${nginxSite.adminToken}`)).body) as Envelope<{ remotes: unknown[] }>;
    expect(answered.data.remotes).toEqual(expect.any(Array));
  });

  test('logout is a call nginx forwards: the token ends on the server', async ({ nginxSite }) => {
    // A real login through nginx: a code login (the production form has no demo account), the code the SMS would
    // carry set in the API's database, which keeps only its hash.
    const mobile = unusedMobile();
    const code = '246810';
    const options = { ca: nginxSite.ca, headers: siteOrigin(nginxSite), localAddress: '127.0.0.15' };
    expect((await postForm(`${nginxSite.api}${API_PATHS.sendCode}`, { mobile }, options)).header.code).toBe('200');
    const database = await openDatabase(nginxSite.databaseFile);
    try {
      const stored = await database.kysely.updateTable('sms_codes').set({ code_hash: await hashSecret(code) }).where('mobile', '=', mobile).executeTakeFirst();
      expect(stored.numUpdatedRows).toBe(1n);
      const login = await postForm(`${nginxSite.api}${API_PATHS.codeLogin}`, { mobile, code }, options);
      const { token } = login.data as { token: string };
      // The API has no call that takes the token: whether it still names a session is what makes it good or not.
      const honoured = async () =>
        Number((await database.kysely.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('count')).where('token_hash', '=', hashToken(token)).executeTakeFirst())?.count);
      expect(await honoured()).toBe(1);
      expect((await postForm(`${nginxSite.api}${API_PATHS.logout}`, { token }, options)).header.code).toBe('200');
      expect(await honoured()).toBe(0);
    } finally {
      await database.close();
    }
  });
});

test.describe('npm start, the demo form', () => {
  test('退出登录 ends the session on the server, not only in the browser', async ({ page }) => {
    const sessions = async () =>
      ((JSON.parse((await request(`${API}/__dev/sessions/${DEMO_TEACHER.mobile}`)).body) as Envelope<{ sessions: number }>).data.sessions);
    await page.goto('/');
    const login = page.waitForResponse((response) => response.url().endsWith(API_PATHS.passwordLogin));
    await submitPasswordLogin(page, DEMO_TEACHER);
    await login;
    const loggedIn = await sessions();
    expect(loggedIn).toBeGreaterThan(0);
    const logout = page.waitForResponse((response) => response.url().endsWith(API_PATHS.logout));
    await page.locator('header.site-header').getByRole('button', { name: '退出登录' }).click();
    await logout;
    expect(await sessions()).toBe(loggedIn - 1);
  });
});
