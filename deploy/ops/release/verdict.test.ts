import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_THRESHOLDS, parseThresholds } from './thresholds';
import { judgeCanary, oneProportionZ, twoProportionZ } from './verdict';

describe('the tests the guard uses', () => {
  it('two proportions, pooled: 15/200 against 4/800 (z ≈ 6.49) is far beyond 2.326; equal shares are 0; nothing failing is 0', () => {
    // p = 19/1000; se = sqrt(0.019 × 0.981 × (1/200 + 1/800)) ≈ 0.01080; (0.075 − 0.005) / se ≈ 6.49.
    expect(twoProportionZ(15, 200, 4, 800)).toBeCloseTo(6.49, 2);
    expect(twoProportionZ(10, 200, 40, 800)).toBe(0);
    expect(twoProportionZ(0, 200, 0, 800)).toBe(0);
    // One-sided: a canary better than stable is a negative z, never a reason.
    expect(twoProportionZ(1, 200, 40, 800)).toBeLessThan(0);
  });

  it('one proportion against a fixed ceiling: 36/300 against 5 % ≈ 5.56', () => {
    expect(oneProportionZ(36, 300, 0.05)).toBeCloseTo(5.56, 2);
    expect(oneProportionZ(1, 300, 0)).toBe(Number.POSITIVE_INFINITY);
  });

  it('beyond chance is not enough: a difference under the margin is no reason to abort', () => {
    // 100 000 views a side: 1.5 % against 1.0 % is far beyond chance (z ≈ 9.9), and only half a point.
    const side = (errorRate: number) => ({ views: 100_000, errorRate, loadFailures: 0, p75: { LCP: 1000 } });
    expect(judgeCanary(side(0.015), side(0.01), DEFAULT_THRESHOLDS).kind).toBe('no-harm-seen');
    expect(judgeCanary(side(0.035), side(0.01), DEFAULT_THRESHOLDS).kind).toBe('abort');
  });
});

describe('the thresholds in the runtime config (canaryGuard)', () => {
  it('defaults to safe values when absent', () => {
    expect(parseThresholds(undefined)).toEqual({ thresholds: DEFAULT_THRESHOLDS, problems: [] });
  });

  it('takes each good field, and gives each bad one its default with a line saying so', () => {
    const { thresholds, problems } = parseThresholds({ minViews: 50, confidence: 0.9, minMargin: -1, lcpWorseBy: 0.5, baselineCeiling: { errorRate: 0.1, lcpMs: 'slow' } });
    expect(thresholds).toEqual({ ...DEFAULT_THRESHOLDS, minViews: 50, lcpWorseBy: 0.5, baselineCeiling: { ...DEFAULT_THRESHOLDS.baselineCeiling, errorRate: 0.1 } });
    expect(problems).toEqual([
      'canaryGuard.confidence: 只能是 0.95、0.99、0.999，使用默认值 0.99',
      'canaryGuard.minMargin: 应为 0–1 之间的数，使用默认值 0.02',
      'canaryGuard.baselineCeiling.lcpMs: 应为 1–60000 之间的数，使用默认值 4000',
    ]);
    expect(parseThresholds('strict').problems).toEqual(['canaryGuard: 不是对象，使用默认值']);
  });

  it('reads the production example without a problem', () => {
    const example = JSON.parse(fs.readFileSync(path.join(__dirname, '../../runtime-config.production.example.json'), 'utf8')) as { canaryGuard: unknown };
    expect(parseThresholds(example.canaryGuard)).toEqual({ thresholds: { ...DEFAULT_THRESHOLDS, minViews: 300 }, problems: [] });
  });
});
