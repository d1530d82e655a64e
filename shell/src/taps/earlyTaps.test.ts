import { EARLY_TAP_CAPTURE, EARLY_TAPS, stopHoldingTaps, type EarlyTapQueue } from './earlyTaps';
import { GIVE_UP_AFTER_MS, replayEarlyTaps } from './replayEarlyTaps';

/** A server-rendered page: markup without React, and the loader's capture running first. */
function serverPage(): { queue: EarlyTapQueue; button: HTMLButtonElement; form: HTMLFormElement; link: HTMLAnchorElement } {
  document.body.innerHTML = '<button type="button" id="login">登录</button><form id="search"><input name="q"><button>搜索</button></form><a href="/about/3" id="tab">精品课程</a>';
  // The capture is the loader's own text, run as the page runs it.
  new Function(EARLY_TAP_CAPTURE)();
  const queue = (window as unknown as Record<string, EarlyTapQueue>)[EARLY_TAPS] as EarlyTapQueue;
  return {
    queue,
    button: document.getElementById('login') as HTMLButtonElement,
    form: document.getElementById('search') as HTMLFormElement,
    link: document.getElementById('tab') as HTMLAnchorElement,
  };
}

/** What React does to a node it takes over: its props on the element. */
function makeLive(element: Element, props: object = {}): void {
  Object.assign(element, { [`__reactProps$test${Math.random().toString(36).slice(2)}`]: props });
}

const captures: EventListener[] = [];
const addEventListener = document.addEventListener.bind(document);
beforeEach(() => {
  jest.spyOn(document, 'addEventListener').mockImplementation((type, listener, options) => {
    captures.push(listener as EventListener);
    addEventListener(type, listener, options);
  });
});
afterEach(() => {
  for (const listener of captures.splice(0)) {
    document.removeEventListener('click', listener, true);
    document.removeEventListener('submit', listener, true);
  }
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('the capture the page runs before the app', () => {
  it('holds a tap on a control React does not handle yet, once however often it is tapped, and shows it is busy', () => {
    const { queue, button } = serverPage();
    const first = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(first);
    button.click();
    expect(first.defaultPrevented).toBe(true);
    expect(queue.list).toEqual([{ type: 'click', target: button }]);
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button.style.cursor).toBe('progress');
  });

  it('holds a form’s submission, so nothing is submitted natively and lost', () => {
    const { queue, form } = serverPage();
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(queue.list).toEqual([{ type: 'submit', target: form }]);
  });

  it('leaves links to the browser, and live controls to React', () => {
    const { queue, button, link } = serverPage();
    const follow = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(follow);
    makeLive(button);
    const handled = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(handled);
    expect(follow.defaultPrevented).toBe(false);
    expect(handled.defaultPrevented).toBe(false);
    expect(queue.list).toEqual([]);
  });

  it('stops holding once the app will not come: held controls look normal again and new taps reach the page', () => {
    const { queue, button } = serverPage();
    button.click();
    stopHoldingTaps(queue);
    expect(queue.list).toEqual([]);
    expect(button).not.toHaveAttribute('aria-busy');
    expect(button.style.opacity).toBe('');
    const reload = document.createElement('button');
    const onClick = jest.fn();
    reload.addEventListener('click', onClick);
    document.body.append(reload);
    reload.click();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(queue.list).toEqual([]);
  });
});

describe('replayEarlyTaps', () => {
  it('acts on each held tap once its control is live, asking React to hydrate it first', () => {
    jest.useFakeTimers();
    const { queue, button } = serverPage();
    button.click();
    const onClick = jest.fn();
    const root = { unstable_scheduleHydration: jest.fn() };
    replayEarlyTaps(root as never, queue);
    expect(root.unstable_scheduleHydration).toHaveBeenCalledWith(button);
    jest.advanceTimersByTime(500);
    expect(onClick).not.toHaveBeenCalled();

    makeLive(button);
    button.addEventListener('click', onClick);
    jest.advanceTimersByTime(500);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(queue.list).toEqual([]);
    expect(button).not.toHaveAttribute('aria-busy');
    expect(button.style.opacity).toBe('');
  });

  it('wakes for a tap made after the app started, and submits a held form through the app', () => {
    jest.useFakeTimers();
    const { queue, form } = serverPage();
    replayEarlyTaps({} as never, queue);
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    makeLive(form);
    const submitted = jest.fn((event: Event) => event.preventDefault());
    form.addEventListener('submit', submitted);
    jest.advanceTimersByTime(200);
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('lets go, saying so, of a tap whose control was rendered afresh or never comes alive', () => {
    jest.useFakeTimers();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { queue, button, form } = serverPage();
    button.click();
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    replayEarlyTaps({} as never, queue);
    button.remove();
    jest.advanceTimersByTime(100);
    expect(queue.list.map((tap) => tap.target)).toEqual([form]);
    jest.advanceTimersByTime(GIVE_UP_AFTER_MS);
    expect(queue.list).toEqual([]);
    expect(form).not.toHaveAttribute('aria-busy');
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
