import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { api, ApiError, CODE_COUNTDOWN_SECONDS, MESSAGES, notify, type LoginResult } from '@wenrun/shared';
import { DEFAULT_AVATAR, loginStore, uiStore } from '@wenrun/shared/stores';
import LoginModal from './LoginModal';
import { failureMessage } from '../login/loginRequest';

const MOBILE = '13800138000';
const REPLY: LoginResult = {
  token: 'token-1',
  mobile: MOBILE,
  teacherIcon: '/images/avatars/1.svg',
  sid: 'S1',
  tid: 'T1',
  schoolName: '明德实验小学',
};

/** A promise the test settles when it wants, to look at the form while the request is under way. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function openModal() {
  act(() => uiStore.setShowLoginModal(true));
  return screen.getByRole('dialog', { name: '登录文润教育' });
}

function field(label: string): HTMLInputElement {
  return screen.getByLabelText(label, { selector: 'input' });
}

function type(label: string, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

/** The validation message tied to a field (aria-describedby), i.e. the one shown next to it. */
function messageOf(label: string): string | null {
  const id = field(label).getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

const submitButton = () => screen.getByRole('button', { name: '登录' });
const submit = () => fireEvent.click(submitButton());
const settle = () => act(async () => undefined);

/** Opens the modal, sends the password form filled in, and lets the (mocked) reply arrive. */
async function submitPasswordForm(password: string) {
  openModal();
  type('手机号', MOBILE);
  type('密码', password);
  submit();
  await settle();
}

beforeEach(() => {
  loginStore.logout();
  jest.spyOn(notify, 'success').mockImplementation(() => '');
  render(<LoginModal />);
});

afterEach(() => {
  act(() => uiStore.setShowLoginModal(false));
  jest.restoreAllMocks();
});

describe('LoginModal: tabs and focus', () => {
  it('is hidden until the flag is raised, then opens on password login with the focus in the mobile field', () => {
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const dialog = openModal();
    expect(within(dialog).getByRole('tab', { name: '密码登录' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('tab', { name: '验证码登录' })).toHaveAttribute('aria-selected', 'false');
    expect(field('手机号')).toHaveFocus();
    expect(field('密码')).toHaveAttribute('type', 'password');
  });

  it('moves between the tabs with the arrow keys, Home and End, one tab stop at a time', () => {
    openModal();
    const passwordTab = screen.getByRole('tab', { name: '密码登录' });
    const codeTab = screen.getByRole('tab', { name: '验证码登录' });
    expect(passwordTab).toHaveAttribute('tabindex', '0');
    expect(codeTab).toHaveAttribute('tabindex', '-1');

    fireEvent.keyDown(passwordTab, { key: 'ArrowRight' });
    expect(codeTab).toHaveAttribute('aria-selected', 'true');
    expect(codeTab).toHaveFocus();
    expect(codeTab).toHaveAttribute('tabindex', '0');
    expect(field('验证码')).toBeInTheDocument();
    expect(screen.getByRole('tabpanel')).toHaveAttribute('id', codeTab.getAttribute('aria-controls'));

    fireEvent.keyDown(codeTab, { key: 'ArrowRight' });
    expect(passwordTab).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(passwordTab, { key: 'End' });
    expect(codeTab).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(codeTab, { key: 'Home' });
    expect(passwordTab).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(passwordTab, { key: 'ArrowLeft' });
    expect(codeTab).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps the typed mobile when switching tabs and when closed and reopened', () => {
    openModal();
    type('手机号', MOBILE);
    fireEvent.click(screen.getByRole('tab', { name: '验证码登录' }));
    expect(field('手机号')).toHaveValue(MOBILE);
    act(() => uiStore.setShowLoginModal(false));
    openModal();
    expect(screen.getByRole('tab', { name: '验证码登录' })).toHaveAttribute('aria-selected', 'true');
    expect(field('手机号')).toHaveValue(MOBILE);
    // The mobile is there, so the focus goes to the first field still to fill in.
    expect(field('验证码')).toHaveFocus();
  });

  it('closes with the close button and with Esc, forgetting a typed password but not the mobile', () => {
    openModal();
    type('手机号', MOBILE);
    type('密码', 'half-typed');
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(uiStore.showLoginModal).toBe(false);
    openModal();
    expect(field('手机号')).toHaveValue(MOBILE);
    expect(field('密码')).toHaveValue('');
    fireEvent.keyDown(document, { key: 'Escape', keyCode: 27 });
    expect(uiStore.showLoginModal).toBe(false);
  });
});

describe('LoginModal: validation (docs/SPEC.md §5)', () => {
  it('shows the mobile message next to the mobile field first, focused, and sends nothing', () => {
    const login = jest.spyOn(api, 'passwordLogin');
    openModal();
    submit();
    expect(messageOf('手机号')).toBe(MESSAGES.invalidMobile);
    expect(messageOf('密码')).toBe(MESSAGES.passwordRequired);
    expect(field('手机号')).toHaveFocus();
    expect(field('手机号')).toHaveAttribute('aria-invalid', 'true');
    expect(login).not.toHaveBeenCalled();
  });

  it.each(['1380013800', '11800138000', '1380013800a', '23800138000', '138 0013 8000'])(
    'refuses the mobile %p',
    (mobile) => {
      openModal();
      type('手机号', mobile);
      type('密码', 'secret');
      submit();
      expect(messageOf('手机号')).toBe(MESSAGES.invalidMobile);
      expect(messageOf('密码')).toBeNull();
    },
  );

  it('asks for the password, focusing it, once the mobile is right', () => {
    openModal();
    type('手机号', MOBILE);
    submit();
    expect(messageOf('手机号')).toBeNull();
    expect(messageOf('密码')).toBe(MESSAGES.passwordRequired);
    expect(field('密码')).toHaveFocus();
  });

  it('asks for the code on the code tab', () => {
    const login = jest.spyOn(api, 'codeLogin');
    openModal();
    fireEvent.click(screen.getByRole('tab', { name: '验证码登录' }));
    type('手机号', MOBILE);
    type('验证码', '   ');
    submit();
    expect(messageOf('验证码')).toBe(MESSAGES.codeRequired);
    expect(field('验证码')).toHaveFocus();
    expect(login).not.toHaveBeenCalled();
  });

  it('takes a message away as soon as its field is edited', () => {
    openModal();
    submit();
    type('手机号', '1');
    expect(messageOf('手机号')).toBeNull();
    expect(messageOf('密码')).toBe(MESSAGES.passwordRequired);
  });
});

describe('LoginModal: send code (docs/SPEC.md §4)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const sendButton = () => screen.getByRole('button', { name: /^(获取验证码|重新获取|\d+s)$/ });

  it('sends nothing for a wrong mobile and says why next to it', () => {
    const send = jest.spyOn(api, 'sendCode');
    openModal();
    fireEvent.click(screen.getByRole('tab', { name: '验证码登录' }));
    type('手机号', '12345');
    fireEvent.click(sendButton());
    expect(send).not.toHaveBeenCalled();
    expect(messageOf('手机号')).toBe(MESSAGES.invalidMobile);
    expect(field('手机号')).toHaveFocus();
  });

  it('sends one request for a double click, counts down through close and reopen, then offers a retry', async () => {
    const send = jest.spyOn(api, 'sendCode').mockResolvedValue({ expiresIn: 300 });
    openModal();
    fireEvent.click(screen.getByRole('tab', { name: '验证码登录' }));
    type('手机号', ` ${MOBILE} `);
    expect(sendButton()).toHaveTextContent(MESSAGES.sendCode);
    fireEvent.click(sendButton());
    fireEvent.click(sendButton());
    await settle();
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ mobile: MOBILE });
    expect(sendButton()).toHaveTextContent(`${CODE_COUNTDOWN_SECONDS}s`);
    expect(sendButton()).toBeDisabled();
    expect(field('验证码')).toHaveFocus();

    act(() => jest.advanceTimersByTime(1000));
    expect(sendButton()).toHaveTextContent(`${CODE_COUNTDOWN_SECONDS - 1}s`);
    act(() => uiStore.setShowLoginModal(false));
    act(() => jest.advanceTimersByTime(10_000));
    openModal();
    expect(sendButton()).toHaveTextContent(`${CODE_COUNTDOWN_SECONDS - 11}s`);
    expect(sendButton()).toBeDisabled();

    act(() => jest.advanceTimersByTime((CODE_COUNTDOWN_SECONDS - 12) * 1000));
    expect(sendButton()).toHaveTextContent('1s');
    act(() => jest.advanceTimersByTime(1000));
    expect(sendButton()).toHaveTextContent(MESSAGES.retryCode);
    expect(sendButton()).toBeEnabled();
  });

  it('shows a refused request in the form and leaves the button usable', async () => {
    const refusal = '验证码已发送，请30秒后再重新获取';
    const send = jest.spyOn(api, 'sendCode').mockRejectedValue(new ApiError('envelope', refusal, '429', null));
    openModal();
    fireEvent.click(screen.getByRole('tab', { name: '验证码登录' }));
    type('手机号', '13900139000');
    fireEvent.click(sendButton());
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent(refusal);
    expect(sendButton()).toBeEnabled();
    expect(sendButton()).not.toHaveClass('loading');
    fireEvent.click(sendButton());
    expect(send).toHaveBeenCalledTimes(2);
    await settle();
  });
});

