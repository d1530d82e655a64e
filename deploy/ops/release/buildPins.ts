/**
 * What a release step records of the content it releases (issue 51): the SHA-384 of each file of the build ops hand
 * over (`--build`), read from that folder on disk, never from the remote's origin, which is what the digests guard
 * against. The shell and the render servers then run only files with those digests.
 */
import { MANIFEST_FILE, VERSION_FILE, type ReleaseDigests } from '@wenrun/shared/node';
import { buildDigests } from '../../assemble/digests/buildDigests';
import { unlistedProblem, withDigests } from '../../assemble/digests/recordDigests';
import { checkBuild } from '../publish';
import type { EntryState } from './entryCheck';
import type { ConfigSource } from './configSource';
import { ReleaseRefusal, type RemoteSetting, type StepVerb } from './remoteSetting';

const entriesOf = (setting: RemoteSetting) => [...setting.entries, ...(setting.canary ? [setting.canary.entry] : [])];

/** The entries a step brings into a remote's setting (a canary, a rollback's target) that were not in it. */
export function broughtEntries(before: RemoteSetting, after: RemoteSetting): string[] {
  const had = new Set(entriesOf(before));
  return entriesOf(after).filter((entry) => !had.has(entry));
}

export interface PinRequest {
  verb: StepVerb;
  /** The config's digests before the step. */
  digests: ReleaseDigests;
  brought: string[];
  /** The build folder ops release (what was uploaded to the entry's origin), when given. */
  build?: string;
  /** What each entry of the result answered (`version.json`). */
  states: EntryState[];
  /** The production form: an entry brought with nothing pinned for it would be refused by every visitor's page. */
  required: boolean;
}

function pinBuild({ verb, brought, build, states }: PinRequest & { build: string }): [string, Record<string, string>] {
  const [entry] = brought;
  if (brought.length !== 1 || entry === undefined) {
    throw new ReleaseRefusal(`拒绝执行 ${verb}：--build 只用于带来一个新入口的步骤（canary，或 rollback --to 一个新地址）`);
  }
  let version: string;
  try {
    ({ version } = checkBuild(build));
  } catch (error) {
    throw new ReleaseRefusal(`拒绝执行 ${verb}：--build ${error instanceof Error ? error.message : String(error)}`);
  }
  // The build handed over must be the one the entry serves: otherwise every visitor would refuse the entry's files.
  const answered = states.find((state) => state.entry === entry)?.version;
  if (answered !== version) {
    throw new ReleaseRefusal(
      `拒绝执行 ${verb}：--build 目录的 ${VERSION_FILE} 是版本 ${version}，而 ${entry} 回答的是 ${answered ?? '（无响应）'}：不是同一个构建`,
    );
  }
  return [entry, buildDigests(build)];
}

/**
 * The digests the config holds after a step: the entry it brings pinned to the build ops handed over; undefined
 * when nothing changes. In the production form, an entry brought with no digests and no build is refused: its
 * visitors' pages would run none of it ('发布时没有记录摘要，未运行').
 */
export function digestsAfterStep(request: PinRequest): ReleaseDigests | undefined {
  if (request.build !== undefined) {
    const [entry, pins] = pinBuild({ ...request, build: request.build });
    return { ...request.digests, [entry]: pins };
  }
  const unpinned = request.brought.filter((entry) => !Object.hasOwn(request.digests, entry));
  if (request.required && unpinned.length) {
    throw new ReleaseRefusal(
      `拒绝执行 ${request.verb}：${unpinned.join('、')} 没有发布时记录的摘要，访客的页面不会运行它：请用 --build 指定交给运维的构建目录（其中的 ${MANIFEST_FILE} 与它所列的文件）`,
    );
  }
  return undefined;
}

/** Why `entry` cannot be pinned in the config `source` keeps (listed nowhere there); checked before a deploy builds. */
export async function unpinnableProblem(source: ConfigSource, where: string, entry: string): Promise<string | undefined> {
  return unlistedProblem((await source.read()).text, where, [entry]);
}

/** A write that met another meanwhile (the guard, a release on another host) is taken again on the config it left. */
const RECORD_ATTEMPTS = 3;

/**
 * A deploy's pins (`npm run deploy -- … --entry`: the build it published, read before it was served) recorded in the
 * config `source` keeps, as a release step writes it: the file on one machine, on several hosts the config in
 * PostgreSQL, which every host's follower writes into its own file (a host's file alone would be put back).
 */
export async function recordPins(source: ConfigSource, where: string, pins: ReleaseDigests): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const { text, version } = await source.read();
    try {
      await source.write(withDigests(text, where, pins), undefined, version);
      return;
    } catch (error) {
      if (!(error instanceof ReleaseRefusal) || attempt === RECORD_ATTEMPTS) throw error;
    }
  }
}
