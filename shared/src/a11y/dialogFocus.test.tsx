import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { useDialogFocus } from './dialogFocus';

/**
 * A dialog as Semantic's Modal renders it, given the hook's key handler; the test calls `onMount` and `onUnmount`
 * where the Modal would. The markup is HTML so that `hidden`, `inert` and inline styles read as in a page.
 */
function renderDialog(html: string, initialFocus: () => HTMLElement | null = () => null) {
  const opener = document.body.appendChild(document.createElement('button'));
  opener.textContent = '打开';
  opener.focus();
  const { result } = renderHook(() => useDialogFocus(initialFocus));
  render(<div role="dialog" onKeyDown={result.current.onKeyDown} dangerouslySetInnerHTML={{ __html: html }} />);
  return { opener, dialogFocus: result.current, dialog: screen.getByRole('dialog') };
}

const button = (name: string) => screen.getByRole('button', { name });

/** Presses Tab (or Shift+Tab) on the focused element; true when the trap moved the focus itself. */
function pressTab(shiftKey = false): boolean {
  const handledByBrowser = fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey });
  return !handledByBrowser;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('useDialogFocus: opening and closing', () => {
  it('moves the focus to the chosen control on opening and back to the opener on closing', () => {
    const { opener, dialogFocus } = renderDialog('<button>关闭</button><input aria-label="手机号">', () =>
      screen.getByRole('textbox', { name: '手机号' }),
    );
    act(() => dialogFocus.onMount());
    expect(screen.getByRole('textbox', { name: '手机号' })).toHaveFocus();
    act(() => dialogFocus.onUnmount());
    expect(opener).toHaveFocus();
  });

  it('leaves the focus alone on closing when the opener has left the page', () => {
    const { opener, dialogFocus } = renderDialog('<button>关闭</button>', () => button('关闭'));
    act(() => dialogFocus.onMount());
    opener.remove();
    act(() => dialogFocus.onUnmount());
    expect(button('关闭')).toHaveFocus();
  });

  it('opens without moving the focus when there is no control to give it to', () => {
    const { opener, dialogFocus } = renderDialog('<p>说明</p>');
    act(() => dialogFocus.onMount());
    expect(opener).toHaveFocus();
  });
});

describe('useDialogFocus: Tab stays inside', () => {
  const THREE_CONTROLS = '<button>第一</button><a href="tel:4000000000">热线</a><button>最后</button>';

  it('goes from the last control to the first with Tab', () => {
    renderDialog(THREE_CONTROLS);
    button('最后').focus();
    expect(pressTab()).toBe(true);
    expect(button('第一')).toHaveFocus();
  });

  it('goes from the first control to the last with Shift+Tab', () => {
    renderDialog(THREE_CONTROLS);
    button('第一').focus();
    expect(pressTab(true)).toBe(true);
    expect(button('最后')).toHaveFocus();
  });

  it('leaves the steps in between to the browser', () => {
    renderDialog(THREE_CONTROLS);
    button('第一').focus();
    expect(pressTab()).toBe(false);
    screen.getByRole('link', { name: '热线' }).focus();
    expect(pressTab(true)).toBe(false);
    expect(pressTab()).toBe(false);
  });

  it('takes a Shift+Tab from outside the controls to the last one', () => {
    const { dialog } = renderDialog(THREE_CONTROLS);
    // A key event the dialog hears while nothing inside it is focused, as when a click landed on its padding.
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(button('最后')).toHaveFocus();
  });

  it('ignores other keys and dialogs without controls', () => {
    renderDialog(THREE_CONTROLS);
    button('最后').focus();
    expect(fireEvent.keyDown(button('最后'), { key: 'Enter' })).toBe(true);
    expect(button('最后')).toHaveFocus();

    document.body.innerHTML = '';
    const { dialog } = renderDialog('<p>说明</p>');
    expect(fireEvent.keyDown(dialog, { key: 'Tab' })).toBe(true);
  });

  it('counts controls as shown without asking for layout, which jsdom does not have', () => {
    renderDialog(THREE_CONTROLS);
    expect(button('第一').getClientRects()).toHaveLength(0);
    button('最后').focus();
    pressTab();
    expect(button('第一')).toHaveFocus();
  });

  it.each([
    ['a control taken out of the tab order', '<button tabindex="-1">跳过</button>'],
    ['a disabled control', '<button disabled>跳过</button>'],
    ['a control in a disabled fieldset', '<fieldset disabled><input aria-label="跳过"></fieldset>'],
    ['an input of type hidden', '<input type="hidden" value="x">'],
    ['a hidden control', '<button hidden>跳过</button>'],
    ['a control in a hidden part', '<div hidden><button>跳过</button></div>'],
    ['a control in an inert part', '<div inert><button>跳过</button></div>'],
    ['a control in a part not displayed', '<div style="display: none"><button>跳过</button></div>'],
    ['a control in an invisible part', '<div style="visibility: hidden"><button>跳过</button></div>'],
  ])('skips %s at either end', (_case, skipped) => {
    renderDialog(`${skipped}<button>第一</button><button>最后</button>${skipped}`);
    button('最后').focus();
    pressTab();
    expect(button('第一')).toHaveFocus();
    pressTab(true);
    expect(button('最后')).toHaveFocus();
  });

  it('stops at selects, text areas and elements given a tab index', () => {
    renderDialog('<select aria-label="学段"><option>小学</option></select><textarea aria-label="留言"></textarea>');
    screen.getByRole('textbox', { name: '留言' }).focus();
    pressTab();
    expect(screen.getByRole('combobox', { name: '学段' })).toHaveFocus();

    document.body.innerHTML = '';
    renderDialog('<div tabindex="0">说明</div><button>最后</button>');
    button('最后').focus();
    pressTab();
    expect(screen.getByText('说明')).toHaveFocus();
  });
});
