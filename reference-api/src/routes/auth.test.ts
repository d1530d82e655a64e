import { openDatabase } from '../db/database';
import {
  API_PATHS,
  CODE_COUNTDOWN_SECONDS,
  MESSAGES,
  SUCCESS_CODE,
  type LoginResult,
  type SendCodeResult,
} from '@wenrun/shared/node';
import { DEMO_ACCOUNTS, VISITOR_SCHOOL_NAME } from '../seed/accounts';
import { hashSecret, hashToken } from '../security/hash';
import { expectRefusal, getJson, manualClock, postForm, postJson, rows, startServer, type Reply, type TestServer } from '../test/harness';
import { CODE_TTL_SECONDS } from './auth';
import { AUTH_MESSAGES } from './authMessages';
import { LOGIN_WINDOW_MS, MAX_LOGIN_FAILURES } from './loginLock';

const [withIcon, withoutIcon] = DEMO_ACCOUNTS as [(typeof DEMO_ACCOUNTS)[0], (typeof DEMO_ACCOUNTS)[0]];

describe('auth', () => {
  const clock = manualClock();
  let server: TestServer;
  const at = (path: string) => `${server.url}${path}`;

  beforeAll(async () => {
    server = await startServer({ now: clock.now, limits: { sendCodePerIpPerHour: 50 } });
  });
  afterAll(() => server.close());

  async function sendCode(mobile: string) {
    return postForm<SendCodeResult>(at(API_PATHS.sendCode), { mobile });
  }

  async function devCode(mobile: string): Promise<string> {
    const reply = await getJson<{ code: string }>(at(`/__dev/codes/${mobile}`));
    const code = reply.body?.data.code;
    if (!code) throw new Error(`no code for ${mobile}`);
    return code;
  }

  describe('password login', () => {
    it('logs a demo account in, returning LoginResult with its avatar and a token stored only hashed', async () => {
      const reply = await postForm<LoginResult>(at(API_PATHS.passwordLogin), {
        mobile: withIcon.mobile,
        password: withIcon.password,
      });
      expect(reply.status).toBe(200);
      expect(reply.body?.header).toEqual({ code: SUCCESS_CODE, codeMsg: expect.any(String) });
      const data = reply.body?.data as LoginResult;
      expect(data).toEqual({
        token: expect.stringMatching(/^[\w-]{40,}$/),
        mobile: withIcon.mobile,
        teacherIcon: withIcon.teacherIcon,
        sid: withIcon.sid,
        tid: withIcon.tid,
        schoolName: withIcon.schoolName,
      });
      const db = await openDatabase(server.database);
      try {
        expect(await rows(db, 'SELECT count(*) AS n FROM sessions WHERE token_hash = ?', hashToken(data.token))).toEqual([{ n: 1 }]);
        expect(await rows(db, 'SELECT count(*) AS n FROM sessions WHERE token_hash = ?', data.token)).toEqual([{ n: 0 }]);
        const [hash] = await rows<{ h: string }>(db, 'SELECT password_hash AS h FROM users WHERE mobile = ?', withIcon.mobile);
        expect(hash?.h).toMatch(/^scrypt\$/);
      } finally {
        await db.close();
      }
    });

    it('leaves teacherIcon out for the account without an avatar, and accepts JSON bodies', async () => {
      const reply = await postJson<LoginResult>(at(API_PATHS.passwordLogin), {
        mobile: withoutIcon.mobile,
        password: withoutIcon.password,
      });
      expect(reply.body?.header.code).toBe(SUCCESS_CODE);
      expect(reply.body?.data).not.toHaveProperty('teacherIcon');
      expect(reply.body?.data.schoolName).toBe(withoutIcon.schoolName);
    });

    it.each([
      ['a wrong password', { mobile: withIcon.mobile, password: 'wrong-password' }, AUTH_MESSAGES.wrongPassword],
      ['an unknown mobile', { mobile: '13512345678', password: 'whatever' }, AUTH_MESSAGES.wrongPassword],
      ['a bad mobile', { mobile: '12345', password: 'x' }, MESSAGES.invalidMobile],
      ['a mobile starting 11', { mobile: '11800138000', password: 'x' }, MESSAGES.invalidMobile],
      ['no mobile', { password: 'x' }, MESSAGES.invalidMobile],
      ['an empty password', { mobile: withIcon.mobile, password: '' }, MESSAGES.passwordRequired],
      ['no password', { mobile: withIcon.mobile }, MESSAGES.passwordRequired],
      ['a 65-character password', { mobile: withIcon.mobile, password: 'x'.repeat(65) }, AUTH_MESSAGES.passwordTooLong],
      ['an array as mobile', { mobile: [withIcon.mobile, withIcon.mobile], password: 'x' }, MESSAGES.invalidMobile],
    ])('refuses %s with a Chinese codeMsg and data.resultStr', async (_name, fields, message) => {
      const reply = await postForm<LoginResult>(at(API_PATHS.passwordLogin), fields);
      expectRefusal(reply, message);
      expect(reply.body?.data.resultStr).toBe(message);
    });

    it('refuses wrong JSON types the same way', async () => {
      const reply = await postJson<LoginResult>(at(API_PATHS.passwordLogin), { mobile: 13800138000, password: ['a'] });
      expectRefusal(reply, MESSAGES.invalidMobile);
      expect(reply.body?.data.resultStr).toBe(MESSAGES.invalidMobile);
    });

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
  });

  describe('verification codes', () => {
    it('sends a 6-digit code valid 5 minutes, readable through the dev endpoint, stored only hashed', async () => {
      const mobile = '13600000001';
      const reply = await sendCode(mobile);
      expect(reply.body).toEqual({ header: { code: SUCCESS_CODE, codeMsg: expect.any(String) }, data: { expiresIn: 300 } });
      const code = await devCode(mobile);
      expect(code).toMatch(/^\d{6}$/);
      const db = await openDatabase(server.database);
      try {
        const [row] = await rows<{ h: string }>(db, 'SELECT code_hash AS h FROM sms_codes WHERE mobile = ?', mobile);
        expect(row?.h).toMatch(/^scrypt\$/);
        expect(row?.h).not.toContain(code);
      } finally {
        await db.close();
      }
    });

    it('logs in with the code once; an unknown mobile becomes a visitor account without avatar', async () => {
      const mobile = '13600000002';
      await sendCode(mobile);
      const code = await devCode(mobile);
      const first = await postForm<LoginResult>(at(API_PATHS.codeLogin), { mobile, code });
      expect(first.body?.header.code).toBe(SUCCESS_CODE);
      expect(first.body?.data).toEqual({
        token: expect.any(String),
        mobile,
        sid: expect.stringMatching(/^S\d+$/),
        tid: expect.stringMatching(/^T\d+$/),
        schoolName: VISITOR_SCHOOL_NAME,
      });
      const again = await postForm<LoginResult>(at(API_PATHS.codeLogin), { mobile, code });
      expectRefusal(again, AUTH_MESSAGES.codeUsed);
      expect(again.body?.data.resultStr).toBe(AUTH_MESSAGES.codeUsed);
    });

    it('logs an existing account in by code with its own data', async () => {
      clock.advance(CODE_COUNTDOWN_SECONDS * 1000);
      await sendCode(withIcon.mobile);
      const reply = await postForm<LoginResult>(at(API_PATHS.codeLogin), {
        mobile: withIcon.mobile,
        code: await devCode(withIcon.mobile),
      });
      expect(reply.body?.data.schoolName).toBe(withIcon.schoolName);
      expect(reply.body?.data.teacherIcon).toBe(withIcon.teacherIcon);
    });

    it('refuses a code after 5 minutes', async () => {
      const mobile = '13600000003';
      await sendCode(mobile);
      const code = await devCode(mobile);
      clock.advance(CODE_TTL_SECONDS * 1000);
      const reply = await postForm<LoginResult>(at(API_PATHS.codeLogin), { mobile, code });
      expectRefusal(reply, AUTH_MESSAGES.codeExpired);
      expect(reply.body?.data.resultStr).toBe(AUTH_MESSAGES.codeExpired);
    });

    it('accepts a code just before it expires', async () => {
      const mobile = '13600000004';
      await sendCode(mobile);
      const code = await devCode(mobile);
      clock.advance(CODE_TTL_SECONDS * 1000 - 1000);
      const reply = await postForm(at(API_PATHS.codeLogin), { mobile, code });
      expect(reply.body?.header.code).toBe(SUCCESS_CODE);
    });

    it(`allows one code per mobile per ${CODE_COUNTDOWN_SECONDS} s, saying how long to wait`, async () => {
      const mobile = '13600000005';
      await sendCode(mobile);
      const firstCode = await devCode(mobile);
      clock.advance(20_000);
      expectRefusal(await sendCode(mobile), AUTH_MESSAGES.resendTooSoon(40));
      clock.advance(40_000);
      expect((await sendCode(mobile)).body?.header.code).toBe(SUCCESS_CODE);
      // The new code replaces the old one.
      const secondCode = await devCode(mobile);
      if (secondCode !== firstCode) {
        expectRefusal(await postForm(at(API_PATHS.codeLogin), { mobile, code: firstCode }), /^验证码错误/);
      }
      expect((await postForm(at(API_PATHS.codeLogin), { mobile, code: secondCode })).body?.header.code).toBe(SUCCESS_CODE);
    });

    it.each([
      ['no code', { mobile: '13600000006' }, MESSAGES.codeRequired],
      ['an empty code', { mobile: '13600000006', code: '  ' }, MESSAGES.codeRequired],
      ['letters', { mobile: '13600000006', code: 'abcdef' }, AUTH_MESSAGES.codeFormat],
      ['7 digits', { mobile: '13600000006', code: '1234567' }, AUTH_MESSAGES.codeFormat],
      ['a bad mobile', { mobile: '1360000000', code: '123456' }, MESSAGES.invalidMobile],
      ['a mobile that never asked for a code', { mobile: '13600000006', code: '123456' }, AUTH_MESSAGES.noCode],
    ])('refuses code login with %s', async (_name, fields, message) => {
      const reply = await postForm<LoginResult>(at(API_PATHS.codeLogin), fields);
      expectRefusal(reply, message);
      expect(reply.body?.data.resultStr).toBe(message);
    });

    it('refuses a bad mobile when sending a code', async () => {
      expectRefusal(await sendCode('23800138000'), MESSAGES.invalidMobile);
      expectRefusal(await postForm(at(API_PATHS.sendCode)), MESSAGES.invalidMobile);
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

    it('answers 404-in-envelope on the dev endpoint for a mobile without code', async () => {
      expectRefusal(await getJson(at('/__dev/codes/13999999999')), /验证码/);
    });
  });
});

describe('send-code limit per IP', () => {
  it('refuses the 4th code of the hour from one IP (loopback included), saying how many seconds to wait', async () => {
    const clock = manualClock();
    const server = await startServer({ now: clock.now, limits: { sendCodePerIpPerHour: 3 } });
    try {
      for (const mobile of ['13700000001', '13700000002', '13700000003']) {
        expect((await postForm(`${server.url}${API_PATHS.sendCode}`, { mobile })).body?.header.code).toBe(SUCCESS_CODE);
        clock.advance(60_000);
      }
      const refused = await postForm(`${server.url}${API_PATHS.sendCode}`, { mobile: '13700000004' });
      // The first code was sent 3 minutes ago: the hour ends in 57 minutes.
      expectRefusal(refused, AUTH_MESSAGES.clientTooMany(57 * 60));
      clock.advance(57 * 60_000);
      expect((await postForm(`${server.url}${API_PATHS.sendCode}`, { mobile: '13700000004' })).body?.header.code).toBe(
        SUCCESS_CODE,
      );
    } finally {
      await server.close();
    }
  });
});

describe('send-code under a burst from one IP', () => {
  /** The real hash, counted: which requests paid for one. */
  function countedHash() {
    const hashed: string[] = [];
    const hashCode = (code: string) => {
      hashed.push(code);
      return hashSecret(code);
    };
    return { hashed, hashCode };
  }

  const sendCodeTo = (server: TestServer, mobile: string) => postForm(`${server.url}${API_PATHS.sendCode}`, { mobile });
  const burst = (server: TestServer, mobiles: string[]) => Promise.all(mobiles.map((mobile) => sendCodeTo(server, mobile)));
  const isSent = (reply: Reply) => reply.body?.header.code === SUCCESS_CODE;

  it('hashes only for the codes it sends: the requests past the per-IP limit are refused before any hashing', async () => {
    const { hashed, hashCode } = countedHash();
    const server = await startServer({ now: manualClock().now, limits: { sendCodePerIpPerHour: 3 }, hashCode });
    try {
      const replies = await burst(server, Array.from({ length: 20 }, (_, i) => `1370000${1000 + i}`));
      expect(replies.filter(isSent)).toHaveLength(3);
      for (const refused of replies.filter((reply) => !isSent(reply))) expectRefusal(refused, AUTH_MESSAGES.clientTooMany(3600));
      expectRefusal(await sendCodeTo(server, '13700009999'), AUTH_MESSAGES.clientTooMany(3600));
      expect(hashed).toHaveLength(3);
    } finally {
      await server.close();
    }
  });

  it('sends one code to a mobile asked for many times at once, hashing once', async () => {
    const { hashed, hashCode } = countedHash();
    const server = await startServer({ now: manualClock().now, hashCode });
    try {
      const replies = await burst(server, Array.from({ length: 8 }, () => '13700002000'));
      expect(replies.filter(isSent)).toHaveLength(1);
      for (const refused of replies.filter((reply) => !isSent(reply))) {
        expectRefusal(refused, AUTH_MESSAGES.resendTooSoon(CODE_COUNTDOWN_SECONDS));
      }
      expect(hashed).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('gives the slot back when making the code fails: the retry is neither too soon nor too many', async () => {
    let failNext = true;
    const hashCode = (code: string) => {
      if (!failNext) return hashSecret(code);
      failNext = false;
      return Promise.reject(new Error('hash failed'));
    };
    const server = await startServer({ now: manualClock().now, limits: { sendCodePerIpPerHour: 1 }, hashCode });
    try {
      expect(isSent(await sendCodeTo(server, '13700003000'))).toBe(false);
      expect(isSent(await sendCodeTo(server, '13700003000'))).toBe(true);
    } finally {
      await server.close();
    }
  });
});

describe('dev endpoints switched off', () => {
  it('does not register /__dev routes', async () => {
    const server = await startServer({ devEndpoints: false });
    try {
      await postForm(`${server.url}${API_PATHS.sendCode}`, { mobile: '13700000009' });
      const reply = await getJson(`${server.url}/__dev/codes/13700000009`);
      expect(reply.status).toBe(404);
      expect(reply.body?.header.code).toBe('404');
    } finally {
      await server.close();
    }
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
