/**
 * One release step, taken safely on the served `runtime-config.json`: the step on the remote as the shell reads it,
 * refused when it would leave the remote without a working entry, the result checked with the shell's own parser,
 * the file replaced atomically (unless someone changed it meanwhile), and a line appended to the history. On several
 * hosts the same, on the config kept in PostgreSQL (`ConfigSource`, configSource.ts and deploy/ops/coordination/).
 */
import { HTTPS_ONLY_MESSAGE, parseRuntimeConfig, REMOTE_NAMES, type RemoteName } from '@wenrun/shared/node';
import { broughtEntries, digestsAfterStep } from './buildPins';
import { fileSource, readConfig, type ConfigSource, type RawConfig } from './configSource';
import { checkEntry, type EntryChecker, type EntryState } from './entryCheck';
import { knownGoodEntries, type HistoryLine } from './history';
import { ReleaseRefusal, steps, writtenSetting, type RemoteSetting, type StepVerb } from './remoteSetting';

export interface StepRequest {
  configFile: string;
  /** Where the config is read and written; the file `configFile` when absent. */
  source?: ConfigSource;
  verb: StepVerb;
  remote: string;
  /** canary: the canary build's manifest. */
  entry?: string;
  /** canary, widen: the share of visitors. */
  percent?: number;
  /** rollback: the entry to go back to; without it, the last known good one that answers. */
  to?: string;
  reason: string;
  /**
   * canary, rollback --to a new address: the build folder ops release there (the files uploaded to its origin).
   * Its files' digests are recorded in the config's `digests` for that entry, read from this folder.
   */
  build?: string;
  /**
   * Refuse, in the production form, an entry the step brings with no digests recorded and no `build` (`npm run
   * release` does): every visitor's page would refuse its files.
   */
  pinsRequired?: boolean;
  /** The guard's abort: the canary it judged. Refused when the file names another one by now. */
  expectCanary?: string;
  check?: EntryChecker;
  now?: () => Date;
}

export interface TakenStep {
  line: HistoryLine;
  /** What each entry of the result answered. */
  states: EntryState[];
}

export function remoteNamed(remote: string | undefined): RemoteName {
  if (!remote || !(REMOTE_NAMES as string[]).includes(remote)) {
    throw new ReleaseRefusal(`不认识的 remote：${remote ?? '（未指定 --remote）'}（可选：${REMOTE_NAMES.join('、')}）`);
  }
  return remote as RemoteName;
}

/** The remote as visitors get it: the shell's reading of the file. */
export function settingOf(raw: unknown, remote: RemoteName): RemoteSetting {
  const { config } = parseRuntimeConfig(raw);
  const canary = config.canaries[remote];
  return { entries: config.remotes[remote], ...(canary ? { canary } : {}) };
}

/** The entry a rollback goes back to: the newest known good one that answers, from the history, then the fallbacks. */
async function rollbackTarget(request: StepRequest, source: ConfigSource, before: RemoteSetting, check: EntryChecker): Promise<string> {
  if (request.to) return request.to;
  const [current, ...fallbacks] = before.entries;
  const candidates = [...new Set([...knownGoodEntries(await source.history(), request.remote, current), ...fallbacks])];
  for (const candidate of candidates) {
    if ((await check(candidate)).version) return candidate;
  }
  throw new ReleaseRefusal(`没有可回滚到的已知良好入口${candidates.length ? `（${candidates.join('、')} 都没有响应）` : '（历史和备用地址中都没有）'}`);
}

function afterStep(request: StepRequest, before: RemoteSetting, target: string | undefined): RemoteSetting {
  switch (request.verb) {
    case 'canary':
      if (!request.entry) throw new ReleaseRefusal('canary 需要 --entry（灰度版本的 mf-manifest.json 地址）');
      return steps.canary(before, request.entry, request.percent ?? Number.NaN);
    case 'widen':
      return steps.widen(before, request.percent ?? Number.NaN);
    case 'promote':
      return steps.promote(before);
    case 'abort':
      return steps.abort(before);
    case 'rollback':
      return steps.rollback(before, target ?? '');
  }
}

