import {
  API_PATHS,
  FIELD_METRICS,
  FIELD_SUMMARY_WINDOWS,
  type Envelope,
  type FieldFigures,
  type FieldSummary,
  type RuntimeConfig,
} from '@wenrun/shared';
import { element, pageRoom, section, table, tickLabel, type Cell } from './dom';

const WINDOW_TITLES: Record<(typeof FIELD_SUMMARY_WINDOWS)[number], string> = { 1: '最近 24 小时', 7: '最近 7 天' };

/** The summary of the last `days`, or why there is none. */
async function fieldSummary(statsBaseUrl: string, days: number): Promise<FieldSummary | string> {
  try {
    const response = await fetch(`${statsBaseUrl}${API_PATHS.fieldSummary}?days=${days}`, { cache: 'no-store' });
    if (!response.ok) return `HTTP ${response.status}`;
    const body = (await response.json()) as Envelope<FieldSummary>;
    return body.header.code === '200' ? body.data : body.header.codeMsg;
  } catch (error) {
    return `无法连接（${String(error)}）`;
  }
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;
const ms = (value: number | undefined) => (value === undefined ? undefined : `${value} ms`);

function figureCells(figures: FieldFigures): Cell[] {
  return [
    figures.views,
    percent(figures.errorRate),
    ...FIELD_METRICS.map((metric) => (metric === 'CLS' ? figures.p75.CLS : ms(figures.p75[metric]))),
  ];
}

const FIGURE_HEADINGS = ['访问', '错误率', ...FIELD_METRICS.map((metric) => `${metric} p75`)];

function windowTables(title: string, summary: FieldSummary): Node[] {
  return [
    element('h3', `${title}：按路由`),
    table(['路由', ...FIGURE_HEADINGS], summary.byRoute.map((row) => [row.route, ...figureCells(row)])),
    element('h3', `${title}：按模块版本`),
    table(
      ['模块', '版本', '发布', ...FIGURE_HEADINGS, '加载 p75', '回退', '失败'],
      summary.byRemoteVersion.map((row) => [
        row.remote,
        row.version,
        row.canary ? '灰度' : '稳定',
        ...figureCells(row),
        ms(row.slotLoadP75),
        row.fallbacks,
        row.failures,
      ]),
    ),
  ];
}

/** Canary and stable builds of each remote in a canary release, side by side: what ops decide on. */
function canaryTable(config: RuntimeConfig, summary: FieldSummary): Node {
  const rows: Cell[][] = [];
  for (const [remote, release] of Object.entries(config.canaries)) {
    for (const canary of [false, true]) {
      const versions = summary.byRemoteVersion.filter((row) => row.remote === remote && row.canary === canary);
      const views = versions.reduce((sum, row) => sum + row.views, 0);
      const errors = versions.reduce((sum, row) => sum + row.errorRate * row.views, 0);
      rows.push([
        remote,
        canary ? `灰度（${release.percent}%，${release.entry}）` : '稳定',
        versions.map((row) => row.version).join('、') || undefined,
        views,
        views ? percent(errors / views) : undefined,
        ms(versions.length === 1 ? versions[0]?.p75.LCP : undefined),
      ]);
    }
  }
  if (!rows.length) return element('p', '当前没有灰度发布。');
  return table(['模块', '发布', '版本', '访问', '错误率', 'LCP p75'], rows);
}

/**
 * One small chart per figure: a series per route over the days of the week. The canvas is hidden from screen
 * readers; the table after it holds the same numbers.
 */
async function dayCharts(summary: FieldSummary): Promise<Node[]> {
  const days = [...new Set(summary.byDay.map((row) => row.day))].sort();
  const routes = [...new Set(summary.byDay.map((row) => row.route))].sort();
  const byDayTable = table(
    ['日期', '路由', ...FIGURE_HEADINGS],
    summary.byDay.map((row) => [row.day, row.route, ...figureCells(row)]),
  );
  if (days.length === 0) return [element('p', '最近 7 天没有收到现场数据。')];
  const [{ default: UPlot }] = await Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]);
  const x = days.map((day) => Date.parse(`${day}T00:00:00+08:00`) / 1000);
  const series = (pick: (row: FieldFigures) => number | undefined) =>
    routes.map((route) => days.map((day) => {
      const row = summary.byDay.find((candidate) => candidate.day === day && candidate.route === route);
      return row ? (pick(row) ?? null) : null;
    }));
  const chart = (title: string, pick: (row: FieldFigures) => number | undefined) => {
    const figure = element('figure');
    const canvas = element('div');
    canvas.setAttribute('aria-hidden', 'true');
    figure.append(element('figcaption', title), canvas);
    new UPlot(
      {
        width: Math.max(200, Math.min(640, pageRoom())),
        height: 180,
        series: [{}, ...routes.map((route, index) => ({ label: route, stroke: `hsl(${(index * 67) % 360} 60% 40%)`, spanGaps: true }))],
        // The whole week, not just the days that have data: one day alone would be stretched over years.
        scales: { x: { time: true, range: (): [number, number] => [summary.since / 1000, summary.until / 1000] } },
        axes: [{ values: (_plot, ticks) => ticks.map((seconds) => tickLabel(seconds * 1000, true)) }, { size: 60 }],
        // uPlot's legend is a table as wide as its labels: a phone has no room; the table below names each route.
        legend: { show: false },
      },
      [x, ...series(pick)],
      canvas,
    );
    return figure;
  };
  return [
    chart('各路由 LCP p75（毫秒，按天；各路由的数值见下表）', (row) => row.p75.LCP),
    chart('各路由错误率（%，按天；各路由的数值见下表）', (row) => row.errorRate * 100),
    element('h3', '按天的数据（与图表相同）'),
    byDayTable,
  ];
}

/** Field data: how real visitors fared, by route, by remote version, canary against stable, day by day. */
export async function fieldSection(config: RuntimeConfig): Promise<Node> {
  const summaries = await Promise.all(FIELD_SUMMARY_WINDOWS.map((days) => fieldSummary(config.statsBaseUrl, days)));
  const content: Node[] = [
    element('p', `采样率 ${config.fieldData.sampleRate * 100}%：数据来自真实访客的浏览器（web-vitals），不含个人信息。`),
  ];
  FIELD_SUMMARY_WINDOWS.forEach((days, index) => {
    const summary = summaries[index];
    if (typeof summary === 'string' || summary === undefined) content.push(element('p', `${WINDOW_TITLES[days]}：统计服务没有回应（${summary ?? '无数据'}）。`));
    else content.push(...windowTables(WINDOW_TITLES[days], summary));
  });
  const [day, week] = summaries;
  if (typeof day === 'object') content.push(element('h3', '灰度发布（最近 24 小时）'), canaryTable(config, day));
  if (typeof week === 'object') content.push(...(await dayCharts(week)));
  return section('现场数据', ...content);
}
