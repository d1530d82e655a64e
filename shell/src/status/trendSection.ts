import { FIELD_SERIES_PATH, FIELD_SERIES_WINDOWS, type FieldSeries, type FieldSeriesDays, type FieldSeriesPoint, type FieldSeriesSide, HOUR_MS } from '@wenrun/shared';
import type uPlot from 'uplot';
import { adminGet } from './adminAccess';
import { chinaTime, element, pageRoom, table, tickLabel } from './dom';
import { stepMark, type ReleaseStep } from './historySection';

type UPlotClass = typeof uPlot;

const WINDOW_TITLES: Record<FieldSeriesDays, string> = { 1: '最近 24 小时（按小时）', 7: '最近 7 天（按天）' };
const COLORS = { canary: '#c0392b', stable: '#1f6fb2', mark: '#5f6b7a', abort: '#c0392b' };

interface Figure {
  title: string;
  unit: string;
  pick: (point: FieldSeriesPoint) => number | undefined;
}

const FIGURES: Figure[] = [
  { title: '错误率', unit: '%', pick: (point) => Math.round(point.errorRate * 1000) / 10 },
  { title: '加载失败率', unit: '%', pick: (point) => Math.round(point.loadFailureRate * 1000) / 10 },
  { title: 'LCP p75', unit: 'ms', pick: (point) => point.lcpP75 },
  { title: 'INP p75', unit: 'ms', pick: (point) => point.inpP75 },
];

/** Every bucket of the window, so a side with no views in one shows a gap there, and both share one time axis. */
function bucketsOf(series: FieldSeries): number[] {
  const offset = series.bucketMs === FIELD_SERIES_WINDOWS[7] ? 8 * HOUR_MS : 0;
  const first = Math.floor((series.since + offset) / series.bucketMs) * series.bucketMs - offset;
  const buckets: number[] = [];
  for (let at = first; at <= series.until; at += series.bucketMs) buckets.push(at);
  return buckets;
}

const valuesOf = (buckets: number[], side: FieldSeriesSide | undefined, pick: Figure['pick']) =>
  buckets.map((at) => {
    const point = side?.points.find((candidate) => candidate.at === at);
    return point ? (pick(point) ?? null) : null;
  });

/** Rows of step labels above a plot, each this many CSS pixels high: two steps close in time go one above the other. */
const LABEL_ROWS = 2;
const LABEL_ROW_PX = 14;

/**
 * Release steps drawn across the plot at their time, an abort in red, each labelled above the plot (where no line
 * runs): to the right of its mark, or to its left near the plot's right end; a label that would overlap the one
 * before it goes a row higher.
 */
function markSteps(steps: ReleaseStep[]): uPlot.Plugin {
  return {
    hooks: {
      draw: (plot) => {
        const { ctx } = plot;
        const { left, top, width, height } = plot.bbox;
        const px = devicePixelRatio;
        ctx.save();
        ctx.font = `${11 * px}px sans-serif`;
        ctx.textAlign = 'left';
        ctx.textBaseline = 'bottom';
        const rowEnds: number[] = Array.from({ length: LABEL_ROWS }, () => Number.NEGATIVE_INFINITY);
        for (const step of steps) {
          const x = plot.valToPos(step.at / 1000, 'x', true);
          if (x < left || x > left + width) continue;
          ctx.strokeStyle = ctx.fillStyle = step.verb === 'abort' ? COLORS.abort : COLORS.mark;
          ctx.setLineDash([4 * px, 3 * px]);
          ctx.beginPath();
          ctx.moveTo(x, top);
          ctx.lineTo(x, top + height);
          ctx.stroke();
          const text = stepMark(step);
          const textWidth = ctx.measureText(text).width;
          const start = x + 3 * px + textWidth <= left + width ? x + 3 * px : x - 3 * px - textWidth;
          const free = rowEnds.findIndex((end) => start > end + 6 * px);
          const row = free === -1 ? LABEL_ROWS - 1 : free;
          rowEnds[row] = start + textWidth;
          ctx.fillText(text, start, top - 2 * px - row * LABEL_ROW_PX * px);
        }
        ctx.restore();
      },
    },
  };
}

/**
 * One figure of one remote over time: canary and stable as two lines, the release steps marked. The canvas is hidden
 * from screen readers; the table under it (folded) holds the same numbers.
 */
