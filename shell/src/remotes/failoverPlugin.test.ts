import { createInstance } from '@module-federation/enhanced/runtime';
import { fakeRemotes, type FakeEntry } from './fakeRemotes';
import { failedEntries, FAILED_ENTRY_SKIP_MS, type FailedEntries } from './failedEntries';
import { forgetStartedChunks } from './chunkRegistry';
import { deadlinePlugin } from './deadlinePlugin';
import { failoverPlugin } from './failoverPlugin';

// The runtime keeps loaded entries in globals shared by every instance: each test has its own remote and hosts.
let PRIMARY = '';
let FALLBACK = '';
let SILENT = '';
let remote = '';
let tests = 0;

beforeEach(() => {
  tests += 1;
  remote = `header${tests}`;
  PRIMARY = `http://primary${tests}.test/remoteEntry.js`;
  FALLBACK = `http://fallback${tests}.test/remoteEntry.js`;
  SILENT = `http://silent${tests}.test/mf-manifest.json`;
});

interface SiteOptions {
  timeoutMs?: number;
  /** Shared between "page loads" of one visit. */
  failed?: FailedEntries;
  now?: () => number;
}

/** One page load: a runtime instance with the failover over fake entries, the remote at its start entry. */
function siteWith(entries: string[], behaviour: Record<string, FakeEntry>, { timeoutMs = 1000, failed, now }: SiteOptions = {}) {
  const fake = fakeRemotes(behaviour);
  const switches: string[] = [];
  const failover = failoverPlugin({ entries: { [remote]: entries }, failed, now, onSwitch: (_remote, entry) => switches.push(entry) });
  const deadlines = deadlinePlugin({ timeoutMs, fallbackAfterMs: timeoutMs, hasFallback: (url) => failover.hasFallback(url) });
  const runtime = createInstance({ name: `host${tests}`, remotes: [], plugins: [failover, deadlines, fake.plugin] });
  runtime.registerRemotes([{ name: remote, entry: failover.startEntry(remote) }]);
  const load = (module = 'Header') => runtime.loadRemote(`${remote}/${module}`);
  return { load, failover, fake, switches };
}

afterEach(() => jest.restoreAllMocks());

