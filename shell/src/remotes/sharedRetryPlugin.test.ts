import { createInstance, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { sharedRetryPlugin } from './sharedRetryPlugin';

// Share scopes live in globals shared by every instance: each test has its own package name and host.
let tests = 0;

/** A host whose one shared package fails to load the first time, as a chunk that timed out. */
function hostWithFlakyPackage(plugins: ModuleFederationRuntimePlugin[]) {
  tests += 1;
  const pkgName = `flaky-package-${tests}`;
  let attempts = 0;
  const host = createInstance({
    name: `shared-retry-host${tests}`,
    remotes: [],
    shared: {
      [pkgName]: {
        version: '1.0.0',
        scope: 'default',
        shareConfig: { singleton: true, requiredVersion: '^1.0.0' },
        get: () => {
          attempts += 1;
          if (attempts === 1) return Promise.reject(new Error('Loading chunk 842 failed. (timeout)'));
          return Promise.resolve(() => ({ loadedOn: attempts }));
        },
      },
    },
    plugins,
  });
  return { load: () => host.loadShare<{ loadedOn: number }>(pkgName), attempts: () => attempts };
}

describe('sharedRetryPlugin', () => {
  it('loads a shared package afresh after its load failed', async () => {
    const { load, attempts } = hostWithFlakyPackage([sharedRetryPlugin()]);
    await expect(load()).rejects.toThrow('Loading chunk 842 failed');
    const factory = await load();
    expect(factory && factory()).toEqual({ loadedOn: 2 });
    expect(attempts()).toBe(2);
  });

  it('keeps a package that loaded: no second load', async () => {
    const { load, attempts } = hostWithFlakyPackage([sharedRetryPlugin()]);
    await expect(load()).rejects.toThrow();
    await load();
    await load();
    expect(attempts()).toBe(2);
  });

  it('is needed: without it the runtime repeats the first failure', async () => {
    const { load, attempts } = hostWithFlakyPackage([]);
    await expect(load()).rejects.toThrow('Loading chunk 842 failed');
    await expect(load()).rejects.toThrow('Loading chunk 842 failed');
    expect(attempts()).toBe(1);
  });
});
