/**
 * The canary guard: every minute, each canary of the served config is judged on its visitors' field data since it
 * began (verdict.ts); a canary worse than stable beyond chance is aborted as `npm run release -- abort` would, the
 * reason in the history and on the console. It never promotes, and it says a verdict once, when it changes.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  GUARD_VERDICT_FILE,
  parseRuntimeConfig,
  type GuardSideFigures,
  type GuardVerdictRecord,
  type GuardVerdicts,
  type ReleaseSideFigures,
  type RemoteName,
} from '@wenrun/shared/node';
import type { EntryChecker } from './entryCheck';
import { readReleaseFigures, type FieldDataSource } from './fieldDataClient';
import { canaryStartedAt } from './history';
import { fileSource, readConfig, type ConfigSource } from './configSource';
import { takeStep } from './release';
import { GUARD_CONFIG_FIELD, parseThresholds, Z_OF_CONFIDENCE, type GuardThresholds } from './thresholds';
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
  /** The figures judged (leaveOutClients left out at each end), for the console. */
  figures?: JudgedRelease['figures'];
  thresholds: GuardThresholds;
}

export interface JudgedRelease {
  verdict: Verdict;
  figures?: { canary?: ReleaseSideFigures; stable?: ReleaseSideFigures };
}

/**
 * A remote's canary judged on its field data since `since`: with `leaveOutClients` left out at each end of each
 * count, checked against twice as many (verdict.ts, judgeRobustly). What the guard acts on and `status` shows.
 */
export async function judgeRelease(source: FieldDataSource, remote: string, since: number, thresholds: GuardThresholds): Promise<JudgedRelease> {
  const few = thresholds.leaveOutClients;
  const [first, second] = await Promise.all([few, 2 * few].map((leaveOut) => readReleaseFigures(source, since, leaveOut)));
  const rowOf = (figures: typeof first) => figures?.remotes.find((candidate) => candidate.remote === remote);
  const verdictOf = (figures: typeof first) => judgeCanary(rowOf(figures)?.canary, rowOf(figures)?.stable, thresholds);
  const row = rowOf(first);
  return { verdict: judgeRobustly(verdictOf(first), verdictOf(second), thresholds), ...(row ? { figures: row } : {}) };
}

export function guardVerdictFileBeside(configFile: string): string {
  return path.join(path.dirname(configFile), GUARD_VERDICT_FILE);
}

/** The test a verdict rests on, in words, for ops reading the console. */
export function describeTest(thresholds: GuardThresholds): string {
  const { confidence, minMargin, lcpWorseBy, inpWorseBy, leaveOutClients: few, minViews, minClients } = thresholds;
  return (
    `错误率与加载失败率：单侧两比例 z 检验，${confidence * 100}% 置信（z > ${Z_OF_CONFIDENCE[confidence]}），且至少高 ${minMargin * 100} 个百分点；` +
    `错误与加载失败每端去掉 ${few} 个访问者，并以去掉 ${2 * few} 个核对；` +
    `LCP 与 INP 取各访问者自身 p75 的中位数，比稳定版慢不超过 ${lcpWorseBy * 100}% 与 ${inpWorseBy * 100}%；` +
    `每侧至少 ${minViews} 次访问、${minClients} 个访问者`
  );
}

const sideFigures = (side: ReleaseSideFigures | undefined): GuardSideFigures | undefined =>
  side && {
    views: side.views,
    clients: side.clients,
    errors: side.trimmed.errors,
    loadFailures: side.trimmed.loadFailures,
    ...(side.trimmed.lcp.p75 === undefined ? {} : { lcpP75: side.trimmed.lcp.p75 }),
    ...(side.trimmed.inp.p75 === undefined ? {} : { inpP75: side.trimmed.inp.p75 }),
  };

/** A judgement as the console reads it (GUARD_VERDICT_FILE). */
export function verdictRecord(judged: CanaryJudged, checkedAt: number): GuardVerdictRecord {
  const { verdict } = judged;
  const canary = sideFigures(judged.figures?.canary);
  const stable = sideFigures(judged.figures?.stable);
  return {
    remote: judged.remote,
    entry: judged.entry,
    since: judged.since,
    checkedAt,
    kind: verdict.kind,
    label: judged.aborted ? '已中止' : VERDICT_LABELS[verdict.kind],
    details: verdict.kind === 'abort' ? verdict.reasons : verdict.kind === 'no-harm-seen' ? verdict.notes : [verdict.reason],
    aborted: judged.aborted,
    test: describeTest(judged.thresholds),
    ...(canary || stable ? { figures: { ...(canary ? { canary } : {}), ...(stable ? { stable } : {}) } } : {}),
  };
}

