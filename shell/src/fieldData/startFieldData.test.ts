import { API_PATHS, type FieldBatch } from '@wenrun/shared';
import { startFieldData } from './startFieldData';

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
  startFieldData({ statsBaseUrl: 'https://stats.example.cn', route: '/wuyou/:id', canary: ['wuyou'] });

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