describe('LoginModal: logging in (docs/SPEC.md §7, §8)', () => {
  it('logs in with the password once however often it is asked, fills the store, says 登录成功 and hides', async () => {
    const reply = deferred<LoginResult>();
    const login = jest.spyOn(api, 'passwordLogin').mockReturnValue(reply.promise);
    openModal();
    type('手机号', MOBILE);
    type('密码', 'Wenrun@2026');
    submit();
    expect(submitButton()).toHaveClass('loading');
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
    submit();
    fireEvent.submit(submitButton().closest('form') as HTMLFormElement);
    expect(login).toHaveBeenCalledTimes(1);
    // A refusal is toasted by the shared client with what the form shows (docs/SPEC.md §8: data.resultStr).
    expect(login).toHaveBeenCalledWith({ mobile: MOBILE, password: 'Wenrun@2026' }, { describeError: failureMessage });

    await act(async () => reply.resolve(REPLY));
    expect(loginStore.snapshot).toEqual({
      token: REPLY.token,
      mobile: MOBILE,
      sid: REPLY.sid,
      tid: REPLY.tid,
      schoolName: REPLY.schoolName,
      avatar: REPLY.teacherIcon,
    });
    expect(notify.success).toHaveBeenCalledWith(MESSAGES.loginSuccess);
    expect(uiStore.showLoginModal).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // The next visitor at this browser starts from an empty form.
    openModal();
    expect(field('手机号')).toHaveValue('');
    expect(field('密码')).toHaveValue('');
  });

  it('uses the default avatar when the reply has no teacherIcon', async () => {
    jest.spyOn(api, 'passwordLogin').mockResolvedValue({ ...REPLY, teacherIcon: undefined });
    await submitPasswordForm('Jiaoshi@2026');
    expect(loginStore.avatar).toBe(DEFAULT_AVATAR);
  });

  it('logs in with the code, trimmed', async () => {
    const login = jest.spyOn(api, 'codeLogin').mockResolvedValue(REPLY);
    openModal();
    fireEvent.click(screen.getByRole('tab', { name: '验证码登录' }));
    type('手机号', MOBILE);
    type('验证码', ' 123456 ');
    submit();
    await settle();
    expect(login).toHaveBeenCalledWith({ mobile: MOBILE, code: '123456' }, { describeError: failureMessage });
    expect(loginStore.isLoggedIn).toBe(true);
  });

  it.each([
    ['a refusal with resultStr', new ApiError('envelope', '未授权', '401', { resultStr: '手机号或密码错误' }), '手机号或密码错误'],
    ['a refusal without data', new ApiError('envelope', '账号已停用', '403', null), '账号已停用'],
    ['a network failure', new ApiError('network', MESSAGES.network), MESSAGES.network],
    ['a timeout', new ApiError('timeout', MESSAGES.timeout), MESSAGES.timeout],
    ['an HTTP failure', new ApiError('http', MESSAGES.httpStatus(502), undefined, undefined, 502), MESSAGES.httpStatus(502)],
    ['something unexpected', new TypeError('boom'), MESSAGES.envelopeFallback],
  ])('shows %s in the form, keeps what was typed and can be sent again', async (_case, error, shown) => {
    const login = jest.spyOn(api, 'passwordLogin').mockRejectedValueOnce(error).mockResolvedValueOnce(REPLY);
    await submitPasswordForm('typed-password');
    expect(screen.getByRole('alert')).toHaveTextContent(shown);
    expect(field('手机号')).toHaveValue(MOBILE);
    expect(field('密码')).toHaveValue('typed-password');
    expect(submitButton()).not.toHaveClass('loading');
    expect(loginStore.isLoggedIn).toBe(false);
    expect(notify.success).not.toHaveBeenCalled();

    submit();
    await settle();
    expect(login).toHaveBeenCalledTimes(2);
    expect(loginStore.isLoggedIn).toBe(true);
  });

  it.each([
    ['without a token', { ...REPLY, token: '' }, MESSAGES.badResponse],
    ['with only resultStr', { resultStr: '账号未激活' }, '账号未激活'],
    ['that is not an object', null, MESSAGES.badResponse],
  ])('does not log in on a "200" reply %s', async (_case, reply, shown) => {
    jest.spyOn(api, 'passwordLogin').mockResolvedValue(reply as LoginResult);
    await submitPasswordForm('typed-password');
    expect(screen.getByRole('alert')).toHaveTextContent(shown);
    expect(loginStore.snapshot.token).toBe('');
    expect(uiStore.showLoginModal).toBe(true);
  });
});
