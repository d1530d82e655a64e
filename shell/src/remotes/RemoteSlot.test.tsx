import { act, render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { DEFAULT_RUNTIME_CONFIG, track } from '@wenrun/shared';
import type { FederationRuntime } from './federationRuntime';
import { readHydrationMismatches } from './hydrationCounts';
import { RemoteSlot, retryDelayMs } from './RemoteSlot';
import { createRemoteLoader, type RemoteLoader } from './remoteLoader';
import { SlotsProvider } from './slotContext';
import { watchSlotHydration, type SlotHydration } from './slotHydration';

// A mismatch is reported to the stats host: caught here. Sent for real, jsdom's request to a host no test runs
// stayed open past the file's end and held the Jest worker ("A worker process has failed to exit gracefully").
jest.mock('@wenrun/shared', () => ({ ...jest.requireActual('@wenrun/shared'), track: jest.fn() }));

// The real loader and slot; only the federation runtime underneath is the test's.
const load = jest.fn<Promise<unknown>, [string]>();
const runtime = { loadRemote: load, registerRemotes: jest.fn(), registerPlugins: jest.fn() } as unknown as FederationRuntime;
/** Each test's page: a loader of its own, and its slots' hydration. */
let loader: RemoteLoader;

function page(children: ReactNode, hydration: SlotHydration = watchSlotHydration()) {
  return (
    <SlotsProvider loader={loader} hydration={hydration}>
      {children}
    </SlotsProvider>
  );
}

const hydrationLines = () => jest.mocked(console.warn).mock.calls.map(([line]) => String(line)).filter((line) => line.startsWith('[hydration]'));

/** Server markup in a container of the document, as the browser receives it. */
function serverMarkup(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  return container;
}

const hydrated: Root[] = [];

/** Hydrates the server's markup as the bootstrap does, React's recoverable errors told to the page's hydration. */
async function hydrate(container: HTMLElement, children: ReactNode, hydration: SlotHydration) {
  await act(async () => {
    hydrated.push(hydrateRoot(container, page(children, hydration), { onRecoverableError: hydration.onRecoverableError }));
  });
}

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
    jest.mocked(track).mockClear();
    loader = createRemoteLoader(DEFAULT_RUNTIME_CONFIG, runtime);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    hydrated.splice(0).forEach((root) => act(() => root.unmount()));
    document.body.replaceChildren();
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('backs off 1 s, 2 s, 4 s … up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('keeps the slot size while loading, then renders the module with its props', async () => {
    const answer = heldLoad();
    const { container } = render(
      page(<RemoteSlot remote="header" module="./SearchResults" props={{ name: '老师' }} label="搜索结果" minHeight={64} />),
    );
    expect(container.querySelector('.remote-slot--loading')).toHaveStyle({ minHeight: '64px' });
    await answer({ default: Greeting });
    expect(await screen.findByText('你好，老师')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('header/SearchResults');
  });

  it('shows a Chinese fallback in its place when loading fails, and recovers on retry', async () => {
    load.mockRejectedValueOnce(new Error('down')).mockResolvedValue({ default: Greeting });
    render(page(<RemoteSlot remote="auth" module="./LoginModal" props={{ name: '老师' }} label="登录" minHeight={64} />));
    expect(await screen.findByRole('alert')).toHaveTextContent('登录暂时无法加载');
    await act(async () => {
      jest.advanceTimersByTime(retryDelayMs(0));
    });
    expect(await screen.findByText('你好，老师')).toBeInTheDocument();
  });

  it('keeps saying what is wrong while a retry is on its way, and shows the module once it comes', async () => {
    load.mockRejectedValueOnce(new Error('down'));
    const answer = heldLoad();
    const { container } = render(page(<RemoteSlot remote="auth" module="./LoginModal" props={{ name: '老师' }} label="登录" minHeight={64} />));
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
      page(
        <div>
          <p>页面其余部分</p>
          <RemoteSlot remote="about" module="./AboutPage" props={{}} label="关于我们页面" minHeight={200} />
        </div>,
      ),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('关于我们页面暂时无法加载');
    expect(screen.getByText('页面其余部分')).toBeInTheDocument();
  });

  it('hydrates the server markup of a slot: the very nodes stay, nothing is reported', async () => {
    load.mockResolvedValueOnce({ default: Greeting });
    const slot = <RemoteSlot remote="wuyou" module="./ActivityPage" props={{ name: '老师' }} label="活动页面" minHeight={100} />;
    // The server has the module (loaded before it renders); so does the browser's page (the bootstrap's preload).
    await loader.load('wuyou', './ActivityPage');
    const container = serverMarkup(renderToString(page(slot)));
    const paragraph = container.querySelector('p');
    expect(paragraph).toHaveTextContent('你好，老师');

    const hydration = watchSlotHydration({ awaiting: ['wuyou/ActivityPage'] });
    await hydrate(container, slot, hydration);
    expect(container.querySelector('p')).toBe(paragraph);
    expect(hydrationLines()).toEqual([]);
  });

  it('hydrates from the fallback where the server could not render the slot, then retries', async () => {
    load.mockResolvedValue({ default: Greeting });
    const slot = <RemoteSlot remote="header" module="./Header" props={{ name: '老师' }} label="页头" minHeight={64} />;
    const failedOnServer = ['header/Header'];
    const container = serverMarkup(renderToString(page(slot, watchSlotHydration({ failedOnServer }))));
    expect(container).toHaveTextContent('页头暂时无法加载');

    const hydration = watchSlotHydration({ failedOnServer });
    await hydrate(container, slot, hydration);
    expect(screen.getByRole('alert')).toHaveTextContent('页头暂时无法加载');
    expect(load).not.toHaveBeenCalled();
    expect(hydrationLines()).toEqual([]);
    await act(async () => {
      jest.advanceTimersByTime(retryDelayMs(0));
    });
    expect(await screen.findByText('你好，老师')).toBeInTheDocument();
  });

  it('loads at once when mounted after the page’s hydration, whatever the server said of the first page', async () => {
    load.mockResolvedValue({ default: Greeting });
    render(
      page(
        <RemoteSlot remote="header" module="./Header" props={{ name: '老师' }} label="页头" minHeight={64} />,
        watchSlotHydration({ failedOnServer: ['header/Header'] }),
      ),
    );
    expect(await screen.findByText('你好，老师')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('renders afresh only the slot whose server markup came from another version of the remote, and says so once', async () => {
    load.mockResolvedValue({ default: Greeting });
    // What an older build of the header rendered on the server, in the slot's own boundary.
    const container = serverMarkup(
      renderToString(
        <div>
          <h2>页面其余部分</h2>
          <Suspense fallback={null}>
            <p>旧版本的页头</p>
          </Suspense>
        </div>,
      ),
    );
    const rest = container.querySelector('h2');

    const hydration = watchSlotHydration({ awaiting: ['header/Header'] });
    await hydrate(
      container,
      <div>
        <h2>页面其余部分</h2>
        <RemoteSlot remote="header" module="./Header" props={{ name: '老师' }} label="页头" minHeight={64} />
      </div>,
      hydration,
    );
    expect(container.querySelector('p')).toHaveTextContent('你好，老师');
    expect(container.querySelector('h2')).toBe(rest);
    const lines = hydrationLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[hydration\] header（header\/Header）/);
    // Counted in this browser, for the status page, and reported once.
    expect(readHydrationMismatches()).toEqual({ header: 1 });
    expect(jest.mocked(track).mock.calls.map(([event]) => event.type)).toEqual(['hydration-mismatch']);
  });

  it('names the slot whose remote fails while its server markup waits to be hydrated, not the page', async () => {
    const slotPage = (
      <div>
        <h2>页面其余部分</h2>
        <RemoteSlot remote="about" module="./AboutPage" props={{ name: '老师' }} label="关于我们页面" minHeight={200} />
      </div>
    );
    load.mockResolvedValueOnce({ default: Greeting });
    await loader.load('about', './AboutPage');
    const container = serverMarkup(renderToString(page(slotPage)));

    // The browser's page: its own loader; the remote does not answer before hydration, then fails.
    loader = createRemoteLoader(DEFAULT_RUNTIME_CONFIG, runtime);
    let fail: (error: Error) => void = () => undefined;
    load.mockImplementationOnce(() => new Promise((_resolve, reject) => (fail = reject)));
    const hydration = watchSlotHydration({ awaiting: ['about/AboutPage'] });
    await hydrate(container, slotPage, hydration);
    // Meanwhile the server's markup stays.
    expect(container.querySelector('p')).toHaveTextContent('你好，老师');
    await act(async () => fail(new Error('down')));
    expect(screen.getByRole('alert')).toHaveTextContent('关于我们页面暂时无法加载');
    expect(hydrationLines()).toHaveLength(1);
    expect(hydrationLines()[0]).toMatch(/^\[hydration\] about\/AboutPage 加载失败/);
  });
});