describe('failoverPlugin', () => {
  it('loads from the primary when it works, and tries nothing else', async () => {
    const { load, fake, switches } = siteWith([PRIMARY, FALLBACK], { [PRIMARY]: 'ok', [FALLBACK]: 'ok' });
    await expect(load()).resolves.toEqual({ default: `./Header from ${PRIMARY}` });
    expect(fake.loads).toEqual([PRIMARY]);
    expect(switches).toEqual([]);
  });

  it('answers a failed primary with the same module from the fallback', async () => {
    const { load, switches } = siteWith([PRIMARY, FALLBACK], { [PRIMARY]: 'down', [FALLBACK]: 'ok' });
    await expect(load()).resolves.toEqual({ default: `./Header from ${FALLBACK}` });
    expect(switches).toEqual([FALLBACK]);
  });

  it('moves on once when two modules of one remote fail at the same moment, and stays on the fallback', async () => {
    const failed = failedEntries();
    const { load, failover, switches } = siteWith([PRIMARY, FALLBACK], { [PRIMARY]: 'down', [FALLBACK]: 'ok' }, { failed });
    // A search page: the header and the results, from one remote, asked for together.
    await expect(Promise.all([load('Header'), load('SearchResults')])).resolves.toEqual([
      { default: `./Header from ${FALLBACK}` },
      { default: `./SearchResults from ${FALLBACK}` },
    ]);
    expect(switches).toEqual([FALLBACK]);
    expect(failover.entryInUse(remote)).toBe(FALLBACK);
    // The fallback did not fail: only the primary is passed over, and the next page starts at the fallback.
    expect(failed.isSkipped(FALLBACK, Date.now())).toBe(false);
    expect(failed.isSkipped(PRIMARY, Date.now())).toBe(true);
    expect(failover.startEntry(remote)).toBe(FALLBACK);
  });

  it('moves on from a primary whose module throws at start', async () => {
    const { load } = siteWith([PRIMARY, FALLBACK], { [PRIMARY]: 'throws at start', [FALLBACK]: 'ok' });
    await expect(load()).resolves.toEqual({ default: `./Header from ${FALLBACK}` });
  });

  it('gives up a manifest that never answers after the timeout, then uses the fallback', async () => {
    const fetch = jest.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    Object.assign(globalThis, { fetch });
    const { load } = siteWith([SILENT, FALLBACK], { [FALLBACK]: 'ok' }, { timeoutMs: 50 });
    await expect(load()).resolves.toEqual({ default: `./Header from ${FALLBACK}` });
    expect(fetch).toHaveBeenCalledWith(SILENT, expect.objectContaining({ signal: expect.any(AbortSignal) }));
  });

  it("gives a remote's last entry the longer deadline, since no other entry could answer sooner", async () => {
    const fetch = jest.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    Object.assign(globalThis, { fetch });
    const fake = fakeRemotes({});
    const failover = failoverPlugin({ entries: { [remote]: [SILENT] } });
    const deadlines = deadlinePlugin({ timeoutMs: 200, fallbackAfterMs: 20, hasFallback: (url) => failover.hasFallback(url) });
    const runtime = createInstance({ name: `host${tests}`, remotes: [], plugins: [failover, deadlines, fake.plugin] });
    runtime.registerRemotes([{ name: remote, entry: failover.startEntry(remote) }]);
    const started = Date.now();
    await expect(runtime.loadRemote(`${remote}/Header`)).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('gives a container script the short deadline while another entry could answer, the long one after', () => {
    const failover = failoverPlugin({ entries: { [remote]: [PRIMARY, FALLBACK] } });
    const deadlines = deadlinePlugin({ timeoutMs: 8_000, fallbackAfterMs: 2_000, hasFallback: (url) => failover.hasFallback(url) });
    failover.startEntry(remote);
    expect(deadlines.createScript?.({ url: PRIMARY })).toEqual({ timeout: 2_000 });
    failover.skipEntry(remote);
    expect(deadlines.createScript?.({ url: FALLBACK })).toEqual({ timeout: 8_000 });
  });

  it('fails when every entry fails, and starts from the primary again once it is back', async () => {
    const { load, fake } = siteWith([PRIMARY, FALLBACK], { [PRIMARY]: 'down', [FALLBACK]: 'down' });
    await expect(load()).rejects.toThrow();
    fake.behaviour[PRIMARY] = 'ok';
    fake.loads.length = 0;
    await expect(load()).resolves.toEqual({ default: `./Header from ${PRIMARY}` });
    expect(fake.loads).toEqual([PRIMARY]);
  });

  it('skipEntry moves a loaded remote to its fallback, and after the last back to the primary', async () => {
    const { load, failover } = siteWith([PRIMARY, FALLBACK], { [PRIMARY]: 'ok', [FALLBACK]: 'ok' });
    await load();
    expect(failover.skipEntry(remote)).toBe(true);
    await expect(load()).resolves.toEqual({ default: `./Header from ${FALLBACK}` });
    expect(failover.skipEntry(remote)).toBe(false);
    await expect(load()).resolves.toEqual({ default: `./Header from ${PRIMARY}` });
  });

  it('passes over an entry that failed on the next page loads of the visit, and tries it again after the skip time', async () => {
    let clock = 1_000_000;
    const visit = { failed: failedEntries(), now: () => clock };
    const first = siteWith([PRIMARY, FALLBACK], { [PRIMARY]: 'down', [FALLBACK]: 'ok' }, visit);
    await expect(first.load()).resolves.toEqual({ default: `./Header from ${FALLBACK}` });

    const second = siteWith([PRIMARY, FALLBACK], { [PRIMARY]: 'ok', [FALLBACK]: 'ok' }, visit);
    await expect(second.load()).resolves.toEqual({ default: `./Header from ${FALLBACK}` });
    expect(second.fake.loads).not.toContain(PRIMARY);

    clock += FAILED_ENTRY_SKIP_MS + 1;
    const later = siteWith([PRIMARY, FALLBACK], { [PRIMARY]: 'ok', [FALLBACK]: 'ok' }, visit);
    await expect(later.load()).resolves.toEqual({ default: `./Header from ${PRIMARY}` });
  });

  it('starts at the primary when every entry failed recently, since one of them must be tried', async () => {
    const visit = { failed: failedEntries() };
    const first = siteWith([PRIMARY, FALLBACK], { [PRIMARY]: 'down', [FALLBACK]: 'down' }, visit);
    await expect(first.load()).rejects.toThrow();
    const second = siteWith([PRIMARY, FALLBACK], { [PRIMARY]: 'ok', [FALLBACK]: 'ok' }, visit);
    await expect(second.load()).resolves.toEqual({ default: `./Header from ${PRIMARY}` });
  });

  it('setEntries: a remote whose list changed loads from its new primary', async () => {
    const { load, failover } = siteWith([PRIMARY], { [PRIMARY]: 'ok', [FALLBACK]: 'ok' });
    await load();
    failover.setEntries({ [remote]: [FALLBACK] });
    await expect(load()).resolves.toEqual({ default: `./Header from ${FALLBACK}` });
  });
});

it('forgetStartedChunks empties the remote\'s chunk array in place', () => {
  const registry = [[['chunk'], {}]];
  Object.assign(globalThis, { webpackChunkheader: registry });
  forgetStartedChunks('header');
  expect((globalThis as Record<string, unknown>).webpackChunkheader).toBe(registry);
  expect(registry).toEqual([]);
});

it('forgetStartedChunks takes the remote\'s chunk scripts still loading out of the page, and no other remote\'s', () => {
  document.head.innerHTML = '<script data-webpack="header:chunk-850"></script><script data-webpack="about:chunk-850"></script>';
  forgetStartedChunks('header');
  expect([...document.querySelectorAll('script')].map((script) => script.dataset.webpack)).toEqual(['about:chunk-850']);
  document.head.innerHTML = '';
});
