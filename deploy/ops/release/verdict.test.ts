import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_THRESHOLDS, parseThresholds } from './thresholds';
import type { ReleaseSideFigures } from '@wenrun/shared/node';
import { judgeCanary, judgeRobustly, oneProportionZ, twoProportionZ, type Verdict } from './verdict';

/** A side of `views` views from `clients` clients, `errorRate` of them with an error, none left out. */
function side(errorRate: number, views = 100_000, clients = 1000): ReleaseSideFigures {
  const errors = { views, count: Math.round(errorRate * views) };
  return { views, errorRate, loadFailures: 0, p75: { LCP: 1000 }, clients, trimmed: { errors, loadFailures: { views, count: 0 }, errorsHigh: errors, loadFailuresHigh: { views, count: 0 }, lcp: { views, p75: 1000 }, inp: { views, p75: 100 } } };
}

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
    expect(judgeCanary(side(0.015), side(0.01), DEFAULT_THRESHOLDS).kind).toBe('no-harm-seen');
    expect(judgeCanary(side(0.035), side(0.01), DEFAULT_THRESHOLDS).kind).toBe('abort');
  });
});

describe('what the guard judges by: counts with the clients that push them left out, from enough clients', () => {
  it('judges the counts left once the pushing clients are left out, not the raw rates', () => {
    // 300 views, 30 % with an error: all of them from the clients the API left out; the rest are clean.
    const forged = { ...side(0.3, 300, 60), trimmed: { ...side(0, 250, 50).trimmed } };
    expect(judgeCanary(forged, side(0.01), DEFAULT_THRESHOLDS)).toEqual({ kind: 'no-harm-seen', notes: [] });
  });

  it('gives no verdict on a canary seen by fewer clients than minClients, however many views they sent', () => {
    expect(judgeCanary(side(1, 260, 1), side(0.01), DEFAULT_THRESHOLDS)).toEqual({ kind: 'not-enough-data', reason: '灰度只有 1 个访问者（地址），需要 50 个' });
  });

  it('holds the canary to the ceiling when stable comes from too few clients, and says so', () => {
    expect(judgeCanary(side(0.2, 300, 60), side(0, 5000, 3), DEFAULT_THRESHOLDS)).toEqual({
      kind: 'abort',
      reasons: [expect.stringContaining('高于上限 5.0%（稳定版只有 3 个访问者，不作基准）')],
    });
  });

  it('refuses a verdict that two levels of leaving out disagree on, in both directions, and keeps one they agree on', () => {
    const abort: Verdict = { kind: 'abort', reasons: ['错误率：…'] };
    const fine: Verdict = { kind: 'no-harm-seen', notes: [] };
    const refused = (first: string, second: string) => ({
      kind: 'refused',
      reason: `结论取决于少数访问者：每端去掉 10 个访问者时${first}，去掉 20 个时${second}；可能有超过 10 个地址协同伪造现场数据，守卫不作判断，请人工查看`,
    });
    expect(judgeRobustly(abort, fine, DEFAULT_THRESHOLDS)).toEqual(refused('应中止', '不应中止'));
    expect(judgeRobustly(fine, abort, DEFAULT_THRESHOLDS)).toEqual(refused('不应中止', '应中止'));
    expect(judgeRobustly(abort, { kind: 'abort', reasons: [] }, DEFAULT_THRESHOLDS)).toBe(abort);
    expect(judgeRobustly(fine, fine, DEFAULT_THRESHOLDS)).toBe(fine);
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

  it('needs more than four times leaveOutClients clients a side (both ends, twice over), and says so', () => {
    expect(parseThresholds({ leaveOutClients: 5, minClients: 10 })).toEqual({
      thresholds: { ...DEFAULT_THRESHOLDS, leaveOutClients: 5, minClients: 21 },
      problems: ['canaryGuard.minClients: 应至少为 4 × leaveOutClients + 1 = 21，使用 21'],
    });
    // Left unset, the minimum follows what leaveOutClients needs.
    expect(parseThresholds({ leaveOutClients: 20 }).thresholds.minClients).toBe(81);
    expect(parseThresholds({ minClients: 1, leaveOutClients: 0 })).toEqual({ thresholds: { ...DEFAULT_THRESHOLDS, minClients: 1, leaveOutClients: 0 }, problems: [] });
  });

  it('reads the production example without a problem', () => {
    const example = JSON.parse(fs.readFileSync(path.join(__dirname, '../../runtime-config.production.example.json'), 'utf8')) as { canaryGuard: unknown };
    expect(parseThresholds(example.canaryGuard)).toEqual({ thresholds: { ...DEFAULT_THRESHOLDS, minViews: 300 }, problems: [] });
  });
});
