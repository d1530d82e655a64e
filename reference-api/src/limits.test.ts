import net from 'node:net';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { API_PATHS, CODE_COUNTDOWN_SECONDS, SERVICE_TOKEN_HEADER, SUCCESS_CODE, type LoginResult } from '@wenrun/shared/node';
import { METRICS_PATH, rawAnswer } from '@wenrun/server-plugins';
import { createAuthStore } from './db/auth';
import { openDatabase } from './db/database';
import { createMessageStore } from './db/messages';
import { AUTH_MESSAGES } from './routes/authMessages';
import { LOGIN_WINDOW_MS } from './routes/loginLock';
import { MESSAGE_LIMIT_MESSAGE } from './routes/message';
import { ADMIN_MESSAGES } from './security/adminToken';
import { CROSS_SITE_MESSAGE } from './security/siteOrigin';
import { DEMO_ACCOUNTS } from './seed/accounts';
import { DEV_PREFIX } from './prefixes';
import { DEFAULT_ALLOWED_ORIGINS } from './server';
import { column, expectRefusal, getJson, manualClock, send, startServer, testDatabase, type TestServer } from './test/harness';

/**
 * The limits that make the reference API safe to put behind a public proxy, each as the abuse it stops: a client
 * naming its own address, SMS pumping, a flood of messages, tables that grow for ever, a token that outlives its
 * logout, publishing without a credential.
 */
const HOUR = 3600_000;
const SITE_ORIGIN = DEFAULT_ALLOWED_ORIGINS[0] ?? '';
const [account] = DEMO_ACCOUNTS as [(typeof DEMO_ACCOUNTS)[0]];

/** A form post as it arrives through the proxy: from `client` (nginx's X-Forwarded-For), from a page of `origin`. */
function formFrom(url: string, fields: Record<string, string>, { client, origin }: { client?: string; origin?: string } = {}) {
  return send(url, {
    body: new URLSearchParams(fields).toString(),
    contentType: 'application/x-www-form-urlencoded',
    headers: { ...(client ? { 'x-forwarded-for': client } : {}), ...(origin ? { origin } : {}) },
  });
}

describe('the client address: only the proxies it is told may name it', () => {
  let server: TestServer;
  const home = (client?: string) => formFrom(`${server.url}${API_PATHS.integrate}`, {}, { client });

  afterEach(() => server.close());

  it('behind a trusted proxy, limits each visitor by the address the proxy passes on, loopback included', async () => {
    server = await startServer({ devEndpoints: false, trustedProxies: ['127.0.0.1'], rateLimit: { max: 3 } });
    for (let i = 0; i < 3; i += 1) expect((await home('203.0.113.7')).body?.header.code).toBe(SUCCESS_CODE);
    expectRefusal(await home('203.0.113.7'), /^请求过于频繁/);
    // Another visitor has a budget of their own.
    expect((await home('203.0.113.8')).body?.header.code).toBe(SUCCESS_CODE);
    // A visitor who writes an address of their choosing in front of the proxy's hop is still themselves.
    expectRefusal(await home('198.51.100.9, 203.0.113.7'), /^请求过于频繁/);
    // No loopback exemption in the production form: a client claiming to be loopback is limited like anyone.
    for (let i = 0; i < 3; i += 1) await home('127.0.0.1');
    expectRefusal(await home('127.0.0.1'), /^请求过于频繁/);
  });

  it('without a trusted proxy, X-Forwarded-For is nobody\'s word: every request counts for the socket\'s address', async () => {
    server = await startServer({ devEndpoints: false, rateLimit: { max: 3 } });
    for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) expect((await home(client)).body?.header.code).toBe(SUCCESS_CODE);
    expectRefusal(await home('203.0.113.4'), /^请求过于频繁/);
  });

  it('exempts loopback in demo mode only (the browser and load tests)', async () => {
    server = await startServer({ devEndpoints: true, rateLimit: { max: 2 } });
    for (let i = 0; i < 6; i += 1) expect((await home()).body?.header.code).toBe(SUCCESS_CODE);
  });
});

