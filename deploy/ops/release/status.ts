/**
 * `npm run release -- status`: for each remote its entries with the version each serves, its canary, canary beside
 * stable over the last 24 hours, and the guard's verdict over the canary's own window; then the latest steps.
 */
import fs from 'node:fs';
import { DAY_MS, describeRelease, parseRuntimeConfig, type ReleaseFieldData, type ReleaseSideFigures, REMOTE_NAMES } from '@wenrun/shared/node';
import { checkEntry, type EntryChecker, type EntryState } from './entryCheck';
import { readReleaseFigures, type FieldDataSource } from './fieldDataClient';
import { canaryStartedAt, historyFileBeside, readHistory, type HistoryLine } from './history';
import { judgeRelease } from './guard';
import { GUARD_CONFIG_FIELD, parseThresholds, type GuardThresholds } from './thresholds';
import { VERDICT_LABELS } from './verdict';

const HISTORY_SHOWN = 5;

/** Columns line up in a terminal, where a Chinese character takes two cells. */
const cells = (text: string) => [...text].reduce((sum, char) => sum + (/[\u1100-\uffff]/.test(char) ? 2 : 1), 0);
const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - cells(text)));

export function table(rows: string[][], indent = '    '): string[] {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => cells(row[column] ?? '')))) ?? [];
  return rows.map((row) => indent + row.map((cell, column) => pad(cell, (widths[column] ?? 0) + 2)).join('').trimEnd());
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;
const ms = (value: number | undefined) => (value === undefined ? '—' : `${value} ms`);

function sideRow(label: string, side: ReleaseSideFigures | undefined, { minViews, minClients }: GuardThresholds): string[] {
  const size = [label, String(side?.views ?? 0), String(side?.clients ?? 0)];
  if (!side || side.views < minViews) return [...size, `数据不足（少于 ${minViews} 次访问）`, '', '', ''];
  if (side.clients < minClients) return [...size, `数据不足（少于 ${minClients} 个访问者）`, '', '', ''];
  return [...size, percent(side.errorRate), percent(side.loadFailures / side.views), ms(side.p75.LCP), ms(side.p75.INP)];
}

/** A side as the guard judges it: each count with the clients that push it most either way left out. */
function trimmedRow(label: string, side: ReleaseSideFigures | undefined, { leaveOutClients }: GuardThresholds): string[] {
  const rate = ({ views, count }: { views: number; count: number }) => (views ? percent(count / views) : '—');
  if (!side) return [`${label}（每端去掉 ${leaveOutClients} 个）`, '0', '', '', '', '', ''];
  const { errors, loadFailures, lcp, inp } = side.trimmed;
  return [`${label}（每端去掉 ${leaveOutClients} 个）`, String(errors.views), '', rate(errors), rate(loadFailures), ms(lcp.p75), ms(inp.p75)];
}

const entryLine = (role: string, state: EntryState) => `  ${pad(role, 10)}${state.entry}  ${state.version ? `版本 ${state.version}` : `不可用：${state.problem}`}`;

export function historyLines(history: HistoryLine[], count = HISTORY_SHOWN): string[] {
  return history
    .slice(-count)
    .reverse()
    .map((line) => `  ${line.time}  ${line.verb} ${line.remote}：${describeRelease(line.before)} → ${describeRelease(line.after)}（${line.reason}）`);
}

export interface StatusOptions {
  configFile: string;
  fieldData?: Partial<FieldDataSource>;
  check?: EntryChecker;
  now?: () => number;
}

export async function statusReport(options: StatusOptions): Promise<string[]> {
  const now = options.now?.() ?? Date.now();
  const check = options.check ?? checkEntry;
  const raw: unknown = JSON.parse(fs.readFileSync(options.configFile, 'utf8'));
  const { config, problems } = parseRuntimeConfig(raw);
  const guardSettings = parseThresholds((raw as Record<string, unknown>)[GUARD_CONFIG_FIELD]);
  const source: FieldDataSource = { baseUrl: options.fieldData?.baseUrl ?? config.apiBaseUrl, ...(options.fieldData?.token ? { token: options.fieldData.token } : {}) };
  const history = readHistory(historyFileBeside(options.configFile));
  const lines = [`运行时配置：${options.configFile}`, ...[...problems, ...guardSettings.problems].map((problem) => `  配置问题：${problem}`)];

  let day: ReleaseFieldData | undefined;
  try {
    day = await readReleaseFigures(source, now - DAY_MS, guardSettings.thresholds.leaveOutClients);
  } catch (error) {
    lines.push(`  ${error instanceof Error ? error.message : String(error)}`);
  }

  for (const remote of REMOTE_NAMES) {
    const entries = config.remotes[remote];
    const canary = config.canaries[remote];
    const states = await Promise.all([...entries, ...(canary ? [canary.entry] : [])].map(check));
    lines.push('', remote, ...entries.map((_, index) => entryLine(index === 0 ? '主地址' : '备用', states[index] as EntryState)));
    if (canary) lines.push(entryLine(`灰度 ${canary.percent}%`, states[entries.length] as EntryState));
    const figures = day?.remotes.find((row) => row.remote === remote);
    if (day) {
      lines.push(
        '  现场数据（最近 24 小时）',
        ...table([
          ['', '访问', '访问者', '错误率', '加载失败率', 'LCP p75', 'INP p75'],
          ...(canary || figures?.canary ? [sideRow('灰度', figures?.canary, guardSettings.thresholds)] : []),
          sideRow('稳定', figures?.stable, guardSettings.thresholds),
          // What the guard judges, beside what arrived: a forger's views are in the rows above, not in these.
          ...(canary && guardSettings.thresholds.leaveOutClients > 0
            ? [trimmedRow('灰度', figures?.canary, guardSettings.thresholds), trimmedRow('稳定', figures?.stable, guardSettings.thresholds)]
            : []),
        ]),
      );
    }
    if (canary) {
      const since = canaryStartedAt(history, remote, canary.entry);
      if (since === undefined) {
        lines.push('  守卫判定：这个灰度是手工写入的，守卫从它第一次看到时开始计数');
        continue;
      }
      try {
        const { verdict } = await judgeRelease(source, remote, since, guardSettings.thresholds);
        const detail = verdict.kind === 'abort' ? verdict.reasons.join('；') : verdict.kind === 'no-harm-seen' ? verdict.notes.join('；') : verdict.reason;
        lines.push(`  守卫判定（灰度开始以来 ${Math.round((now - since) / 60_000)} 分钟）：${VERDICT_LABELS[verdict.kind]}${detail ? `（${detail}）` : ''}`);
      } catch (error) {
        lines.push(`  守卫判定：${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  lines.push('', `最近的发布记录（${historyFileBeside(options.configFile)}）`, ...(history.length ? historyLines(history) : ['  （还没有）']));
  return lines;
}
