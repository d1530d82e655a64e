import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { api, assetUrl, DEFAULT_RUNTIME_CONFIG, maskMobile, MESSAGES, notify, setRuntimeConfig } from '@wenrun/shared';
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

  it('logs out with 退出登录 once the server has ended the session, and says so', async () => {
    const info = jest.spyOn(notify, 'info').mockImplementation(() => '');
    let answer: (value: null) => void = () => undefined;
    const logout = jest.spyOn(api, 'logout').mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    render(<UserEntry />);
    act(() => loginStore.login(REPLY));
    fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
    expect(logout).toHaveBeenCalledWith({ token: REPLY.token });
    // Still logged in while the server has not answered; the button cannot be pressed twice.
    expect(loginStore.isLoggedIn).toBe(true);
    expect(screen.getByRole('button', { name: '退出登录' })).toBeDisabled();
    await act(async () => answer(null));
    expect(loginStore.isLoggedIn).toBe(false);
    expect(info).toHaveBeenCalledWith(MESSAGES.logoutSuccess);
    expect(screen.getByRole('button', { name: '登录' })).toBeInTheDocument();
  });

  describe('when the session could not be ended', () => {
    let server: Server;
    let answer: (response: ServerResponse) => void = () => undefined;

    beforeAll(async () => {
      // The page's origin may read the answers, as the API's CORS allows the site's pages.
      server = createServer((_request, response) => answer(response.setHeader('Access-Control-Allow-Origin', '*').setHeader('Connection', 'close')));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });
    afterAll(() => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    });
    afterEach(() => setRuntimeConfig(DEFAULT_RUNTIME_CONFIG));

    const apiAt = (url: string) => setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, apiBaseUrl: url });
    const local = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    // A dropped connection or a timeout takes the same path through the client (its own tests, and the browser test
    // of the attacker suite); jsdom's XMLHttpRequest keeps its timeout timer after a network error, 15 s of idle run.
    it.each([
      ['the API answers 502', () => {
        apiAt(local());
        answer = (response) => response.writeHead(502).end();
      }, MESSAGES.httpStatus(502)],
      ['the API refuses in its envelope', () => {
        apiAt(local());
        answer = (response) =>
          response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ header: { code: '429', codeMsg: '请求过于频繁，请40秒后再试' }, data: null }));
      }, '请求过于频繁，请40秒后再试'],
    ])('stays logged in, with the shared client\'s error toast, when %s', async (_case, arrange, message) => {
      const error = jest.spyOn(notify, 'error').mockImplementation(() => '');
      const info = jest.spyOn(notify, 'info').mockImplementation(() => '');
      arrange();
      render(<UserEntry />);
      act(() => loginStore.login(REPLY));
      fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
      await waitFor(() => expect(error).toHaveBeenCalledWith(message), { timeout: 5_000 });
      await waitFor(() => expect(screen.getByRole('button', { name: '退出登录' })).toBeEnabled());
      expect(loginStore.isLoggedIn).toBe(true);
      expect(info).not.toHaveBeenCalled();
    });
  });
});