describe('the site\'s own servers: known by their credential, not by their address', () => {
  const SERVICE_TOKEN = 's'.repeat(40);
  const ADMIN_TOKEN = 'a'.repeat(40);
  let server: TestServer;
  /** What a render server or the guard asks through nginx: from 127.0.0.1, like any visitor on that address. */
  const ask = (headers: Record<string, string>) =>
    send(`${server.url}${API_PATHS.integrate}`, { body: '', contentType: 'application/x-www-form-urlencoded', headers: { 'x-forwarded-for': '127.0.0.1', ...headers } });

  afterEach(() => server.close());

  it('a visitor who spends 127.0.0.1\'s budget does not spend the render servers\' or the guard\'s; a wrong token is a visitor', async () => {
    server = await startServer({ devEndpoints: false, trustedProxies: ['127.0.0.1'], rateLimit: { max: 3 }, serviceToken: SERVICE_TOKEN, adminToken: ADMIN_TOKEN });
    for (let i = 0; i < 3; i += 1) expect((await ask({})).body?.header.code).toBe(SUCCESS_CODE);
    expectRefusal(await ask({}), /^请求过于频繁/);
    for (let i = 0; i < 10; i += 1) {
      expect((await ask({ [SERVICE_TOKEN_HEADER]: SERVICE_TOKEN })).body?.header.code).toBe(SUCCESS_CODE);
      expect((await ask({ authorization: `Bearer ${ADMIN_TOKEN}` })).body?.header.code).toBe(SUCCESS_CODE);
    }
    const forgeries: Record<string, string>[] = [{ [SERVICE_TOKEN_HEADER]: 'x'.repeat(40) }, { [SERVICE_TOKEN_HEADER]: '' }, { authorization: `Bearer ${SERVICE_TOKEN}` }, { authorization: ADMIN_TOKEN }];
    for (const forged of forgeries) {
      expectRefusal(await ask(forged), /^请求过于频繁/);
    }
    // Ops see each refusal by caller: five visitors' calls, none of the site's servers'.
    const metrics = parsePrometheusTextFormat((await send(`${server.url}${METRICS_PATH}`, { method: 'GET' })).text);
    const refused = metrics.find((family) => family.name === 'api_refused_total')?.metrics ?? [];
    expect(refused.map((sample) => [sample.labels?.route, sample.labels?.caller, Number(sample.value)])).toEqual([[API_PATHS.integrate, 'visitor', 5]]);
  });

  it('without a service token configured, no header exempts anyone', async () => {
    server = await startServer({ devEndpoints: false, trustedProxies: ['127.0.0.1'], rateLimit: { max: 2 } });
    for (let i = 0; i < 2; i += 1) await ask({ [SERVICE_TOKEN_HEADER]: '' });
    expectRefusal(await ask({ [SERVICE_TOKEN_HEADER]: 'undefined' }), /^请求过于频繁/);
    expectRefusal(await ask({ authorization: 'Bearer undefined' }), /^请求过于频繁/);
  });
});

