import { API_PATHS, MESSAGES, SUCCESS_CODE, type LoginResult } from '@wenrun/shared/node';
import { openDatabase } from '../db/database';
import { hashToken } from '../security/hash';
import { expectRefusal, postForm, postJson, rows } from '../test/harness';
import { AUTH_MESSAGES } from './authMessages';
import { signInSite, withIcon, withoutIcon } from './authFixture';

describe('password login', () => {
  const { at, database } = signInSite();

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
    const db = await openDatabase(database());
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
});
