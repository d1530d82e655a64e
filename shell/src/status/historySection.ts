import { describeRelease, RELEASE_HISTORY_FILE } from '@wenrun/shared';
import { chinaTime, element, section, table } from './dom';

/** The newest steps shown: the file keeps every one, ops read older ones there. */
const SHOWN = 20;

export const VERB_LABELS: Record<string, string> = { canary: '灰度', widen: '扩大灰度', promote: '推广', abort: '中止', rollback: '回滚' };

export interface ReleaseStep {
  /** ms since the epoch. */
  at: number;
  verb: string;
  remote: string;
  before?: Parameters<typeof describeRelease>[0];
  after?: Parameters<typeof describeRelease>[0];
  reason: string;
}

const verbOf = (step: ReleaseStep) => VERB_LABELS[step.verb] ?? step.verb;

/**
 * The release history (`npm run release`, the canary guard): the JSON lines beside runtime-config.json, oldest
 * first. A line that is not one (a hand edit, a server answering with a page) is skipped.
 */
export async function readReleaseSteps(): Promise<ReleaseStep[]> {
  let text = '';
  try {
    const response = await fetch(`/${RELEASE_HISTORY_FILE}`, { cache: 'no-store' });
    text = response.ok ? await response.text() : '';
  } catch {
    // No history served: shown like an empty one.
  }
  return text.split('\n').flatMap((line) => {
    try {
      const raw = JSON.parse(line) as Partial<Record<keyof ReleaseStep | 'time', unknown>>;
      const at = Date.parse(String(raw.time));
      if (typeof raw.verb !== 'string' || Number.isNaN(at)) return [];
      return [{ at, verb: raw.verb, remote: String(raw.remote), before: raw.before as ReleaseStep['before'], after: raw.after as ReleaseStep['after'], reason: String(raw.reason) }];
    } catch {
      return [];
    }
  });
}

/** Steps as a table, newest first. */
export function stepsTable(steps: ReleaseStep[]): Node {
  return table(
    ['时间', '操作', '模块', '之前', '之后', '原因'],
    steps
      .slice(-SHOWN)
      .reverse()
      .map((step) => [chinaTime(step.at), verbOf(step), step.remote, describeRelease(step.before), describeRelease(step.after), step.reason]),
  );
}

export function historySection(steps: ReleaseStep[]): Node {
  return section(
    '发布记录',
    steps.length ? stepsTable(steps) : element('p', '还没有发布记录（npm run release 和灰度守卫的每一步都记在这里）。'),
  );
}

/** "14:20 中止" for a chart's time axis. */
export function stepMark(step: ReleaseStep): string {
  return `${chinaTime(step.at, false)} ${verbOf(step)}`;
}
