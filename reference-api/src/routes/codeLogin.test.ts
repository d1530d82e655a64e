import { API_PATHS, CODE_COUNTDOWN_SECONDS, MESSAGES, SUCCESS_CODE, type LoginResult } from '@wenrun/shared/node';
import { openDatabase } from '../db/database';
import { VISITOR_SCHOOL_NAME } from '../seed/accounts';
import { expectRefusal, getJson, postForm, rows, startServer } from '../test/harness';
import { CODE_TTL_SECONDS } from './auth';
import { AUTH_MESSAGES } from './authMessages';
import { signInSite, withIcon } from './authFixture';

describe('verification codes', () => {
  const { clock, at, sendCode, devCode, database } = signInSite();

  it('sends a 6-digit code valid 5 minutes, readable through the dev endpoint, stored only hashed', async () => {
    const mobile = '13600000001';
    const reply = await sendCode(mobile);
    expect(reply.body).toEqual({ header: { code: SUCCESS_CODE, codeMsg: expect.any(String) }, data: { expiresIn: 300 } });
    const code = await devCode(mobile);
    expect(code).toMatch(/^\d{6}$/);
    const db = await openDatabase(database());
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

  it('answers 404-in-envelope on the dev endpoint for a mobile without code', async () => {
    expectRefusal(await getJson(at('/__dev/codes/13999999999')), /验证码/);
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
