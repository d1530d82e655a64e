import { fireEvent, screen } from '@testing-library/react';
import { api, MESSAGES } from '@wenrun/shared';
import { field, messageOf, MOBILE, openModal, renderLoginModalForEachTest, submit, type } from '../testing/loginModal';

renderLoginModalForEachTest();

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
