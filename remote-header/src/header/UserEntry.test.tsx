import { act, fireEvent, render, screen } from '@testing-library/react';
import { api, assetUrl, maskMobile, MESSAGES, notify } from '@wenrun/shared';
import { DEFAULT_AVATAR, loginStore, uiStore } from '@wenrun/shared/stores';
import { UserEntry } from './UserEntry';

const REPLY = { token: 't-1', mobile: '13800138000', sid: '1', tid: '2', schoolName: '实验小学' };

describe('UserEntry', () => {
  beforeEach(() => jest.spyOn(console, 'debug').mockImplementation(() => undefined));
  afterEach(() => {
    act(() => loginStore.logout());
    uiStore.setShowLoginModal(false);
    jest.restoreAllMocks();
  });

  it('offers 登录 to a visitor, which raises the login modal flag', () => {
    render(<UserEntry />);
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(uiStore.showLoginModal).toBe(true);
  });

  it('shows the avatar (from the API host) and the masked mobile at once after a login', () => {
    render(<UserEntry />);
    act(() => loginStore.login({ ...REPLY, teacherIcon: '/images/avatars/1.svg' }));
    expect(screen.getByTestId('header-user-mobile')).toHaveTextContent(maskMobile(REPLY.mobile));
    expect(screen.getByRole('presentation')).toHaveAttribute('src', assetUrl('/images/avatars/1.svg'));
    expect(screen.queryByRole('button', { name: '登录' })).toBeNull();
  });

  it('falls back to the default avatar when the login reply has none, or it does not load', () => {
    render(<UserEntry />);
    act(() => loginStore.login(REPLY));
    const avatar = screen.getByRole('presentation');
    expect(avatar).toHaveAttribute('src', assetUrl(DEFAULT_AVATAR));

    act(() => loginStore.login({ ...REPLY, teacherIcon: '/images/avatars/missing.svg' }));
    const broken = screen.getByRole('presentation');
    fireEvent.error(broken);
    expect(broken).toHaveAttribute('src', DEFAULT_AVATAR);
  });

  it('logs out with 退出登录 and says so, asking the server to end the session without waiting for it', () => {
    const info = jest.spyOn(notify, 'info').mockImplementation(() => '');
    // A network that never answers: the visitor is logged out all the same.
    const logout = jest.spyOn(api, 'logout').mockImplementation(() => new Promise(() => undefined));
    render(<UserEntry />);
    act(() => loginStore.login(REPLY));
    fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
    expect(logout).toHaveBeenCalledWith({ token: REPLY.token }, { hideError: true });
    expect(loginStore.isLoggedIn).toBe(false);
    expect(info).toHaveBeenCalledWith(MESSAGES.logoutSuccess);
    expect(screen.getByRole('button', { name: '登录' })).toBeInTheDocument();
  });
});
