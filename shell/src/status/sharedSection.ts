import satisfies from 'semver/functions/satisfies';
import { element, section, table } from './dom';
import type { EntryReport } from './inspect';
import type { SharedNeed } from './manifestData';

/** One shared package: the version the shell provides and, per entry that shares it, the range it asks for. */
interface SharedRow {
  name: string;
  shellVersion?: string;
  needs: { entry: string; range: string; met: boolean }[];
}

/**
 * Whether the shell's copy meets an entry's range, as the federation runtime decides which copy a page gets: a
 * remote built against another React would otherwise get the shell's anyway (singletons) or fail to start.
 */
function meets(shellVersion: string | undefined, range: string | undefined): boolean {
  if (!shellVersion) return false;
  return range === undefined || satisfies(shellVersion, range);
}

function sharedRows(shell: SharedNeed[], reports: EntryReport[]): SharedRow[] {
  const rows = new Map<string, SharedRow>(shell.map((own) => [own.name, { name: own.name, shellVersion: own.version, needs: [] }]));
  for (const report of reports) {
    for (const need of report.shared ?? []) {
      const row = rows.get(need.name) ?? { name: need.name, needs: [] };
      const range = need.requiredVersion ?? need.version ?? '*';
      row.needs.push({ entry: `${report.remote}（${report.role}）`, range, met: meets(row.shellVersion, need.requiredVersion ?? need.version) });
      rows.set(need.name, row);
    }
  }
  return [...rows.values()].sort((a, b) => a.name.localeCompare(b.name));
}

function verdict(row: SharedRow): string {
  const unmet = row.needs.filter((need) => !need.met);
  if (!row.shellVersion) return `外壳不提供：由 ${unmet.map((need) => need.entry).join('、')} 自带`;
  if (unmet.length) return `不满足：${unmet.map((need) => `${need.entry} 要求 ${need.range}`).join('；')}`;
  return row.needs.length ? '一致' : '没有模块使用';
}

/**
 * The shared singletons, compared from the manifests alone: the shell's (this page's origin) against each entry's.
 * Which copy a visitor's page actually runs is decided there, by the runtime; this page runs no remote to ask it.
 */
export function sharedSection(shell: SharedNeed[] | Error, reports: EntryReport[]): Node {
  const title = '共享单例';
  if (shell instanceof Error) return section(title, element('p', `外壳的清单无法读取：${shell.message}`));
  const rows = sharedRows(shell, reports);
  return section(
    title,
    element('p', '外壳提供的版本与各模块清单中要求的版本（只读取清单，不运行模块的代码）。', 'status-note'),
    table(
      ['包', '外壳提供', '各模块要求', '结论'],
      rows.map((row) => [row.name, row.shellVersion, row.needs.map((need) => `${need.entry} ${need.range}`).join('，'), verdict(row)]),
      (index) => (rows[index]?.needs.some((need) => !need.met) ? 'is-failed' : undefined),
    ),
  );
}
