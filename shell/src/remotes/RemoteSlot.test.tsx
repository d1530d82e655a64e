import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { DEFAULT_RUNTIME_CONFIG } from '@wenrun/shared';
import { RemoteSlot, retryDelayMs } from './RemoteSlot';
import { registerSiteRemotes, reloadRemote } from './registry';
import { expectHydration, onRecoverableError, readHydrationMismatches, SlotsFailedOnServerProvider } from './slotStatus';

// The real registry and slot; only the federation runtime underneath is the test's.
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn(), registerPlugins: jest.fn(), registerGlobalPlugins: jest.fn() }));
const load = jest.mocked(loadRemote);

function Greeting({ name }: { name: string }) {
  return <p>你好，{name}</p>;
}

function Broken(): never {
  throw new Error('boom');
}

/** A load the test answers when it wants. */
function heldLoad() {
  let answer: (module: unknown) => void = () => undefined;
  load.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
  return (module: unknown) => act(async () => answer(module));
}

describe('RemoteSlot', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    load.mockReset();
    jest.mocked(registerRemotes).mockReset();
    registerSiteRemotes(DEFAULT_RUNTIME_CONFIG);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('backs off 1 s, 2 s, 4 s … up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('keeps the slot size while loading, then renders the module with its props', async () => {
    const answer = heldLoad();
    const { container } = render(
      <RemoteSlot remote="header" module="./SearchResults" props={{ name: '老师' }} label="搜索结果" minHeight={64} />,
    );
    expect(container.querySelector('.remote-slot--loading')).toHaveStyle({ minHeight: '64px' });
    await answer({ default: Greeting });
    expect(await screen.findByText('你好，老师')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('header/SearchResults');
  });

  it('shows a Chinese fallback in its place when loading fails, and recovers on retry', async () => {
    load.mockRejectedValueOnce(new Error('down')).mockResolvedValue({ default: Greeting });
    render(<RemoteSlot remote="auth" module="./LoginModal" props={{ name: '老师' }} label="登录" minHeight={64} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('登录暂时无法加载');
    await act(async () => {
      jest.advanceTimersByTime(retryDelayMs(0));
    });
    expect(await screen.findByText('你好，老师')).toBeInTheDocument();
  });

  it('keeps saying what is wrong while a retry is on its way, and shows the module once it comes', async () => {
    // The login module was loaded by the test above: this page has not loaded it yet.
    reloadRemote('auth');
    load.mockRejectedValueOnce(new Error('down'));
    const answer = heldLoad();
    const { container } = render(<RemoteSlot remote="auth" module="./LoginModal" props={{ name: '老师' }} label="登录" minHeight={64} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('登录暂时无法加载');
    await act(async () => {
      jest.advanceTimersByTime(retryDelayMs(0));
    });
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('alert')).toHaveTextContent('正在自动重试');
    expect(container.querySelector('.remote-slot--loading')).toBeNull();
    await answer({ default: Greeting });
    expect(await screen.findByText('你好，老师')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('treats a module that throws while rendering as failed, without taking the page down', async () => {
    load.mockResolvedValue({ default: Broken });
    render(
      <div>
        <p>页面其余部分</p>
        <RemoteSlot remote="about" module="./AboutPage" props={{}} label="关于我们页面" minHeight={200} />
      </div>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('关于我们页面暂时无法加载');
    expect(screen.getByText('页面其余部分')).toBeInTheDocument();
  });

  it('hydrates the server markup of a slot: the very nodes stay, nothing is reported', async () => {
    load.mockResolvedValueOnce({ default: Greeting });
    const slot = <RemoteSlot remote="wuyou" module="./ActivityPage" props={{ name: '老师' }} label="活动页面" minHeight={100} />;
    // The server has the module (loaded before it renders); so does this test's first load.
    const first = render(slot);
    await screen.findByText('你好，老师');
    first.unmount();
    const container = document.createElement('div');
    container.innerHTML = renderToString(slot);
    document.body.appendChild(container);
    const paragraph = container.querySelector('p');
    expect(paragraph).toHaveTextContent('你好，老师');

    expectHydration(['wuyou/ActivityPage']);
    await act(async () => {
      hydrateRoot(container, slot);
    });
    expect(container.querySelector('p')).toBe(paragraph);
    expect(console.warn).not.toHaveBeenCalledWith(expect.stringContaining('[hydration]'));
    container.remove();
  });

  it('starts from the fallback where the server could not render the slot, then retries', async () => {
    load.mockResolvedValue({ default: Greeting });
    render(
      <SlotsFailedOnServerProvider value={new Set(['header/Header'])}>
        <RemoteSlot remote="header" module="./Header" props={{ name: '老师' }} label="页头" minHeight={64} />
      </SlotsFailedOnServerProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('页头暂时无法加载');
    expect(load).not.toHaveBeenCalled();
    await act(async () => {
      jest.advanceTimersByTime(retryDelayMs(0));
    });
    expect(await screen.findByText('你好，老师')).toBeInTheDocument();
  });

  it('renders afresh only the slot whose server markup came from another version of the remote, and says so once', async () => {
    load.mockResolvedValue({ default: Greeting });
    const container = document.createElement('div');
    // What an older build of the header rendered on the server, in the slot's own boundary.
    container.innerHTML = renderToString(
      <div>
        <h2>页面其余部分</h2>
        <Suspense fallback={null}>
          <p>旧版本的页头</p>
        </Suspense>
      </div>,
    );
    document.body.appendChild(container);
    const rest = container.querySelector('h2');

    expectHydration(['header/Header']);
    await act(async () => {
      hydrateRoot(
        container,
        <div>
          <h2>页面其余部分</h2>
          <RemoteSlot remote="header" module="./Header" props={{ name: '老师' }} label="页头" minHeight={64} />
        </div>,
        { onRecoverableError },
      );
    });
    await act(async () => {
      jest.advanceTimersByTime(2000);
    });
    expect(container.querySelector('p')).toHaveTextContent('你好，老师');
    expect(container.querySelector('h2')).toBe(rest);
    const lines = jest.mocked(console.warn).mock.calls.map(([line]) => String(line)).filter((line) => line.startsWith('[hydration]'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[hydration\] header（header\/Header）/);
    // Counted in this browser, for the status page.
    expect(readHydrationMismatches()).toEqual({ header: 1 });
    container.remove();
  });
});
