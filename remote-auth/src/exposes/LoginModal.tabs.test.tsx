import { act, fireEvent, screen, within } from '@testing-library/react';
import { uiStore } from '@wenrun/shared/stores';
import { field, MOBILE, openModal, renderLoginModalForEachTest, type } from '../testing/loginModal';

renderLoginModalForEachTest();

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