/** Each remote's last verdict; a file missing or broken starts empty (the next check writes it again). */
function readVerdicts(file: string): Map<string, GuardVerdictRecord> {
  try {
    const read = JSON.parse(fs.readFileSync(file, 'utf8')) as GuardVerdicts;
    return new Map(read.verdicts.map((record) => [record.remote, record]));
  } catch {
    return new Map();
  }
}

/** Written whole then renamed into place: a reader never sees half a file. */
function writeVerdicts(file: string, verdicts: Map<string, GuardVerdictRecord>, updatedAt: number): void {
  const body: GuardVerdicts = { updatedAt, verdicts: [...verdicts.values()].sort((a, b) => a.remote.localeCompare(b.remote)) };
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(body, null, 2)}\n`);
  fs.renameSync(temporary, file);
}

/**
 * This check's verdicts written over the file's; the last verdict of each remote stays when its canary is gone
 * (aborted, promoted): what the console shows. Returns the line to say when the file cannot be written.
 */
function keepVerdicts(file: string, judged: CanaryJudged[], checkedAt: number): string | undefined {
  const verdicts = readVerdicts(file);
  for (const one of judged) verdicts.set(one.remote, verdictRecord(one, checkedAt));
  try {
    writeVerdicts(file, verdicts, checkedAt);
    return undefined;
  } catch (error) {
    return `[guard] 写不了 ${file}（${error instanceof Error ? error.message : String(error)}），控制台看不到守卫的判定`;
  }
}

/** A line said once per key until it changes: a verdict repeated every minute is said when it changes. */
function sayingOnce(log: (line: string) => void) {
  const said = new Map<string, string>();
  return {
    sayOnce: (key: string, line: string) => {
      if (said.get(key) === line) return;
      said.set(key, line);
      log(line);
    },
    forget: (key: string) => said.delete(key),
  };
}

export function createGuard(options: GuardOptions) {
  const log = options.log ?? ((line: string) => console.log(line));
  const now = options.now ?? Date.now;
  const source = options.source ?? fileSource(options.configFile);
  /** A canary edited in by hand has no history line: judged from when this guard first saw it, never on older views. */
  const firstSeen = new Map<string, number>();
  const { sayOnce, forget } = sayingOnce(log);

  async function judge(remote: RemoteName, entry: string, since: number, raw: Record<string, unknown>, figures: FieldDataSource): Promise<CanaryJudged> {
    const { thresholds, problems } = parseThresholds(raw[GUARD_CONFIG_FIELD]);
    for (const problem of problems) sayOnce(`problem ${problem}`, `[guard] ${problem}`);
    const { verdict, figures: measured } = await judgeRelease(figures, remote, since, thresholds);
    const judged = { remote, entry, since, verdict, ...(measured ? { figures: measured } : {}), thresholds };
    if (verdict.kind !== 'abort') {
      const detail = verdict.kind === 'no-harm-seen' ? verdict.notes.join('；') : verdict.reason;
      sayOnce(`verdict ${remote}`, `[guard] ${remote} 灰度 ${entry}：${VERDICT_LABELS[verdict.kind]}${detail ? `（${detail}）` : ''}`);
      return { ...judged, aborted: false };
    }
    const reason = `守卫：${verdict.reasons.join('；')}`;
    if (options.mayAct?.() === false) {
      sayOnce(`refused ${remote}`, `[guard] ${remote} 的灰度应中止，但本守卫已不再持有全站守卫的租约，交给当前的守卫`);
      return { ...judged, aborted: false };
    }
    try {
      // On the guard's clock, like its verdict: the abort is marked when the guard judged it.
      await takeStep({
        configFile: options.configFile,
        source,
        verb: 'abort',
        remote,
        reason,
        expectCanary: entry,
        now: () => new Date(now()),
        ...(options.check ? { check: options.check } : {}),
      });
      log(`[guard] 已中止 ${remote} 的灰度 ${entry}：${verdict.reasons.join('；')}`);
      return { ...judged, aborted: true };
    } catch (error) {
      sayOnce(`refused ${remote}`, `[guard] ${remote} 的灰度应中止，但没有中止：${error instanceof Error ? error.message : String(error)}`);
      return { ...judged, aborted: false };
    }
  }

  /** One look at every canary of the config. */
  async function checkOnce(): Promise<CanaryJudged[]> {
    let raw: Record<string, unknown>;
    try {
      ({ raw } = await readConfig(source, options.configFile));
    } catch (error) {
      sayOnce('config', `[guard] ${error instanceof Error ? error.message : String(error)}，稍后再试`);
      return [];
    }
    forget('config');
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
    if (judged.length) {
      const problem = keepVerdicts(guardVerdictFileBeside(options.configFile), judged, now());
      if (problem) sayOnce('verdict file', problem);
    }
    return judged;
  }

  return { checkOnce };
}

/**
 * Checks now and then every `intervalMs`, one check at a time, until stopped. `checked` hears each check: what was
 * judged, or nothing when the check failed (guardMetrics.ts counts them).
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
