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
