import { init } from '@module-federation/enhanced/runtime';
import { DEFAULT_RUNTIME_CONFIG } from '@wenrun/shared';
import { fakeRemotes } from './fakeRemotes';
import {
  forgetFailure,
  KEPT_REMOTE_LOADS,
  loadedModule,
  loadExposed,
  observeRemoteLoads,
  readExposed,
  RemoteLoadError,
  registerSiteRemotes,
  skipBrokenEntry,
  type RemoteLoad,
} from './registry';

const entry = (host: string) => `http://${host}.test/remoteEntry.js`;

// Each test has a remote of its own: the registry and the runtime keep what they loaded for the page's life.
const fake = fakeRemotes({
  [entry('header')]: 'ok',
  [entry('about')]: 'down',
  [entry('auth')]: 'ok',
  [entry('auth-fallback')]: 'ok',
});

beforeAll(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  init({ name: 'shell', remotes: [], plugins: [fake.plugin] });
  registerSiteRemotes({
    ...DEFAULT_RUNTIME_CONFIG,
    remotes: {
      header: [entry('header')],
      about: [entry('about')],
      auth: [entry('auth'), entry('auth-fallback')],
      wuyou: [entry('wuyou')],
    },
  });
});

it('callers that ask at once share one load, and the module is then at hand without waiting', async () => {
  const [first, second] = await Promise.all([loadExposed('header', './Header'), loadExposed('header', './Header')]);
  expect(first).toBe(second);
  expect(fake.loads.filter((url) => url === entry('header'))).toHaveLength(1);
  expect(loadedModule('header', './Header')).toBe(first);
  expect(readExposed('header', './Header')).toBe(first);
});

it('readExposed suspends on the load, then throws its failure until forgotten; the next try loads the lifted remote', async () => {
  let pending: unknown;
  try {
    readExposed('about', './AboutPage');
  } catch (thrown) {
    pending = thrown;
  }
  expect(pending).toBeInstanceOf(Promise);
  await pending;
  expect(() => readExposed('about', './AboutPage')).toThrow(RemoteLoadError);

  fake.behaviour[entry('about')] = 'ok';
  expect(() => readExposed('about', './AboutPage')).toThrow(RemoteLoadError);
  forgetFailure('about', './AboutPage');
  await expect(loadExposed('about', './AboutPage')).resolves.toEqual({ default: `./AboutPage from ${entry('about')}` });
});

it('a module that threw while rendering: skipBrokenEntry drops it and the next load comes from the fallback', async () => {
  await expect(loadExposed('auth', './LoginModal')).resolves.toEqual({ default: `./LoginModal from ${entry('auth')}` });
  expect(skipBrokenEntry('auth', './LoginModal')).toBe(true);
  expect(loadedModule('auth', './LoginModal')).toBeUndefined();
  await expect(loadExposed('auth', './LoginModal')).resolves.toEqual({ default: `./LoginModal from ${entry('auth-fallback')}` });
  // After the last entry the primary is next (the slot waits with backoff before it asks).
  expect(skipBrokenEntry('auth', './LoginModal')).toBe(false);
  await expect(loadExposed('auth', './LoginModal')).resolves.toEqual({ default: `./LoginModal from ${entry('auth')}` });
});

it('keeps only the latest loads for a late listener: a process that loads on every render (the render server) does not grow', async () => {
  for (let render = 0; render < KEPT_REMOTE_LOADS + 20; render += 1) await loadExposed('header', './Header');
  const seen: RemoteLoad[] = [];
  observeRemoteLoads((load) => seen.push(load));
  expect(seen).toHaveLength(KEPT_REMOTE_LOADS);
  expect(seen.at(-1)).toMatchObject({ remote: 'header', module: './Header', outcome: 'loaded' });
  await loadExposed('header', './Header');
  expect(seen).toHaveLength(KEPT_REMOTE_LOADS + 1);
});
