import { act, fireEvent, screen } from '@testing-library/react';
import { api, ApiError, CODE_COUNTDOWN_SECONDS, MESSAGES } from '@wenrun/shared';
import { uiStore } from '@wenrun/shared/stores';
import { field, messageOf, MOBILE, openModal, renderLoginModalForEachTest, settle, type } from '../testing/loginModal';

renderLoginModalForEachTest();

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