/**
 * The production form's config (its API on https:, as start.ts writes it over TLS) takes only https: entries: its
 * render servers would evaluate code fetched over plain HTTP, and its pages' CSP would let http: in. Only entries
 * this step brings are refused, so an abort or a rollback still runs on a file edited by hand.
 */
function refusePlainEntries(raw: unknown, verb: StepVerb, before: RemoteSetting, after: RemoteSetting): void {
  if (!parseRuntimeConfig(raw).config.apiBaseUrl.startsWith('https:')) return;
  const had = new Set([...before.entries, ...(before.canary ? [before.canary.entry] : [])]);
  const plain = [...after.entries, ...(after.canary ? [after.canary.entry] : [])].filter((entry) => !had.has(entry) && !entry.startsWith('https:'));
  if (plain.length) throw new ReleaseRefusal(`拒绝执行 ${verb}：${plain.join('、')} ${HTTPS_ONLY_MESSAGE}`);
}

/** Refuses a result whose visitors would meet no working entry, or a step whose new front entry does not answer. */
async function checkWorking(remote: string, verb: StepVerb, after: RemoteSetting, check: EntryChecker): Promise<EntryState[]> {
  const states = await Promise.all([...after.entries, ...(after.canary ? [after.canary.entry] : [])].map(check));
  const stable = states.slice(0, after.entries.length);
  if (!stable.some((state) => state.version)) {
    throw new ReleaseRefusal(
      `拒绝执行 ${verb}：${remote} 将没有可用的入口（${stable.map((state) => `${state.entry}：${state.problem}`).join('；')}）`,
    );
  }
  const front = verb === 'canary' || verb === 'widen' ? after.canary?.entry : verb === 'abort' ? undefined : after.entries[0];
  const frontState = states.find((state) => state.entry === front);
  if (frontState && !frontState.version) {
    throw new ReleaseRefusal(`拒绝执行 ${verb}：${frontState.entry} 不可用（${frontState.problem}），访客会全部落到备用地址上`);
  }
  return states;
}

export async function takeStep(request: StepRequest): Promise<TakenStep> {
  const check = request.check ?? checkEntry;
  const remote = remoteNamed(request.remote);
  const source = request.source ?? fileSource(request.configFile);
  const { raw, version } = await readConfig(source, request.configFile);
  const before = settingOf(raw, remote);
  if (request.expectCanary !== undefined && before.canary?.entry !== request.expectCanary) {
    throw new ReleaseRefusal(`${remote} 的灰度已不是 ${request.expectCanary}，不再中止`);
  }
  const target = request.verb === 'rollback' ? await rollbackTarget(request, source, before, check) : undefined;
  const after = afterStep(request, before, target);
  refusePlainEntries(raw, request.verb, before, after);
  const states = await checkWorking(remote, request.verb, after, check);
  const { config } = parseRuntimeConfig(raw);
  const digests = digestsAfterStep({
    verb: request.verb,
    digests: config.digests,
    brought: broughtEntries(before, after),
    ...(request.build !== undefined ? { build: request.build } : {}),
    states,
    required: (request.pinsRequired ?? false) && config.apiBaseUrl.startsWith('https:'),
  });

  const next: RawConfig = {
    ...raw,
    remotes: { ...(typeof raw.remotes === 'object' ? raw.remotes : {}), [remote]: writtenSetting(after) },
    ...(digests ? { digests } : {}),
  };
  const known = new Set(parseRuntimeConfig(raw).problems);
  const problems = parseRuntimeConfig(next).problems.filter((problem) => !known.has(problem));
  if (problems.length) throw new ReleaseRefusal(`修改后的配置没有通过 shell 的检查：${problems.join('；')}`);

  // The entries were being asked meanwhile: a hand edit, the guard or another host may have written since the read.
  const line: HistoryLine = { time: (request.now?.() ?? new Date()).toISOString(), verb: request.verb, remote, before, after, reason: request.reason };
  await source.write(`${JSON.stringify(next, null, 2)}\n`, line, version);
  return { line, states };
}
