/**
 * The canary guard: every minute, each canary of the served config is judged on its visitors' field data since it
 * began (verdict.ts); a canary worse than stable beyond chance is aborted as `npm run release -- abort` would, the
 * reason in the history and on the console. It never promotes, and it says a verdict once, when it changes.
 */
import { parseRuntimeConfig, type RemoteName } from '@wenrun/shared/node';
import type { EntryChecker } from './entryCheck';
import { readReleaseFigures, type FieldDataSource } from './fieldFigures';
import { canaryStartedAt } from './history';
import { fileSource, takeStep, type ConfigSource } from './release';
import { parseThresholds, type GuardThresholds } from './thresholds';
import { judgeCanary, judgeRobustly, VERDICT_LABELS, type Verdict } from './verdict';

export const GUARD_INTERVAL_MS = 60_000;

export interface GuardOptions {
  configFile: string;
  /** Where the config and its history are read and the abort written; the file `configFile` when absent. */
  source?: ConfigSource;
  /** Where field data is read; without it, the config's `apiBaseUrl` and the token of the environment. */
  fieldData?: Partial<FieldDataSource>;
  log?: (line: string) => void;
  /** Asked before an abort: false when this guard is no longer the site's one (its lease ended, coordination/). */
  mayAct?: () => boolean;
  check?: EntryChecker;
  now?: () => number;
}

export interface CanaryJudged {
  remote: RemoteName;
  entry: string;
  since: number;
  verdict: Verdict;
  aborted: boolean;
}

/**
 * A remote's canary judged on its field data since `since`: with `leaveOutClients` left out at each end of each
 * count, checked against twice as many (verdict.ts, judgeRobustly). What the guard acts on and `status` shows.
 */
export async function judgeRelease(source: FieldDataSource, remote: string, since: number, thresholds: GuardThresholds): Promise<Verdict> {
  const few = thresholds.leaveOutClients;
  const [first, second] = await Promise.all([few, 2 * few].map((leaveOut) => readReleaseFigures(source, since, leaveOut)));
  const verdictOf = (figures: typeof first) => {
    const row = figures?.remotes.find((candidate) => candidate.remote === remote);
    return judgeCanary(row?.canary, row?.stable, thresholds);
  };
  return judgeRobustly(verdictOf(first), verdictOf(second), thresholds);
}

export function createGuard(options: GuardOptions) {
  const log = options.log ?? ((line: string) => console.log(line));
  const now = options.now ?? Date.now;
  const source = options.source ?? fileSource(options.configFile);
  /** A canary edited in by hand has no history line: judged from when this guard first saw it, never on older views. */
  const firstSeen = new Map<string, number>();
  const said = new Map<string, string>();
  const sayOnce = (key: string, line: string) => {
    if (said.get(key) === line) return;
    said.set(key, line);
    log(line);
  };

  async function judge(remote: RemoteName, entry: string, since: number, raw: Record<string, unknown>, figures: FieldDataSource): Promise<CanaryJudged> {
    const { thresholds, problems } = parseThresholds(raw.canaryGuard);
    for (const problem of problems) sayOnce(`problem ${problem}`, `[guard] ${problem}`);
    const verdict = await judgeRelease(figures, remote, since, thresholds);
    if (verdict.kind !== 'abort') {
      const detail = verdict.kind === 'no-harm-seen' ? verdict.notes.join('；') : verdict.reason;
      sayOnce(`verdict ${remote}`, `[guard] ${remote} 灰度 ${entry}：${VERDICT_LABELS[verdict.kind]}${detail ? `（${detail}）` : ''}`);
      return { remote, entry, since, verdict, aborted: false };
    }
    const reason = `守卫：${verdict.reasons.join('；')}`;
    if (options.mayAct?.() === false) {
      sayOnce(`refused ${remote}`, `[guard] ${remote} 的灰度应中止，但本守卫已不再持有全站守卫的租约，交给当前的守卫`);
      return { remote, entry, since, verdict, aborted: false };
    }
    try {
      await takeStep({ configFile: options.configFile, source, verb: 'abort', remote, reason, expectCanary: entry, ...(options.check ? { check: options.check } : {}) });
      log(`[guard] 已中止 ${remote} 的灰度 ${entry}：${verdict.reasons.join('；')}`);
      return { remote, entry, since, verdict, aborted: true };
    } catch (error) {
      sayOnce(`refused ${remote}`, `[guard] ${remote} 的灰度应中止，但没有中止：${error instanceof Error ? error.message : String(error)}`);
      return { remote, entry, since, verdict, aborted: false };
    }
  }

  /** One look at every canary of the config. */
  async function checkOnce(): Promise<CanaryJudged[]> {
    let raw: Record<string, unknown>;
    try {
      raw = JSON.parse((await source.read()).text) as Record<string, unknown>;
    } catch (error) {
      sayOnce('config', `[guard] 读不到 ${options.configFile}（${error instanceof Error ? error.message : String(error)}），稍后再试`);
      return [];
    }
    said.delete('config');
    const { config } = parseRuntimeConfig(raw);
    const figures: FieldDataSource = { baseUrl: options.fieldData?.baseUrl ?? config.apiBaseUrl, ...(options.fieldData?.token ? { token: options.fieldData.token } : {}) };
    const history = await source.history();
    const judged: CanaryJudged[] = [];
    for (const [remote, canary] of Object.entries(config.canaries) as [RemoteName, { entry: string }][]) {
      const key = `${remote} ${canary.entry}`;
      if (!firstSeen.has(key)) firstSeen.set(key, now());
      const since = canaryStartedAt(history, remote, canary.entry) ?? firstSeen.get(key) ?? now();
      try {
        judged.push(await judge(remote, canary.entry, since, raw, figures));
      } catch (error) {
        sayOnce(`figures ${remote}`, `[guard] ${remote}：${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return judged;
  }

  return { checkOnce };
}

/**
 * Checks now and then every `intervalMs`, one check at a time, until stopped. `checked` hears each check: what was
 * judged, or nothing when the check failed (guardFigures.ts counts them).
 */
export function startGuard(options: GuardOptions & { intervalMs?: number; checked?: (judged: CanaryJudged[] | undefined) => void }): { stop: () => void } {
  const guard = createGuard(options);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const loop = async () => {
    const judged = await guard.checkOnce().catch((error: unknown) => {
      (options.log ?? console.error)(`[guard] 检查失败：${String(error)}`);
      return undefined;
    });
    options.checked?.(judged);
    if (!stopped) timer = setTimeout(() => void loop(), options.intervalMs ?? GUARD_INTERVAL_MS);
  };
  void loop();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
