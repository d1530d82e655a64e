import { createInstance } from '@module-federation/enhanced/runtime';
import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from '@wenrun/shared';
import { fakeRemotes } from './fakeRemotes';
import { createRemoteLoader, RemoteLoadError, type RemoteLoader } from './remoteLoader';
import { KEPT_REMOTE_LOADS, type RemoteLoad } from './remoteLoads';

const entry = (host: string) => `http://${host}.test/remoteEntry.js`;

// Each test has a remote of its own: the loader and the runtime keep what they loaded for the page's life.
const fake = fakeRemotes({
  [entry('header')]: 'ok',
  [entry('about')]: 'down',
  [entry('auth')]: 'ok',
  [entry('auth-fallback')]: 'ok',
  [entry('wuyou')]: 'ok',
  [entry('wuyou-moved')]: 'ok',
});

const config = (remotes: Partial<RuntimeConfig['remotes']> = {}): RuntimeConfig => ({
  ...DEFAULT_RUNTIME_CONFIG,
  remotes: {
    header: [entry('header')],
    about: [entry('about')],
    auth: [entry('auth'), entry('auth-fallback')],
    wuyou: [entry('wuyou')],
    ...remotes,
  },
});

// A real runtime instance of the test's own, with the loader's plugins over fake entries.
const runtime = createInstance({ name: 'shell', remotes: [], plugins: [fake.plugin] });
let loader: RemoteLoader;

beforeAll(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  loader = createRemoteLoader(config(), runtime);
});

it('callers that ask at once share one load, and the module is then at hand without waiting', async () => {
  const [first, second] = await Promise.all([loader.load('header', './Header'), loader.load('header', './Header')]);
  expect(first).toBe(second);
  expect(fake.loads.filter((url) => url === entry('header'))).toHaveLength(1);
  expect(loader.loaded('header', './Header')).toBe(first);
  expect(loader.read('header', './Header')).toBe(first);
});

it('read suspends on the load, then throws its failure until forgotten; the next try loads the lifted remote', async () => {
  let pending: unknown;
  try {
    loader.read('about', './AboutPage');
  } catch (thrown) {
    pending = thrown;
  }
  expect(pending).toBeInstanceOf(Promise);
  await pending;
  expect(() => loader.read('about', './AboutPage')).toThrow(RemoteLoadError);

  fake.behaviour[entry('about')] = 'ok';
  expect(() => loader.read('about', './AboutPage')).toThrow(RemoteLoadError);
  loader.forgetFailure('about', './AboutPage');
  await expect(loader.load('about', './AboutPage')).resolves.toEqual({ default: `./AboutPage from ${entry('about')}` });
});

it('a module that threw while rendering: skipBrokenEntry drops it and the next load comes from the fallback', async () => {
  await expect(loader.load('auth', './LoginModal')).resolves.toEqual({ default: `./LoginModal from ${entry('auth')}` });
  expect(loader.skipBrokenEntry('auth', './LoginModal')).toBe(true);
  expect(loader.loaded('auth', './LoginModal')).toBeUndefined();
  await expect(loader.load('auth', './LoginModal')).resolves.toEqual({ default: `./LoginModal from ${entry('auth-fallback')}` });
  // After the last entry the primary is next (the slot waits with backoff before it asks).
  expect(loader.skipBrokenEntry('auth', './LoginModal')).toBe(false);
  await expect(loader.load('auth', './LoginModal')).resolves.toEqual({ default: `./LoginModal from ${entry('auth')}` });
});

it('keeps only the latest loads for a late listener: a process that loads on every render (the render server) does not grow', async () => {
  for (let render = 0; render < KEPT_REMOTE_LOADS + 20; render += 1) await loader.load('header', './Header');
  const seen: RemoteLoad[] = [];
  loader.observeLoads((load) => seen.push(load));
  expect(seen).toHaveLength(KEPT_REMOTE_LOADS);
  expect(seen.at(-1)).toMatchObject({ remote: 'header', module: './Header', outcome: 'loaded' });
  await loader.load('header', './Header');
  expect(seen).toHaveLength(KEPT_REMOTE_LOADS + 1);
});

it('a later config of the process has loads of its own on the same runtime: a moved remote loads from its new address', async () => {
  await expect(loader.load('wuyou', './ActivityPage')).resolves.toEqual({ default: `./ActivityPage from ${entry('wuyou')}` });
  const next = loader.forConfig(config({ wuyou: [entry('wuyou-moved')] }));
  expect(next.loaded('wuyou', './ActivityPage')).toBeUndefined();
  await expect(next.load('wuyou', './ActivityPage')).resolves.toEqual({ default: `./ActivityPage from ${entry('wuyou-moved')}` });
  // The plugins were registered once: the failover of the first loader serves the next (the header stays put).
  expect(runtime.options.plugins.filter((plugin) => plugin.name === 'wenrun-failover')).toHaveLength(1);
  await expect(next.load('header', './Header')).resolves.toEqual({ default: `./Header from ${entry('header')}` });
});

it('reload drops what was loaded from a remote: its next use loads the build now published', async () => {
  const first = await loader.load('header', './Header');
  loader.reload('header');
  expect(loader.settled('header', './Header')).toBe(false);
  const loadsBefore = fake.loads.length;
  await expect(loader.load('header', './Header')).resolves.toEqual(first);
  expect(fake.loads.slice(loadsBefore)).toEqual([entry('header')]);
});
