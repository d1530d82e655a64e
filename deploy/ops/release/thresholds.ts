/**
 * The canary guard's thresholds: the `canaryGuard` field of `runtime-config.json`, each checked on its own like the
 * shell's fields (a bad one is a console line and its default). Only the guard and this command read it: it is
 * not in the shell's parser, so no page carries its bytes, and the shell ignores the field.
 */

/** The field of `runtime-config.json` the guard reads (the README's runtime config table names it and its keys). */
export const GUARD_CONFIG_FIELD = 'canaryGuard';

/** One-sided normal quantiles: how far above stable a canary's rate must be, in standard errors, to be no chance. */
export const Z_OF_CONFIDENCE = { 0.95: 1.645, 0.99: 2.326, 0.999: 3.09 } as const;
export type Confidence = keyof typeof Z_OF_CONFIDENCE;

export interface GuardThresholds {
  /** Views each side needs before any verdict. */
  minViews: number;
  /**
   * Distinct clients (IPv4 addresses, IPv6 /64s) each side needs before any verdict: one client, however many views
   * it sends, is never enough. More than four times `leaveOutClients`, so views are left once they are left out.
   */
  minClients: number;
  /**
   * The threat model's ten: for each count, the clients with the most such views and those with the most views
   * without, this many of each, are left out of each side before it is judged, and again twice as many; a verdict
   * that differs between the two rests on few clients and is refused (verdict.ts).
   */
  leaveOutClients: number;
  /** Of the test that the canary's rate is above stable's. */
  confidence: Confidence;
  /** Beyond chance is not enough: the canary's rate must also be this much higher (absolute, 0.02 = 2 points). */
  minMargin: number;
  /** The canary's p75 LCP may be this much worse than stable's (0.2 = 20 %) and no more. */
  lcpWorseBy: number;
  /** The same for INP: how much worse the canary's p75 INP may be. */
  inpWorseBy: number;
  /**
   * A stable build worse than this is no baseline: the canary is held to these figures instead, so a failing stable
   * cannot make a failing canary look fine.
   */
  baselineCeiling: { errorRate: number; loadFailureRate: number; lcpMs: number; inpMs: number };
}

export const DEFAULT_THRESHOLDS: GuardThresholds = {
  minViews: 200,
  minClients: 50,
  leaveOutClients: 10,
  confidence: 0.99,
  minMargin: 0.02,
  lcpWorseBy: 0.2,
  inpWorseBy: 0.2,
  // 4 s and 500 ms: where web.dev calls a page's p75 LCP and INP poor.
  baselineCeiling: { errorRate: 0.05, loadFailureRate: 0.05, lcpMs: 4000, inpMs: 500 },
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function parseThresholds(raw: unknown): { thresholds: GuardThresholds; problems: string[] } {
  const problems: string[] = [];
  const given = isRecord(raw) ? raw : {};
  if (raw !== undefined && !isRecord(raw)) problems.push('canaryGuard: 不是对象，使用默认值');
  const number = (name: string, value: unknown, fallback: number, min: number, max: number): number => {
    if (value === undefined) return fallback;
    if (typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max) return value;
    problems.push(`canaryGuard.${name}: 应为 ${min}–${max} 之间的数，使用默认值 ${fallback}`);
    return fallback;
  };
  const ceiling = isRecord(given.baselineCeiling) ? given.baselineCeiling : {};
  const defaults = DEFAULT_THRESHOLDS;
  const confidence = given.confidence ?? defaults.confidence;
  const known = Object.keys(Z_OF_CONFIDENCE).map(Number);
  if (!known.includes(confidence as number)) problems.push(`canaryGuard.confidence: 只能是 ${known.join('、')}，使用默认值 ${defaults.confidence}`);
  const leaveOutClients = Math.round(number('leaveOutClients', given.leaveOutClients, defaults.leaveOutClients, 0, 1000));
  // Both ends of each side, twice over: 4 × leaveOutClients clients may be left out of a side.
  const fewestClients = 4 * leaveOutClients + 1;
  let minClients = Math.round(number('minClients', given.minClients, Math.max(defaults.minClients, fewestClients), 1, 1_000_000));
  if (minClients < fewestClients) {
    problems.push(`canaryGuard.minClients: 应至少为 4 × leaveOutClients + 1 = ${fewestClients}，使用 ${fewestClients}`);
    minClients = fewestClients;
  }
  return {
    thresholds: {
      minViews: Math.round(number('minViews', given.minViews, defaults.minViews, 1, 1_000_000)),
      minClients,
      leaveOutClients,
      confidence: known.includes(confidence as number) ? (confidence as Confidence) : defaults.confidence,
      minMargin: number('minMargin', given.minMargin, defaults.minMargin, 0, 1),
      lcpWorseBy: number('lcpWorseBy', given.lcpWorseBy, defaults.lcpWorseBy, 0, 10),
      inpWorseBy: number('inpWorseBy', given.inpWorseBy, defaults.inpWorseBy, 0, 10),
      baselineCeiling: {
        errorRate: number('baselineCeiling.errorRate', ceiling.errorRate, defaults.baselineCeiling.errorRate, 0, 1),
        loadFailureRate: number('baselineCeiling.loadFailureRate', ceiling.loadFailureRate, defaults.baselineCeiling.loadFailureRate, 0, 1),
        lcpMs: number('baselineCeiling.lcpMs', ceiling.lcpMs, defaults.baselineCeiling.lcpMs, 1, 60_000),
        inpMs: number('baselineCeiling.inpMs', ceiling.inpMs, defaults.baselineCeiling.inpMs, 1, 60_000),
      },
    },
    problems,
  };
}
