/**
 * The canary guard's statistics: is a canary worse than stable beyond chance? One-sided tests only: the guard asks
 * whether the canary is worse, never whether it is better (it never promotes), so a canary that merely matches a
 * failing stable is held to the ceiling instead (thresholds.ts). README of this folder has the reasoning.
 */
import type { ReleaseSideFigures } from '@wenrun/shared/node';
import { Z_OF_CONFIDENCE, type GuardThresholds } from './thresholds';

export type Verdict =
  /** Worse beyond chance on at least one count: each reason says which, by how much. */
  | { kind: 'abort'; reasons: string[] }
  /** Enough views and nothing worse: not "good", only not shown bad (notes say what the baseline was). */
  | { kind: 'no-harm-seen'; notes: string[] }
  | { kind: 'not-enough-data'; reason: string };

export const VERDICT_LABELS: Record<Verdict['kind'], string> = {
  abort: '应中止',
  'no-harm-seen': '未见变差（守卫不会推广，推广由人决定）',
  'not-enough-data': '数据不足，不作判断',
};

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** z of "the canary's share is above the stable's", pooled under the hypothesis that they are the same. */
export function twoProportionZ(canaryCount: number, canaryViews: number, stableCount: number, stableViews: number): number {
  const pooled = (canaryCount + stableCount) / (canaryViews + stableViews);
  const standardError = Math.sqrt(pooled * (1 - pooled) * (1 / canaryViews + 1 / stableViews));
  return standardError === 0 ? 0 : (canaryCount / canaryViews - stableCount / stableViews) / standardError;
}

/** z of "the canary's share is above `ceiling`", a fixed rate rather than a measured one. */
export function oneProportionZ(count: number, views: number, ceiling: number): number {
  const standardError = Math.sqrt((ceiling * (1 - ceiling)) / views);
  const excess = count / views - ceiling;
  return standardError === 0 ? (excess > 0 ? Number.POSITIVE_INFINITY : 0) : excess / standardError;
}

interface Side {
  views: number;
  count: number;
}

/** One count (errors, load failures): the reason to abort, or a note when stable could not be the baseline. */
function judgeRate(label: string, canary: Side, stable: Side, ceiling: number, thresholds: GuardThresholds): { reason?: string; note?: string } {
  const canaryRate = canary.count / canary.views;
  const stableRate = stable.views ? stable.count / stable.views : 0;
  const stableUsable = stable.views >= thresholds.minViews && stableRate <= ceiling;
  const baseline = stableUsable ? stableRate : ceiling;
  const z = stableUsable ? twoProportionZ(canary.count, canary.views, stable.count, stable.views) : oneProportionZ(canary.count, canary.views, ceiling);
  const critical = Z_OF_CONFIDENCE[thresholds.confidence];
  const baselineSaid = stableUsable
    ? `稳定版 ${percent(stableRate)}（${stable.count}/${stable.views}）`
    : `上限 ${percent(ceiling)}（稳定版${stable.views < thresholds.minViews ? `只有 ${stable.views} 次访问` : `本身 ${percent(stableRate)}`}，不作基准）`;
  const note = stableUsable ? undefined : `${label}以${baselineSaid}为基准`;
  if (z > critical && canaryRate - baseline >= thresholds.minMargin) {
    return {
      reason: `${label}：灰度 ${percent(canaryRate)}（${canary.count}/${canary.views}）高于${baselineSaid}，z = ${z === Number.POSITIVE_INFINITY ? '∞' : z.toFixed(2)} > ${critical}（${thresholds.confidence * 100}% 置信），差距 ≥ ${percent(thresholds.minMargin)}`,
    };
  }
  return note ? { note } : {};
}

const sideOf = (figures: ReleaseSideFigures | undefined, count: (figures: ReleaseSideFigures) => number): Side =>
  figures ? { views: figures.views, count: Math.min(figures.views, count(figures)) } : { views: 0, count: 0 };

const errorsOf = (figures: ReleaseSideFigures) => Math.round(figures.errorRate * figures.views);

export function judgeCanary(canary: ReleaseSideFigures | undefined, stable: ReleaseSideFigures | undefined, thresholds: GuardThresholds): Verdict {
  if (!canary || canary.views < thresholds.minViews) {
    return { kind: 'not-enough-data', reason: `灰度只有 ${canary?.views ?? 0} 次访问，需要 ${thresholds.minViews} 次` };
  }
  const { baselineCeiling: ceiling } = thresholds;
  const judged = [
    judgeRate('错误率', sideOf(canary, errorsOf), sideOf(stable, errorsOf), ceiling.errorRate, thresholds),
    judgeRate('加载失败率', sideOf(canary, (side) => side.loadFailures), sideOf(stable, (side) => side.loadFailures), ceiling.loadFailureRate, thresholds),
  ];
  const canaryLcp = canary.p75.LCP;
  const stableLcp = stable && stable.views >= thresholds.minViews ? stable.p75.LCP : undefined;
  if (canaryLcp !== undefined) {
    const baseline = Math.min(stableLcp ?? ceiling.lcpMs, ceiling.lcpMs);
    const baselineSaid = baseline === stableLcp ? `稳定版 ${stableLcp} ms` : `上限 ${ceiling.lcpMs} ms（稳定版${stableLcp === undefined ? '数据不足' : ` ${stableLcp} ms`}，不作基准）`;
    if (canaryLcp > baseline * (1 + thresholds.lcpWorseBy)) {
      judged.push({ reason: `LCP p75：灰度 ${canaryLcp} ms 比${baselineSaid}慢 ${percent(canaryLcp / baseline - 1)}，超过 ${percent(thresholds.lcpWorseBy)}` });
    } else if (baseline !== stableLcp) {
      judged.push({ note: `LCP 以${baselineSaid}为基准` });
    }
  }
  const reasons = judged.flatMap((result) => (result.reason ? [result.reason] : []));
  return reasons.length ? { kind: 'abort', reasons } : { kind: 'no-harm-seen', notes: judged.flatMap((result) => (result.note ? [result.note] : [])) };
}
