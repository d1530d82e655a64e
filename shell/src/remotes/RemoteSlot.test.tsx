import { act, render, screen } from '@testing-library/react';
import { RemoteSlot, retryDelayMs } from './RemoteSlot';
import { loadExposed } from './registry';

jest.mock('./registry', () => ({
  loadExposed: jest.fn(),
  loadedModule: jest.fn(() => undefined),
  skipBrokenEntry: jest.fn(() => false),
}));
const load = jest.mocked(loadExposed);

function Greeting({ name }: { name: string }) {
  return <p>你好，{name}</p>;
}

function Broken(): never {
  throw new Error('boom');
}

describe('RemoteSlot', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    load.mockReset();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('backs off 1 s, 2 s, 4 s … up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('keeps the slot size while loading, then renders the module with its props', async () => {
    load.mockResolvedValue({ default: Greeting });
    const { container } = render(
      <RemoteSlot remote="header" module="./Header" props={{ name: '老师' }} label="页头" minHeight={64} />,
    );
    expect(container.querySelector('.remote-slot--loading')).toHaveStyle({ minHeight: '64px' });
    expect(await screen.findByText('你好，老师')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('header', './Header');
  });

  it('shows a Chinese fallback in its place when loading fails, and recovers on retry', async () => {
    load.mockRejectedValueOnce(new Error('down')).mockResolvedValue({ default: Greeting });
    render(<RemoteSlot remote="header" module="./Header" props={{ name: '老师' }} label="页头" minHeight={64} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('页头暂时无法加载');
    await act(async () => {
      jest.advanceTimersByTime(retryDelayMs(0));
    });
    expect(await screen.findByText('你好，老师')).toBeInTheDocument();
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
});
