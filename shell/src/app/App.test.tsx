/**
 * @jest-environment node
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { ROUTER_FUTURE, routeOf } from '@wenrun/shared';
import type { RemoteLoader } from '../remotes/remoteLoader';
import { SlotsProvider } from '../remotes/slotContext';
import { watchSlotHydration } from '../remotes/slotHydration';
import { App } from './App';

// Every reading of a path against the route patterns (the manifest's `routeOf` and any of the app's own) goes through
// react-router-dom's `matchRoutes`: counted here. The router's own match inside `useRoutes` is internal to it.
jest.mock('react-router-dom', () => {
  const actual = jest.requireActual<typeof import('react-router-dom')>('react-router-dom');
  return { ...actual, matchRoutes: jest.fn(actual.matchRoutes) };
});
const { matchRoutes } = jest.requireMock<{ matchRoutes: jest.Mock }>('react-router-dom');

/** A loader whose every module is settled: the page renders at once, its slots suspended (nothing loads in Jest). */
const settledLoader = { settled: () => true, load: () => new Promise(() => undefined) } as unknown as RemoteLoader;

function renderAt(pathname: string, page?: ReturnType<typeof routeOf>): string {
  return renderToString(
    <SlotsProvider loader={settledLoader} hydration={watchSlotHydration()}>
      <StaticRouter location={pathname} future={ROUTER_FUTURE}>
        <App {...(page ? { page } : {})} />
      </StaticRouter>
    </SlotsProvider>,
  );
}

describe('the route of a page', () => {
  beforeEach(() => matchRoutes.mockClear());

  it('is read once per request: the server hands the app the page it resolved, which reads no path again', () => {
    const page = routeOf('/wuyou/3');
    expect(matchRoutes).toHaveBeenCalledTimes(1);
    renderAt('/wuyou/3', page);
    expect(matchRoutes).toHaveBeenCalledTimes(1);
  });

  it('is read once per address in the browser, where the app resolves it itself', () => {
    renderAt('/about/2');
    expect(matchRoutes).toHaveBeenCalledTimes(1);
  });
});
