import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { alertDialog, confirmDialog, Dialogs } from './dialog';

describe('app-wide dialogs', () => {
  it('a confirm opens with the focus on 取消, keeps Tab inside, and resolves with the answer', async () => {
    render(<Dialogs />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirmDialog({ title: '退出登录', content: '确定要退出登录吗？' });
    });
    const cancel = await screen.findByRole('button', { name: '取消' });
    const confirm = screen.getByRole('button', { name: '确定' });
    await waitFor(() => expect(cancel).toHaveFocus());

    // The browser moves between the two itself; the dialog wraps at its ends.
    fireEvent.keyDown(cancel, { key: 'Tab', shiftKey: true });
    expect(confirm).toHaveFocus();
    fireEvent.keyDown(confirm, { key: 'Tab' });
    expect(cancel).toHaveFocus();

    fireEvent.click(confirm);
    await expect(answer).resolves.toBe(true);
  });

  it('an alert has one button, focused', async () => {
    render(<Dialogs />);
    act(() => {
      void alertDialog({ title: '提示', content: '留言已提交' });
    });
    const ok = await screen.findByRole('button', { name: '知道了' });
    await waitFor(() => expect(ok).toHaveFocus());
    expect(screen.queryByRole('button', { name: '取消' })).toBeNull();
  });
});
