import { API_PATHS, DEFAULT_RUNTIME_CONFIG, type FieldBatch } from '@wenrun/shared';
import type { FederationRuntime } from '../remotes/federationRuntime';
import { createRemoteLoader } from '../remotes/remoteLoader';
import { startFieldData } from './startFieldData';

/** The page's loader over a runtime whose every load answers at once. */
function pageLoader() {
  const runtime = { loadRemote: async () => ({ default: () => null }), registerRemotes: () => undefined, registerPlugins: () => undefined };
  return createRemoteLoader(DEFAULT_RUNTIME_CONFIG, runtime as unknown as FederationRuntime);
}

// web-vitals needs a browser's performance timeline (jsdom has none); the e2e suite runs the real one in Chromium.
jest.mock('web-vitals', () => ({
  onLCP: (report: (metric: object) => void) => report({ name: 'LCP', value: 1234.4 }),
  onCLS: (report: (metric: object) => void) => report({ name: 'CLS', value: 0.01234 }),
  onINP: () => undefined,
  onTTFB: () => undefined,
}));

function hidePage() {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

it('sends the metrics and an uncaught error, scrubbed, with the route and canary, by beacon to the statistics call when the page is hidden', () => {
  const sendBeacon = jest.fn((_url: string, _body: string) => true);
  Object.assign(navigator, { sendBeacon });
  startFieldData({ statsBaseUrl: 'https://stats.example.cn', route: '/wuyou/:id', canary: ['wuyou'], loader: pageLoader() });

  window.dispatchEvent(new ErrorEvent('error', { message: '手机号 13800138000 无效', filename: 'https://cdn.example.cn/x.js' }));
  hidePage();

  expect(sendBeacon).toHaveBeenCalledTimes(1);
  const [url, body] = sendBeacon.mock.calls[0] ?? [];
  expect(url).toBe(`https://stats.example.cn${API_PATHS.statsLog}`);
  const batch = JSON.parse(body ?? '{}') as FieldBatch;
  expect(batch.type).toBe('fieldData');
  expect(batch.view).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), route: '/wuyou/:id', versions: {}, canary: ['wuyou'] });
  expect(batch.events).toEqual([
    { kind: 'metric', name: 'LCP', value: 1234 },
    { kind: 'metric', name: 'CLS', value: 0.012 },
    { kind: 'error', message: '手机号 *** 无效' },
  ]);
});

it('reports each remote load with the version of the build it came from, read beside its container', async () => {
  const sendBeacon = jest.fn((_url: string, _body: string) => true);
  Object.assign(navigator, { sendBeacon });
  const fetch = jest.fn(async (url: string) => ({ ok: true, json: async () => ({ version: url.includes(':3002/') ? '1.4.0' : '9.9.9' }) }));
  Object.assign(globalThis, { fetch });
  const loader = pageLoader();
  startFieldData({ statsBaseUrl: 'https://stats.example.cn', route: '/about/:key', canary: [], loader });

  await loader.load('about', './AboutPage');
  await new Promise((resolve) => setTimeout(resolve));
  hidePage();

  expect(fetch).toHaveBeenCalledWith('http://localhost:3002/version.json', { cache: 'no-cache' });
  const batch = JSON.parse(sendBeacon.mock.calls[0]?.[1] ?? '{}') as FieldBatch;
  expect(batch.view.versions).toEqual({ about: '1.4.0' });
  expect(batch.events).toContainEqual({ kind: 'slot', remote: 'about', version: '1.4.0', loadMs: expect.any(Number), outcome: 'loaded' });
});
