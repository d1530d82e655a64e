import { DEFAULT_RUNTIME_CONFIG, setRuntimeConfig } from '@wenrun/shared';
import { imageUrl, telHref } from './links';

describe('telHref', () => {
  it.each([
    ['400-000-0000（演示号码）', 'tel:4000000000'],
    ['+86 10 6275 0000', 'tel:+861062750000'],
    ['010-62750000 转 8', 'tel:01062750000'],
    ['咨询电话：(010) 6275-0000', 'tel:01062750000'],
  ])('%s → %s', (phone, href) => expect(telHref(phone)).toBe(href));

  it.each(['', '请留意通知', '12', 'javascript:alert(1)'])('gives no link for %p', (phone) =>
    expect(telHref(phone)).toBeNull(),
  );
});

describe('imageUrl', () => {
  beforeEach(() => setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, apiBaseUrl: 'https://api.example.cn/' }));
  afterEach(() => setRuntimeConfig(DEFAULT_RUNTIME_CONFIG));

  it('resolves paths against the API', () => {
    expect(imageUrl('/images/activities/1/cover.svg')).toBe('https://api.example.cn/images/activities/1/cover.svg');
  });

  it.each(['', '  ', 'javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>'])('refuses %p', (path) =>
    expect(imageUrl(path)).toBeNull(),
  );
});
