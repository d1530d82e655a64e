import { routeOf, showProgressWhile } from '@wenrun/shared';
import { loadExposed, moduleSettled } from '../remotes/registry';
import { navigationWait } from './navigationWait';
import { shellPartsLoaded } from './shellParts';

jest.mock('@wenrun/shared', () => ({ ...jest.requireActual('@wenrun/shared'), showProgressWhile: jest.fn() }));
jest.mock('../remotes/registry', () => ({ moduleSettled: jest.fn(), loadExposed: jest.fn(), REMOTE_LOAD_TIMEOUT_MS: 8_000 }));
jest.mock('./shellParts', () => ({ shellPartsLoaded: jest.fn(), preloadShellParts: jest.fn(() => Promise.resolve()) }));

const settled = jest.mocked(moduleSettled);
const load = jest.mocked(loadExposed);

function deferred() {
  let settle: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => (settle = resolve));
  return { promise, settle };
}

beforeEach(() => {
  jest.mocked(shellPartsLoaded).mockReturnValue(true);
  settled.mockReturnValue(false);
});

describe('navigationWait: what a navigation waits for before its page shows', () => {
  it('is nothing when the route’s modules are in (or failed) and the shell’s chunks too', () => {
    // Each test its own route: what a route waited for is kept for the page's life.
    settled.mockReturnValue(true);
    expect(navigationWait(routeOf('/').route)).toBeNull();
    jest.mocked(shellPartsLoaded).mockReturnValue(false);
    expect(navigationWait(routeOf('/').route)).not.toBeNull();
  });

  it('waits once for the route’s remote modules, shows the progress bar meanwhile, and is over when they settle, failed or not', async () => {
    const about = deferred();
    load.mockImplementation((_remote, module) => (module === './AboutPage' ? about.promise.then(() => Promise.reject(new Error('down'))) : Promise.resolve()));
    const route = routeOf('/about/2').route;
    const wait = navigationWait(route);
    expect(wait).toBeInstanceOf(Promise);
    // Every render of the same navigation waits for the same loads.
    expect(navigationWait(route)).toBe(wait);
    expect(load.mock.calls.map(([remote, module]) => `${remote}/${module}`)).toEqual(['header/./Header', 'about/./AboutPage']);
    expect(showProgressWhile).toHaveBeenCalledWith(wait);
    about.settle();
    await wait;
    // The slot shows its failure: the page is not waited for again.
    expect(navigationWait(route)).toBeNull();
  });

  it('gives up after a remote’s own deadline: the page shows with the late slot’s skeleton', async () => {
    jest.useFakeTimers();
    try {
      load.mockImplementation(() => new Promise(() => undefined));
      const route = routeOf('/search/x').route;
      const wait = navigationWait(route);
      await jest.advanceTimersByTimeAsync(8_000);
      await wait;
      expect(navigationWait(route)).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });
});