function chart(UPlot: UPlotClass, figure: Figure, series: FieldSeries, canary: FieldSeriesSide | undefined, stable: FieldSeriesSide | undefined, steps: ReleaseStep[], width: number): Node {
  const buckets = bucketsOf(series);
  const canaryValues = valuesOf(buckets, canary, figure.pick);
  const stableValues = valuesOf(buckets, stable, figure.pick);
  const daily = series.bucketMs === FIELD_SERIES_WINDOWS[7];
  const node = element('figure', undefined, 'trend-chart');
  node.dataset.figure = figure.title;
  const plot = element('div');
  plot.setAttribute('aria-hidden', 'true');
  const canaryName = `灰度${canary?.versions.length ? ` ${canary.versions.join('、')}` : ''}`;
  const stableName = `稳定${stable?.versions.length ? ` ${stable.versions.join('、')}` : ''}`;
  // The key in words rather than uPlot's legend, a table as wide as its labels: a phone has no room for it.
  node.append(element('figcaption', `${figure.title}（${figure.unit}）：红线 ${canaryName}，蓝线 ${stableName}`), plot);
  new UPlot(
    {
      width,
      height: 170,
      tzDate: (seconds) => UPlot.tzDate(new Date(seconds * 1000), 'Asia/Shanghai'),
      series: [
        {},
        { label: canaryName, stroke: COLORS.canary, width: 2 },
        { label: stableName, stroke: COLORS.stable, width: 2 },
      ],
      legend: { show: false },
      // Room above the plot for the steps' labels.
      padding: [LABEL_ROWS * LABEL_ROW_PX + 4, null, null, null],
      scales: { x: { time: true, range: (): [number, number] => [(buckets[0] ?? series.since) / 1000, series.until / 1000] } },
      // Chinese 24-hour times (or month and day over a week) in China's time, not uPlot's English 12-hour defaults.
      axes: [{ values: (_plot, ticks) => ticks.map((seconds) => tickLabel(seconds * 1000, daily)) }, { size: 50 }],
      plugins: [markSteps(steps)],
    },
    [buckets.map((at) => at / 1000), canaryValues, stableValues],
    plot,
  );
  const rows = buckets.flatMap((at, index) =>
    canaryValues[index] === null && stableValues[index] === null ? [] : [[chinaTime(at, daily), canaryValues[index] ?? undefined, stableValues[index] ?? undefined]],
  );
  const numbers = element('details');
  numbers.append(element('summary', `${figure.title}的数值`), table(['时间', '灰度', '稳定'], rows));
  node.append(numbers);
  return node;
}

/** The charts of a window, per remote that has field data in it. */
async function chartsOf(apiBaseUrl: string, days: FieldSeriesDays, steps: ReleaseStep[], width: number): Promise<Node[]> {
  const reply = await adminGet<FieldSeries>(apiBaseUrl, `${FIELD_SERIES_PATH}?days=${days}`);
  if ('problem' in reply) return [element('p', `趋势图无法显示：${reply.problem}`, 'status-note')];
  const series = reply.data;
  const remotes = [...new Set(series.sides.map((side) => side.remote))];
  if (!remotes.length) return [element('p', `${WINDOW_TITLES[days]}没有收到现场数据。`)];
  const { default: UPlot } = await import('uplot');
  await import('uplot/dist/uPlot.min.css');
  return remotes.map((remote) => {
    const group = element('div', undefined, 'trend-remote');
    const canary = series.sides.find((side) => side.remote === remote && side.canary);
    const stable = series.sides.find((side) => side.remote === remote && !side.canary);
    const own = steps.filter((step) => step.remote === remote && step.at >= series.since && step.at <= series.until);
    group.append(element('h3', remote));
    if (own.length) group.append(element('p', `时间轴上的发布步骤：${own.map(stepMark).join('，')}`, 'status-note'));
    const grid = element('div', undefined, 'trend-grid');
    for (const figure of FIGURES) grid.append(chart(UPlot, figure, series, canary, stable, own, width));
    group.append(grid);
    return group;
  });
}

/**
 * Field data over time per remote, canary beside stable: a day by hour or a week by day, chosen with two buttons.
 * From the API's admin endpoint (adminAccess.ts). uPlot is imported here only: no visitor's page carries it.
 */
export function trendSection(apiBaseUrl: string, steps: ReleaseStep[]): { node: HTMLElement; show: (days: FieldSeriesDays) => Promise<void> } {
  const node = element('div', undefined, 'trend');
  const choices = element('div', undefined, 'trend-choices');
  choices.setAttribute('role', 'group');
  choices.setAttribute('aria-label', '时间范围');
  const content = element('div');
  const buttons = ([1, 7] as FieldSeriesDays[]).map((days) => {
    const button = element('button', WINDOW_TITLES[days]);
    button.type = 'button';
    button.addEventListener('click', () => void show(days));
    choices.append(button);
    return { days, button };
  });
  node.append(choices, content);
  async function show(days: FieldSeriesDays): Promise<void> {
    for (const { days: own, button } of buttons) button.setAttribute('aria-pressed', String(own === days));
    content.replaceChildren(element('p', '正在读取…', 'status-note'));
    // Two charts a row on a wide screen (560 px each), one on a phone: as wide as the room the card leaves, measured
    // once the card is placed (its margins and padding differ by width), never past it.
    const room = content.clientWidth || pageRoom();
    // The grid's columns (status.css: at least 520 px each, 12 px apart): one chart fills one.
    const columns = room >= 2 * 520 + 12 ? 2 : 1;
    const width = Math.max(200, Math.min(560, Math.floor((room - (columns - 1) * 12) / columns)));
    content.replaceChildren(...(await chartsOf(apiBaseUrl, days, steps, width)));
  }
  return { node, show };
}
