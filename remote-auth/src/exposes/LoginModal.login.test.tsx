import { act, fireEvent, screen } from '@testing-library/react';
import { api, ApiError, MESSAGES, notify, type LoginResult } from '@wenrun/shared';
import { DEFAULT_AVATAR, loginStore, uiStore } from '@wenrun/shared/stores';
import { failureMessage } from '../login/loginRequest';
import {
  deferred,
  field,
  MOBILE,
  openModal,
  renderLoginModalForEachTest,
  REPLY,
  settle,
  submit,
  submitButton,
  submitPasswordForm,
  type,
} from '../testing/loginModal';

renderLoginModalForEachTest();

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
