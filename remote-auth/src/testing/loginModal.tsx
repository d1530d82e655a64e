import { act, fireEvent, render, screen } from '@testing-library/react';
import { notify, type LoginResult } from '@wenrun/shared';
import { loginStore, uiStore } from '@wenrun/shared/stores';
import LoginModal from '../exposes/LoginModal';

/**
 * The login modal as a visitor meets it, for its tests by topic (exposes/LoginModal.*.test.tsx): rendered afresh for
 * each test with nobody logged in, and the visitor's steps (open, type, submit) by the labels the visitor reads.
 */
export const MOBILE = '13800138000';
export const REPLY: LoginResult = {
  token: 'token-1',
  mobile: MOBILE,
  teacherIcon: '/images/avatars/1.svg',
  sid: 'S1',
  tid: 'T1',
  schoolName: '明德实验小学',
};

/** A promise the test settles when it wants, to look at the form while the request is under way. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export function openModal() {
  act(() => uiStore.setShowLoginModal(true));
  return screen.getByRole('dialog', { name: '登录文润教育' });
}

export function field(label: string): HTMLInputElement {
  return screen.getByLabelText(label, { selector: 'input' });
}

export function type(label: string, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

/** The validation message tied to a field (aria-describedby), i.e. the one shown next to it. */
export function messageOf(label: string): string | null {
  const id = field(label).getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

export const submitButton = () => screen.getByRole('button', { name: '登录' });
export const submit = () => fireEvent.click(submitButton());
export const settle = () => act(async () => undefined);

/** Opens the modal, sends the password form filled in, and lets the (mocked) reply arrive. */
export async function submitPasswordForm(password: string) {
  openModal();
  type('手机号', MOBILE);
  type('密码', password);
  submit();
  await settle();
}

/** Each test of the file starts logged out with the modal rendered and closed, and leaves it closed. */
export function renderLoginModalForEachTest() {
  beforeEach(() => {
    loginStore.logout();
    jest.spyOn(notify, 'success').mockImplementation(() => '');
    render(<LoginModal />);
  });

  afterEach(() => {
    act(() => uiStore.setShowLoginModal(false));
    jest.restoreAllMocks();
  });
}
