/**
 * A remote's release (its entries and canary, as the shell reads them from `runtime-config.json`), the steps as
 * changes of it, and the plainest form that writes it back. Pure: checking that entries answer, writing the file
 * and the history are release.ts's.
 */
import { MAX_REMOTE_ENTRIES, type CanaryRelease } from '@wenrun/shared/node';

export interface RemoteSetting {
  /** Primary first, then fallbacks. */
  entries: string[];
  canary?: CanaryRelease;
}

/** A step refused, with the Chinese sentence ops read. */
export class ReleaseRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReleaseRefusal';
  }
}

/** What goes back into the file: a list without a canary, `{ entries, canary }` with one. */
export function writtenSetting(setting: RemoteSetting): string[] | { entries: string[]; canary: CanaryRelease } {
  return setting.canary ? { entries: setting.entries, canary: setting.canary } : setting.entries;
}

export function checkPercent(percent: number): number {
  if (!Number.isFinite(percent) || percent <= 0 || percent > 100) throw new ReleaseRefusal(`比例应为 1–100 之间的数，而不是 ${percent}`);
  return percent;
}

const withoutDuplicates = (entries: string[]) => [...new Set(entries)].slice(0, MAX_REMOTE_ENTRIES);

export const steps = {
  canary(setting: RemoteSetting, entry: string, percent: number): RemoteSetting {
    if (setting.canary) throw new ReleaseRefusal(`已有灰度 ${setting.canary.entry}（${setting.canary.percent}%）：先 promote 或 abort`);
    if (setting.entries.includes(entry)) throw new ReleaseRefusal(`${entry} 已经是这个 remote 的入口，不能再作为灰度`);
    return { entries: setting.entries, canary: { entry, percent: checkPercent(percent) } };
  },
  widen(setting: RemoteSetting, percent: number): RemoteSetting {
    if (!setting.canary) throw new ReleaseRefusal('没有正在进行的灰度，无法扩大');
    if (checkPercent(percent) <= setting.canary.percent) {
      throw new ReleaseRefusal(`扩大后的比例 ${percent}% 应大于现在的 ${setting.canary.percent}%（要停止灰度请用 abort）`);
    }
    return { entries: setting.entries, canary: { ...setting.canary, percent } };
  },
  /** The canary's build becomes everyone's; the old primary stays behind it as the fallback. */
  promote(setting: RemoteSetting): RemoteSetting {
    if (!setting.canary) throw new ReleaseRefusal('没有正在进行的灰度，无法推广');
    return { entries: withoutDuplicates([setting.canary.entry, ...setting.entries]) };
  },
  abort(setting: RemoteSetting): RemoteSetting {
    if (!setting.canary) throw new ReleaseRefusal('没有正在进行的灰度，无需中止');
    return { entries: setting.entries };
  },
  /** `target` first; the primary rolled back from is dropped, and so is a canary: everyone gets the good build. */
  rollback(setting: RemoteSetting, target: string): RemoteSetting {
    const [current] = setting.entries;
    if (target === current && !setting.canary) throw new ReleaseRefusal(`${target} 已经是主地址，无需回滚`);
    return { entries: withoutDuplicates([target, ...setting.entries.filter((entry) => entry !== current)]) };
  },
};

export type StepVerb = keyof typeof steps;
