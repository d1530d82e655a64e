/**
 * The canary guard's statistics: is a canary worse than stable beyond chance? One-sided tests only: the guard asks
 * whether the canary is worse, never whether it is better (it never promotes), so a canary that merely matches a
 * failing stable is held to the ceiling instead (thresholds.ts). The counts judged are those left once the clients
 * that push each most either way are left out (`trimmed`), so that no ten clients decide. README of this folder has
 * the reasoning and the threat model.
 */
import type { ReleaseSideFigures, SideCount } from '@wenrun/shared/node';
import { Z_OF_CONFIDENCE, type GuardThresholds } from './thresholds';

export type Verdict =
  /** Worse beyond chance on at least one count: each reason says which, by how much. */
  | { kind: 'abort'; reasons: string[] }
  /** Enough views and nothing worse: not "good", only not shown bad (notes say what the baseline was). */
  | { kind: 'no-harm-seen'; notes: string[] }
  | { kind: 'not-enough-data'; reason: string }
  /** Beyond the threat model: the verdict rests on more agreeing clients than it is robust to. Nothing is done. */
  | { kind: 'refused'; reason: string };

export const VERDICT_LABELS: Record<Verdict['kind'], string> = {
  abort: '应中止',
  'no-harm-seen': '未见变差（守卫不会推广，推广由人决定）',
  'not-enough-data': '数据不足，不作判断',
  refused: '拒绝判断（超出威胁模型）',
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

/** One count of a side as judged (the clients that push it most either way left out), and the side's own size. */
interface Side {
  views: number;
  count: number;
  allViews: number;
  clients: number;
}

/** One count (errors, load failures): the reason to abort, or a note when stable could not be the baseline. */
function judgeRate(label: string, canary: Side, stable: Side, ceiling: number, thresholds: GuardThresholds): { reason?: string; note?: string } {
  if (canary.views === 0) return {};
  const canaryRate = canary.count / canary.views;
  const stableRate = stable.views ? stable.count / stable.views : 0;
  const stableBigEnough = stable.allViews >= thresholds.minViews && stable.clients >= thresholds.minClients && stable.views > 0;
  const stableUsable = stableBigEnough && stableRate <= ceiling;
  const baseline = stableUsable ? stableRate : ceiling;
  const z = stableUsable ? twoProportionZ(canary.count, canary.views, stable.count, stable.views) : oneProportionZ(canary.count, canary.views, ceiling);
  const critical = Z_OF_CONFIDENCE[thresholds.confidence];
  const baselineSaid = stableUsable
    ? `稳定版 ${percent(stableRate)}（${stable.count}/${stable.views}）`
    : `上限 ${percent(ceiling)}（稳定版${
        stable.allViews < thresholds.minViews
          ? `只有 ${stable.allViews} 次访问`
          : stable.clients < thresholds.minClients
            ? `只有 ${stable.clients} 个访问者`
            : `本身 ${percent(stableRate)}`
      }，不作基准）`;
  const note = stableUsable ? undefined : `${label}以${baselineSaid}为基准`;
  if (z > critical && canaryRate - baseline >= thresholds.minMargin) {
    return {
      reason: `${label}：灰度 ${percent(canaryRate)}（${canary.count}/${canary.views}）高于${baselineSaid}，z = ${z === Number.POSITIVE_INFINITY ? '∞' : z.toFixed(2)} > ${critical}（${thresholds.confidence * 100}% 置信），差距 ≥ ${percent(thresholds.minMargin)}`,
    };
  }
  return note ? { note } : {};
}

const sideOf = (figures: ReleaseSideFigures | undefined, count: (trimmed: ReleaseSideFigures['trimmed']) => SideCount): Side => {
  if (!figures) return { views: 0, count: 0, allViews: 0, clients: 0 };
  const { views, count: counted } = count(figures.trimmed);
  return { views, count: Math.min(views, counted), allViews: figures.views, clients: figures.clients };
};

/**
 * A time metric (the median client's p75, robust to the threat model's ten: reference-api/src/db/fieldData/releaseGuardQueries.ts): the
 * reason to abort when the canary's is more than `worseBy` slower than its baseline, stable's or the ceiling's.
 */
function judgeTime(label: string, canaryMs: number | undefined, stableMs: number | undefined, ceilingMs: number, worseBy: number): { reason?: string; note?: string } {
  if (canaryMs === undefined) return {};
  const baseline = Math.min(stableMs ?? ceilingMs, ceilingMs);
  const baselineSaid = baseline === stableMs ? `稳定版 ${stableMs} ms` : `上限 ${ceilingMs} ms（稳定版${stableMs === undefined ? '数据不足' : ` ${stableMs} ms`}，不作基准）`;
  if (canaryMs > baseline * (1 + worseBy)) {
    return { reason: `${label} p75：灰度 ${canaryMs} ms 比${baselineSaid}慢 ${percent(canaryMs / baseline - 1)}，超过 ${percent(worseBy)}` };
  }
  return baseline === stableMs ? {} : { note: `${label} 以${baselineSaid}为基准` };
}

export function judgeCanary(canary: ReleaseSideFigures | undefined, stable: ReleaseSideFigures | undefined, thresholds: GuardThresholds): Verdict {
  if (!canary || canary.views < thresholds.minViews) {
    return { kind: 'not-enough-data', reason: `灰度只有 ${canary?.views ?? 0} 次访问，需要 ${thresholds.minViews} 次` };
  }
  if (canary.clients < thresholds.minClients) {
    return { kind: 'not-enough-data', reason: `灰度只有 ${canary.clients} 个访问者（地址），需要 ${thresholds.minClients} 个` };
  }
  const { baselineCeiling: ceiling } = thresholds;
  const judged = [
    // The canary with the pushing clients of both ends left out, stable with those of its clean end only: ten
    // forgers at either end of either side then leave each reading where the real clients put it, or in the
    // canary's favour (README.md, the threat model).
    judgeRate('错误率', sideOf(canary, (side) => side.errors), sideOf(stable, (side) => side.errorsHigh), ceiling.errorRate, thresholds),
    judgeRate('加载失败率', sideOf(canary, (side) => side.loadFailures), sideOf(stable, (side) => side.loadFailuresHigh), ceiling.loadFailureRate, thresholds),
  ];
  const stableUsable = stable !== undefined && stable.views >= thresholds.minViews && stable.clients >= thresholds.minClients;
  judged.push(
    judgeTime('LCP', canary.trimmed.lcp.p75, stableUsable ? stable.trimmed.lcp.p75 : undefined, ceiling.lcpMs, thresholds.lcpWorseBy),
    judgeTime('INP', canary.trimmed.inp.p75, stableUsable ? stable.trimmed.inp.p75 : undefined, ceiling.inpMs, thresholds.inpWorseBy),
  );
  const reasons = judged.flatMap((result) => (result.reason ? [result.reason] : []));
  return reasons.length ? { kind: 'abort', reasons } : { kind: 'no-harm-seen', notes: judged.flatMap((result) => (result.note ? [result.note] : [])) };
}

const said = (verdict: Verdict) => (verdict.kind === 'abort' ? '应中止' : '不应中止');

/**
 * The verdict with `leaveOutClients` left out at each end (`first`), checked against the one with twice as many
 * left out (`second`): when they disagree on aborting, between `leaveOutClients` and twice as many agreeing clients
 * decide it, which the threat model does not cover (a botnet, or a failure only that few visitors meet). The guard
 * then refuses, and says why, rather than act on it.
 */
export function judgeRobustly(first: Verdict, second: Verdict, thresholds: GuardThresholds): Verdict {
  if (first.kind === 'not-enough-data' || (first.kind === 'abort') === (second.kind === 'abort')) return first;
  const { leaveOutClients: few } = thresholds;
  return {
    kind: 'refused',
    reason: `结论取决于少数访问者：每端去掉 ${few} 个访问者时${said(first)}，去掉 ${2 * few} 个时${said(second)}；可能有超过 ${few} 个地址协同伪造现场数据，守卫不作判断，请人工查看`,
  };
}
