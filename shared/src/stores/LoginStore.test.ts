import { LOGIN_STORAGE_KEY } from '../constants';
import { DEFAULT_AVATAR, LoginStore } from './LoginStore';

const reply = { token: 't-1', mobile: '13800138000', sid: '7', tid: '9', schoolName: '实验小学' };

describe('LoginStore', () => {
  beforeEach(() => jest.spyOn(console, 'debug').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('is logged in exactly when a token is present', () => {
    const store = new LoginStore();
    expect(store.isLoggedIn).toBe(false);
    store.login({ ...reply, teacherIcon: '/images/avatars/1.svg' });
    expect(store.isLoggedIn).toBe(true);
    expect(store.avatar).toBe('/images/avatars/1.svg');
    store.logout();
    expect(store.snapshot).toEqual({ token: '', mobile: '', sid: '', tid: '', schoolName: '', avatar: '' });
  });

  it('uses the default avatar when the reply has no teacherIcon', () => {
    const store = new LoginStore();
    store.login(reply);
    expect(store.avatar).toBe(DEFAULT_AVATAR);
  });
});

// e2e/tests/storage.spec.ts plants each of these before the site's scripts and logs in after, in the browser, for
// two of them; the rest are here, against the store as the page loads it.
describe('the login kept in local storage, holding a value of a foreign shape', () => {
  beforeEach(() => {
    localStorage.clear();
    jest.spyOn(console, 'debug').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it.each([
    ['the right keys with the wrong types', JSON.stringify({ token: 42, mobile: ['138'], sid: null })],
    ['another app’s object', JSON.stringify({ user: { id: 7, name: 'someone' }, expires: '2030-01-01' })],
    ['JSON null', 'null'],
    ['a prototype-polluting object', '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'],
    ['binary junk', '\u0000\uFFFD\uD83D\u0007{"token"'],
  ])('%s: the store starts logged out, the value is thrown away with a warning, a login is kept', async (_name, value) => {
    localStorage.setItem(LOGIN_STORAGE_KEY, value);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await jest.isolateModulesAsync(async () => {
      const { loginStore } = await import('./LoginStore');
      expect(loginStore.isLoggedIn).toBe(false);
      expect(localStorage.getItem(LOGIN_STORAGE_KEY)).toBeNull();
      expect(warn.mock.calls.some((args) => args.join(' ').includes(LOGIN_STORAGE_KEY))).toBe(true);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      loginStore.login(reply);
      expect(JSON.parse(localStorage.getItem(LOGIN_STORAGE_KEY) ?? 'null')).toMatchObject({ token: reply.token, mobile: reply.mobile });
    });
  });
});
