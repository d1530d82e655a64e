import { DEFAULT_RUNTIME_CONFIG } from '@wenrun/shared';
import { CANARY_BUCKET_KEY, visitorBucket, visitorReleases } from './canary';

const CANARY = 'https://canary.example.cn/wuyou/mf-manifest.json';
const config = { ...DEFAULT_RUNTIME_CONFIG, canaries: { wuyou: { entry: CANARY, percent: 10 } } };

describe('visitorBucket', () => {
  beforeEach(() => localStorage.clear());

  it('draws a bucket once and keeps it', () => {
    expect(visitorBucket(localStorage, () => 0.42)).toBe(42);
    expect(visitorBucket(localStorage, () => 0.99)).toBe(42);
    expect(localStorage.getItem(CANARY_BUCKET_KEY)).toBe('42');
  });

  it.each(['-1', '100', '4.5', 'abc', ''])('draws again over a corrupted bucket (%p)', (stored) => {
    localStorage.setItem(CANARY_BUCKET_KEY, stored);
    expect(visitorBucket(localStorage, () => 0.07)).toBe(7);
  });

  it('has no bucket without storage, or when the storage throws', () => {
    expect(visitorBucket(undefined)).toBeUndefined();
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };
    expect(visitorBucket(broken)).toBeUndefined();
  });

  it('spreads fresh visitors evenly over the buckets', () => {
    const buckets = Array.from({ length: 10_000 }, () => {
      localStorage.clear();
      return visitorBucket(localStorage) ?? -1;
    });
    const inTenPercent = buckets.filter((bucket) => bucket < 10).length;
    expect(inTenPercent).toBeGreaterThan(800);
    expect(inTenPercent).toBeLessThan(1200);
  });
});

describe('visitorReleases', () => {
  it('puts the canary in front of the stable entries for a visitor in its share', () => {
    const { entries, canary } = visitorReleases(config, 9);
    expect(entries.wuyou).toEqual([CANARY, ...DEFAULT_RUNTIME_CONFIG.remotes.wuyou]);
    expect(entries.header).toEqual(DEFAULT_RUNTIME_CONFIG.remotes.header);
    expect(canary).toEqual({ wuyou: config.canaries.wuyou });
  });

  it.each([10, 99, undefined])('leaves a visitor outside the share (bucket %p) on the stable entries', (bucket) => {
    const { entries, canary } = visitorReleases(config, bucket);
    expect(entries).toEqual(DEFAULT_RUNTIME_CONFIG.remotes);
    expect(canary).toEqual({});
  });

  it('takes nobody at 0 % and everybody at 100 %', () => {
    const at = (percent: number, bucket: number) =>
      visitorReleases({ ...config, canaries: { wuyou: { entry: CANARY, percent } } }, bucket).canary.wuyou !== undefined;
    expect(at(0, 0)).toBe(false);
    expect(at(100, 99)).toBe(true);
  });
});