describe('sending codes: no SMS pumping', () => {
  const clock = manualClock();
  let server: TestServer;
  const sendCode = (mobile: string, client: string, origin?: string) =>
    formFrom(`${server.url}${API_PATHS.sendCode}`, { mobile }, { client, origin });

  afterEach(() => server.close());

  it('refuses a post from another site\'s page (a form there, submitted in visitors\' browsers), and from an opaque origin', async () => {
    server = await startServer({ now: clock.now, trustedProxies: ['127.0.0.1'] });
    for (const origin of ['https://evil.example', 'null', `${SITE_ORIGIN}.evil.example`]) {
      const refused = await sendCode('13512340001', '203.0.113.1', origin);
      expectRefusal(refused, CROSS_SITE_MESSAGE);
      expect(refused.body?.header.code).toBe('403');
    }
    expect((await sendCode('13512340001', '203.0.113.1', SITE_ORIGIN)).body?.header.code).toBe(SUCCESS_CODE);
    // The same for a message: a foreign page cannot fill the inbox through its visitors either.
    const message = await formFrom(`${server.url}${API_PATHS.message}`, { name: '张', phone: '13512340001', message: '你好' }, { origin: 'https://evil.example' });
    expectRefusal(message, CROSS_SITE_MESSAGE);
  });

  it('sends a mobile a few codes an hour whatever addresses ask for them', async () => {
    server = await startServer({ now: clock.now, trustedProxies: ['127.0.0.1'], limits: { sendCodePerMobilePerHour: 2 } });
    for (const client of ['203.0.113.1', '203.0.113.2']) {
      expect((await sendCode('13512340002', client)).body?.header.code).toBe(SUCCESS_CODE);
      clock.advance(CODE_COUNTDOWN_SECONDS * 1000);
    }
    expectRefusal(await sendCode('13512340002', '203.0.113.3'), AUTH_MESSAGES.mobileTooMany(3600 - 2 * CODE_COUNTDOWN_SECONDS));
    clock.advance(HOUR);
    expect((await sendCode('13512340002', '203.0.113.4')).body?.header.code).toBe(SUCCESS_CODE);
  });

  it('sends at most its hourly budget of codes site-wide, from however many addresses to however many mobiles', async () => {
    server = await startServer({ now: clock.now, trustedProxies: ['127.0.0.1'], limits: { sendCodePerHour: 3 } });
    for (let i = 0; i < 3; i += 1) expect((await sendCode(`1351234100${i}`, `203.0.113.${10 + i}`)).body?.header.code).toBe(SUCCESS_CODE);
    expectRefusal(await sendCode('13512341009', '198.51.100.1'), AUTH_MESSAGES.siteBusy(3600));
    // A client that had a code is told the same: the site's hour is spent, not its own.
    expectRefusal(await sendCode('13512341008', '203.0.113.10'), AUTH_MESSAGES.siteBusy(3600));
    clock.advance(HOUR + 1);
    expect((await sendCode('13512341009', '198.51.100.1')).body?.header.code).toBe(SUCCESS_CODE);
  });

  it('keeps codes a day: the table holds at most a day of the hourly budget', async () => {
    server = await startServer({ now: clock.now });
    await sendCode('13512342000', '203.0.113.1');
    clock.advance(24 * HOUR + 1);
    await sendCode('13512342001', '203.0.113.1');
    const db = await openDatabase(server.database);
    try {
      expect(await column(db, 'SELECT mobile FROM sms_codes')).toEqual(['13512342001']);
    } finally {
      await db.close();
    }
  });
});

describe('messages: per address per day, and in total', () => {
  const clock = manualClock();
  let server: TestServer;
  const leave = (client: string, text: string) =>
    formFrom(`${server.url}${API_PATHS.message}`, { name: '张老师', phone: '13512343000', message: text }, { client });

  afterEach(() => server.close());

  it(`takes a few messages a day from one address, then says so in Chinese; others still get through`, async () => {
    server = await startServer({ now: clock.now, trustedProxies: ['127.0.0.1'], limits: { messagesPerIpPerDay: 2 } });
    expect((await leave('203.0.113.1', '第一条')).body?.header.code).toBe(SUCCESS_CODE);
    expect((await leave('203.0.113.1', '第二条')).body?.header.code).toBe(SUCCESS_CODE);
    // The same message again is no new message: answered, not counted.
    expect((await leave('203.0.113.1', '第二条')).body?.header.code).toBe(SUCCESS_CODE);
    expectRefusal(await leave('203.0.113.1', '第三条'), MESSAGE_LIMIT_MESSAGE);
    expect((await leave('203.0.113.2', '第三条')).body?.header.code).toBe(SUCCESS_CODE);
    clock.advance(24 * HOUR);
    expect((await leave('203.0.113.1', '第四条')).body?.header.code).toBe(SUCCESS_CODE);
  });

  it('keeps at most its cap of messages, dropping the oldest first by an indexed range', async () => {
    const db = await testDatabase();
    const messages = createMessageStore(db, 3);
    for (let i = 1; i <= 5; i += 1) await messages.store({ name: '张', phone: '13512343001', message: `第${i}条` }, '203.0.113.1', i);
    expect((await messages.recent(null, 10)).map((row) => row.message)).toEqual(['第5条', '第4条', '第3条']);
  });
});

