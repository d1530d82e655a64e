import { API_PATHS, SUCCESS_CODE, type LoginResult } from '@wenrun/shared/node';
import { DEMO_ACCOUNTS } from '../seed/accounts';
import { expectRefusal, postForm, startServer } from '../test/harness';
import { AUTH_MESSAGES } from './authMessages';
import { signInSite } from './authFixture';
import { LOGIN_WINDOW_MS, MAX_LOGIN_FAILURES } from './loginLock';

describe('the login lock: password and code failures', () => {
  const { clock, at, sendCode, devCode } = signInSite();

  it(`locks a mobile after ${MAX_LOGIN_FAILURES} failures for ${LOGIN_WINDOW_MS / 60_000} minutes, then lets it in`, async () => {
    const mobile = DEMO_ACCOUNTS[2]?.mobile ?? '';
    const password = DEMO_ACCOUNTS[2]?.password ?? '';
    const messages: string[] = [];
    for (let i = 0; i < MAX_LOGIN_FAILURES; i += 1) {
      const reply = await postForm(at(API_PATHS.passwordLogin), { mobile, password: `wrong-${i}` });
      messages.push(reply.body?.header.codeMsg ?? '');
    }
    expect(messages.slice(0, 2)).toEqual([AUTH_MESSAGES.wrongPassword, AUTH_MESSAGES.wrongPassword]);
    expect(messages[3]).toBe(`${AUTH_MESSAGES.wrongPassword}${AUTH_MESSAGES.attemptsLeft(1)}`);
    expect(messages[4]).toBe(AUTH_MESSAGES.locked(15));

    // Even the right password is refused while locked.
    const locked = await postForm<LoginResult>(at(API_PATHS.passwordLogin), { mobile, password });
    expectRefusal(locked, AUTH_MESSAGES.locked(15));
    expect(locked.body?.data.resultStr).toBe(AUTH_MESSAGES.locked(15));

    clock.advance(LOGIN_WINDOW_MS);
    const after = await postForm<LoginResult>(at(API_PATHS.passwordLogin), { mobile, password });
    expect(after.body?.header.code).toBe(SUCCESS_CODE);
  });

  it('counts wrong codes towards the lock', async () => {
    const mobile = '13600000007';
    await sendCode(mobile);
    const code = await devCode(mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < MAX_LOGIN_FAILURES - 1; i += 1) {
      expectRefusal(await postForm(at(API_PATHS.codeLogin), { mobile, code: wrong }), /^验证码错误/);
    }
    expectRefusal(await postForm(at(API_PATHS.codeLogin), { mobile, code: wrong }), AUTH_MESSAGES.locked(15));
    expectRefusal(await postForm(at(API_PATHS.codeLogin), { mobile, code }), AUTH_MESSAGES.locked(15));
  });
});

describe('parallel guessing', () => {
  it('counts every guess of a parallel burst, so the burst locks the mobile', async () => {
    const server = await startServer();
    try {
      const account = DEMO_ACCOUNTS[0];
      if (!account) throw new Error('no demo account');
      const url = `${server.url}${API_PATHS.passwordLogin}`;
      // Bursts of three, within a client's share of hashes under way (security/hashGate.ts): each guess is checked.
      for (let round = 0; round < 4; round += 1) {
        const wrong = Array.from({ length: 3 }, (_, i) => postForm(url, { mobile: account.mobile, password: `guess-${round}-${i}` }));
        const codes = (await Promise.all(wrong)).map((reply) => reply.body?.header.code);
        expect(codes).not.toContain(SUCCESS_CODE);
      }
      expectRefusal(await postForm(url, { mobile: account.mobile, password: account.password }), AUTH_MESSAGES.locked(15));
    } finally {
      await server.close();
    }
  });
});
