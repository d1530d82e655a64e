import { API_PATHS, SUCCESS_CODE, type LoginResult } from '@wenrun/shared/node';
import { createAuthStore } from './db/auth';
import { LOGIN_WINDOW_MS } from './routes/loginLock';
import { DEMO_ACCOUNTS } from './seed/accounts';
import { DEV_PREFIX } from './prefixes';
import { column, getJson, postForm, startServer, testDatabase, type TestServer } from './test/harness';

/**
 * The limits of the reference API, each as the abuse it stops (limits.*.test.ts): here, sessions and failed logins
 * that pile up, and a token that outlives its logout.
 */
const [account] = DEMO_ACCOUNTS as [(typeof DEMO_ACCOUNTS)[0]];

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
    const login = await postForm(`${server.url}${API_PATHS.passwordLogin}`, { mobile: account.mobile, password: account.password });
    const { token } = login.body?.data as LoginResult;
    const before = await sessions();
    const logout = await postForm(`${server.url}${API_PATHS.logout}`, { token });
    expect(logout.body).toEqual({ header: { code: SUCCESS_CODE, codeMsg: expect.any(String) }, data: null });
    expect(await sessions()).toBe((before ?? 0) - 1);
    expect((await postForm(`${server.url}${API_PATHS.logout}`, { token })).body?.header.code).toBe(SUCCESS_CODE);
    expect((await postForm(`${server.url}${API_PATHS.logout}`, { token: 'no-such-token' })).body?.header.code).toBe(SUCCESS_CODE);
  });
});
