import { GUARD_VERDICT_FILE, type GuardSideFigures, type GuardVerdictRecord, type GuardVerdicts, type RuntimeConfig } from '@wenrun/shared';
import { buildTime, chinaTime, element, section, table, type Cell } from './dom';
import { stepsTable, type ReleaseStep } from './historySection';
import type { EntryReport } from './inspect';

/** Steps of a remote shown on its card; the whole history is in its own card. */
const STEPS_PER_REMOTE = 3;

/** The guard's last verdict of each remote (deploy/ops/release/guard.ts writes it beside the config), if any. */
export async function readGuardVerdicts(): Promise<GuardVerdictRecord[]> {
  try {
    const response = await fetch(`/${GUARD_VERDICT_FILE}`, { cache: 'no-store' });
    if (!response.ok) return [];
    const body = (await response.json()) as GuardVerdicts;
    return Array.isArray(body.verdicts) ? body.verdicts : [];
  } catch {
    return [];
  }
}

const percentOf = (count: number, views: number) => (views ? `${((count / views) * 100).toFixed(1)}%（${count}/${views}）` : undefined);

function sideRow(name: string, side: GuardSideFigures | undefined): Cell[] {
  return [name, side?.views, side?.clients, side && percentOf(side.errors.count, side.errors.views), side && percentOf(side.loadFailures.count, side.loadFailures.views), side?.lcpP75 === undefined ? undefined : `${side.lcpP75} ms`];
}

function verdictBlock(record: GuardVerdictRecord | undefined): Node[] {
  if (!record) return [element('p', '守卫还没有判定过这个模块的灰度。')];
  const verdict = element('p', undefined, `verdict verdict-${record.kind}`);
  verdict.append(element('strong', `守卫判定：${record.label}`), document.createTextNode(`（${chinaTime(record.checkedAt)}，灰度 ${record.entry} 自 ${chinaTime(record.since)} 起的访问）`));
  const details = element('ul');
  for (const detail of record.details) details.append(element('li', detail));
  const nodes: Node[] = [verdict];
  if (record.details.length) nodes.push(details);
  if (record.figures) {
    nodes.push(table(['发布', '访问', '访问者', '错误率', '加载失败率', 'LCP p75'], [sideRow('灰度', record.figures.canary), sideRow('稳定', record.figures.stable)]));
  }
  nodes.push(element('p', `检验方法：${record.test}`, 'status-note'));
  return nodes;
}

/** One remote: its entries as read here (data only, nothing run), its canary, the guard's verdict with its figures, its last steps. */
function remoteCard(remote: string, config: RuntimeConfig, reports: EntryReport[], verdict: GuardVerdictRecord | undefined, steps: ReleaseStep[]): Node {
  const card = element('article', undefined, 'remote-card');
  const canary = config.canaries[remote as keyof RuntimeConfig['canaries']];
  card.append(
    element('h3', remote),
    table(
      ['地址', '清单', '版本', '构建时间', '清单耗时', '入口脚本', '状态'],
      reports.map((report) => [
        report.role,
        report.entry,
        report.build ? `${report.build.version}（${report.build.gitHash}）` : undefined,
        buildTime(report.build?.builtAt),
        report.manifestMs === undefined ? undefined : `${report.manifestMs} ms`,
        report.container && `${(report.container.bytes / 1024).toFixed(1)} KB，${report.container.ms} ms`,
        report.errors.join('；') || '正常',
      ]),
      (index) => (reports[index]?.errors.length ? 'is-failed' : undefined),
    ),
    element('p', canary ? `灰度：${canary.percent}% 的访客使用 ${canary.entry}` : '当前没有灰度。'),
    ...verdictBlock(verdict),
  );
  const own = steps.filter((step) => step.remote === remote).slice(-STEPS_PER_REMOTE);
  card.append(element('h4', '最近的发布步骤'), own.length ? stepsTable(own) : element('p', '还没有。'));
  return card;
}

export function remotesSection(config: RuntimeConfig, reports: EntryReport[], verdicts: GuardVerdictRecord[], steps: ReleaseStep[]): Node {
  const cards = element('div', undefined, 'remote-cards');
  for (const remote of Object.keys(config.remotes)) {
    cards.append(remoteCard(remote, config, reports.filter((report) => report.remote === remote), verdicts.find((record) => record.remote === remote), steps));
  }
  return section('各模块的版本与发布', cards);
}
