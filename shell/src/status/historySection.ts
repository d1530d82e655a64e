import { describeRelease, RELEASE_HISTORY_FILE } from '@wenrun/shared';
import { element, section, table } from './dom';

/** The newest steps shown: the file keeps every one, ops read older ones there. */
const SHOWN = 20;

interface Step {
  time?: unknown;
  verb?: unknown;
  remote?: unknown;
  before?: Parameters<typeof describeRelease>[0];
  after?: Parameters<typeof describeRelease>[0];
  reason?: unknown;
}

/**
 * The release history (`npm run release`, the canary guard): the JSON lines beside runtime-config.json, newest
 * first. A line that is not one (a hand edit, a server answering with a page) is skipped.
 */
export async function historySection(): Promise<Node> {
  let steps: Step[] = [];
  try {
    const response = await fetch(`/${RELEASE_HISTORY_FILE}`, { cache: 'no-store' });
    const text = response.ok ? await response.text() : '';
    steps = text.split('\n').flatMap((line) => {
      try {
        const step = JSON.parse(line) as Step;
        return typeof step === 'object' && step !== null && typeof step.verb === 'string' ? [step] : [];
      } catch {
        return [];
      }
    });
  } catch {
    // No history served: said below like an empty one.
  }
  const rows = steps
    .slice(-SHOWN)
    .reverse()
    .map((step) => [String(step.time), String(step.verb), String(step.remote), describeRelease(step.before), describeRelease(step.after), String(step.reason)]);
  return section(
    '发布记录',
    rows.length ? table(['时间', '操作', 'Remote', '之前', '之后', '原因'], rows) : element('p', '还没有发布记录（npm run release 和灰度守卫的每一步都记在这里）。'),
  );
}