describe('accounts: sessions per account, failed logins that expire', () => {
  it('keeps an account\'s newest sessions up to its cap: logging in again and again replaces the oldest', async () => {
    const db = await testDatabase();
    const auth = createAuthStore(db, { sessionsPerUser: 2, loginFailures: 100 });
    const user = await auth.findOrCreateVisitor('13512344000', 1);
    const tokens = [];
    for (const at of [10, 20, 30]) tokens.push(await auth.createSession(user.id, at));
    expect(await auth.sessionsOf('13512344000', 30)).toBe(2);
    await auth.revokeSession(tokens[1] ?? '');
    await auth.revokeSession(tokens[2] ?? '');
    expect(await auth.sessionsOf('13512344000', 30)).toBe(0);
  });

  it('forgets failed logins once they are out of the window, for every mobile, and keeps at most its cap', async () => {
    const db = await testDatabase();
    const auth = createAuthStore(db, { sessionsPerUser: 10, loginFailures: 3 });
    const rows = () => column(db, 'SELECT mobile FROM login_failures ORDER BY id');
    // A number guessed at once and never again.
    await auth.recordFailure('13512345000', '203.0.113.1', 1_000, 1_000 - LOGIN_WINDOW_MS);
    await auth.recordFailure('13512345001', '203.0.113.1', 1_000 + LOGIN_WINDOW_MS, 1_000);
    expect(await rows()).toEqual(['13512345001']);
    for (let i = 2; i <= 5; i += 1) await auth.recordFailure(`1351234500${i}`, '203.0.113.1', 2_000 + LOGIN_WINDOW_MS, 2_000);
    expect(await rows()).toEqual(['13512345003', '13512345004', '13512345005']);
  });
});

describe('logout', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  const sessions = async () => (await getJson<{ sessions: number }>(`${server.url}${DEV_PREFIX}/sessions/${account.mobile}`)).body?.data.sessions;

  it('ends the session of the token on the server; a second logout or a token that names nothing is answered the same', async () => {
    const login = await formFrom(`${server.url}${API_PATHS.passwordLogin}`, { mobile: account.mobile, password: account.password });
    const { token } = login.body?.data as LoginResult;
    const before = await sessions();
    const logout = await formFrom(`${server.url}${API_PATHS.logout}`, { token });
    expect(logout.body).toEqual({ header: { code: SUCCESS_CODE, codeMsg: expect.any(String) }, data: null });
    expect(await sessions()).toBe((before ?? 0) - 1);
    expect((await formFrom(`${server.url}${API_PATHS.logout}`, { token })).body?.header.code).toBe(SUCCESS_CODE);
    expect((await formFrom(`${server.url}${API_PATHS.logout}`, { token: 'no-such-token' })).body?.header.code).toBe(SUCCESS_CODE);
  });
});

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
    expect((await formFrom(`${server.url}${DEV_PREFIX}/activities`, draft)).status).toBe(404);

    const published = await publish(`Bearer ${TOKEN}`);
    expect(published.body?.header.code).toBe(SUCCESS_CODE);
    const id = (published.body?.data as { id: number }).id;
    const shown = await formFrom(`${server.url}${API_PATHS.activityPage}`, { id: String(id) });
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

describe('the new calls over a raw socket: odd methods, huge headers, a half-closed socket', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ devEndpoints: false, adminToken: 'k'.repeat(48) });
  });
  afterAll(() => server.close());
  const port = () => Number(new URL(server.url).port);

  it.each([
    ['an odd method on the admin endpoint', 'BREW /admin/activities HTTP/1.1\r\nHost: localhost\r\n\r\n', /^HTTP\/1\.1 (400|404|405) /],
    ['a 70 KB token', `POST /admin/activities HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${'k'.repeat(70 * 1024)}\r\n\r\n`, /^HTTP\/1\.1 431 /],
    ['a logout without a body', `POST ${API_PATHS.logout} HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`, /^HTTP\/1\.1 200 /],
  ])('answers %s and keeps serving', async (_what, raw, status) => {
    expect(await rawAnswer(port(), raw)).toMatch(status);
    expect((await getJson(`${server.url}/healthz`)).status).toBe(200);
  });

  it('answers a logout sent on a socket the client half-closes once it has written it', async () => {
    const body = 'token=abc';
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(port(), '127.0.0.1', () =>
        socket.end(`POST ${API_PATHS.logout} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body}`),
      );
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', () => resolve('socket error'));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"code":"200"');
  });
});
