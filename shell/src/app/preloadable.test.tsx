import { act, render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { preloadable } from './preloadable';

function Page({ children }: { children?: ReactNode }) {
  return <main>{children ?? '首页'}</main>;
}

function deferred() {
  let resolve: (component: typeof Page) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<typeof Page>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('preloadable', () => {
  it('renders at once, in the same pass, once preloaded: nothing suspends', async () => {
    const Preloaded = preloadable(async () => Page);
    await Preloaded.preload();
    render(
      <Suspense fallback={<p>加载中</p>}>
        <Preloaded>内容</Preloaded>
      </Suspense>,
    );
    expect(screen.getByRole('main')).toHaveTextContent('内容');
    expect(screen.queryByText('加载中')).toBeNull();
  });

  it('suspends until the chunk arrives when nobody preloaded it, and fetches it once', async () => {
    const chunk = deferred();
    const load = jest.fn(() => chunk.promise);
    const OnDemand = preloadable(load);
    render(
      <Suspense fallback={<p>加载中</p>}>
        <OnDemand />
      </Suspense>,
    );
    expect(screen.getByText('加载中')).toBeInTheDocument();
    void OnDemand.preload();
    await act(async () => chunk.resolve(Page));
    expect(screen.getByRole('main')).toHaveTextContent('首页');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fetches again after a failed preload', async () => {
    const load = jest.fn<Promise<typeof Page>, []>().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValue(Page);
    const Retried = preloadable(load);
    await expect(Retried.preload()).rejects.toThrow('ChunkLoadError');
    await Retried.preload();
    render(<Retried />);
    expect(screen.getByRole('main')).toHaveTextContent('首页');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
