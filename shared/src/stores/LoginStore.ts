import { action, makeObservable, observable, computed } from 'mobx';
// Through the package's public surface, not its files: the page then holds one copy of what both entries use.
import { LOGIN_STORAGE_KEY, storedLoginSchema, type LoginResult, type LoginState } from '@wenrun/shared';
import defaultAvatar from './default-avatar.svg';
import { persistStore } from './persist';

export type { LoginState };

const LOGGED_OUT: LoginState = { token: '', mobile: '', sid: '', tid: '', schoolName: '', avatar: '' };

export const DEFAULT_AVATAR = defaultAvatar;

/** docs/SPEC.md §3: who is logged in. One object in the page, shared by every remote through `shared`. */
export class LoginStore implements LoginState {
  token = '';
  mobile = '';
  sid = '';
  tid = '';
  schoolName = '';
  avatar = '';

  constructor() {
    makeObservable(this, {
      token: observable,
      mobile: observable,
      sid: observable,
      tid: observable,
      schoolName: observable,
      avatar: observable,
      isLoggedIn: computed,
      snapshot: computed,
      login: action,
      logout: action,
      restore: action,
    });
  }

  get isLoggedIn(): boolean {
    return this.token !== '';
  }

  get snapshot(): LoginState {
    const { token, mobile, sid, tid, schoolName, avatar } = this;
    return { token, mobile, sid, tid, schoolName, avatar };
  }

  /** Stores a successful login reply; `teacherIcon` is the avatar, the default one when missing. */
  login(result: LoginResult): void {
    this.restore({
      token: String(result.token ?? ''),
      mobile: String(result.mobile ?? ''),
      sid: String(result.sid ?? ''),
      tid: String(result.tid ?? ''),
      schoolName: String(result.schoolName ?? ''),
      avatar: result.teacherIcon ? String(result.teacherIcon) : DEFAULT_AVATAR,
    });
  }

  logout(): void {
    this.restore(null);
  }

  restore(state: LoginState | null): void {
    Object.assign(this, state ?? LOGGED_OUT);
    // docs/SPEC.md §6: token presence is read only for this debug log, which exists only in development builds.
    if (process.env.NODE_ENV === 'development') {
      console.debug(`[login] token ${this.isLoggedIn ? 'present' : 'absent'}`);
    }
  }
}

export const loginStore = new LoginStore();

if (typeof window !== 'undefined') {
  persistStore({
    id: 'login',
    key: LOGIN_STORAGE_KEY,
    storage: 'local',
    schema: storedLoginSchema,
    snapshot: () => loginStore.snapshot,
    restore: (value) => loginStore.restore(value),
  });
}
