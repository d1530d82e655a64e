/**
 * `npm run bench`: builds the one-bundle baseline when its inputs changed, serves the federated site (as
 * deployed, and client-rendered) and the baseline on the benchmark's own ports, measures bytes and Lighthouse
 * for each, and prints the tables with the federation's cost as ratios. Writes bench/results/latest.json (and
 * bytes.json, lighthouse.json). Needs the site built (`npm run build`).
 */
import path from 'node:path';
import { WEB_PART_FOLDERS } from '@wenrun/shared/node';
import { MEASURED_PATHS } from '@wenrun/deploy/assemble/budgets/data';
import { routeReport, siteBuildAt } from '@wenrun/deploy/assemble/budgets/pageFiles';
import { isStale } from '@wenrun/deploy/assemble/staleness';
import { bytesTable, launchChromium, measureBytes, originsTable, type RouteBytes } from './bytes';
import { CPU_SLOWDOWN, INTERACTION_RUNS, interactionsTable, measureInteractions, type InteractionResult } from './interactions';
import { LighthouseMissingError, lighthouseTable, measureLighthouse, type RouteLighthouse } from './lighthouse';
import { buildOneBundle, ONE_BUNDLE_DIR } from './one-bundle/webpack.config';
import { formatTable, kb, thisMachine, writeResult } from './report';
import { interactionRatioTable, lighthouseRatioTable, ratio } from './sameRunRatios';
import { ONE_BUNDLE_DIST, ROOT, startBenchSite, VARIANT_LABELS, type Variant } from './site';

const VARIANTS: Variant[] = ['federated', 'federated-csr', 'one-bundle'];
/** Sources the baseline is built from: a change in any of them means a rebuild. */
const BASELINE_INPUTS = [
  ...WEB_PART_FOLDERS.map((folder) => `${folder}/src`),
  'bench/one-bundle',
  'webpack.common.ts',
];

function baselineIsStale(): boolean {
  return isStale(path.join(ONE_BUNDLE_DIST, 'index.html'), BASELINE_INPUTS.map((input) => path.join(ROOT, input)));
}

type Measured = Record<Variant, { bytes: RouteBytes[]; lighthouse?: RouteLighthouse[]; interactions?: InteractionResult[] }>;

/** The variants whose taps are measured: the site as deployed beside the baseline. */
const INTERACTION_VARIANTS: Variant[] = ['federated', 'one-bundle'];

function ratioTable(measured: Measured, federated: Variant): string {
  const baseline = measured['one-bundle'];
  const rows = measured[federated].bytes.map(({ route, cold }) => {
    const base = baseline.bytes.find((entry) => entry.route === route)?.cold;
    const lcp = measured[federated].lighthouse?.find((entry) => entry.route === route)?.median.lcp;
    const baseLcp = baseline.lighthouse?.find((entry) => entry.route === route)?.median.lcp;
    const code = (load: RouteBytes['cold']) => load.byKind.js.sent + load.byKind.css.sent;
    return [
      route,
      base ? `${kb(code(cold))} / ${kb(code(base))} = ${ratio(code(cold), code(base))}` : '—',
      base ? `${kb(cold.total.sent)} / ${kb(base.total.sent)} = ${ratio(cold.total.sent, base.total.sent)}` : '—',
      base ? `${cold.requests} / ${base.requests} = ${ratio(cold.requests, base.requests)}` : '—',
      lcp !== undefined && baseLcp !== undefined ? `${(lcp / 1000).toFixed(2)} s / ${(baseLcp / 1000).toFixed(2)} s = ${ratio(lcp, baseLcp)}` : '—',
    ];
  });
  return formatTable(['路由（冷缓存）', 'JS+CSS 传输', '合计传输', '请求', 'LCP（中位数）'], rows);
}

/** First what holds across machines: the federated site ÷ the one bundle, both measured in this run. */
function printSameRunRatios(measured: Measured): void {
  const machine = thisMachine();
  console.log(`## 联邦 ÷ 单包（同一次运行；机器：${machine.cpu}，${machine.cores} 核，Node ${machine.node}）\n`);
  const baseline = measured['one-bundle'];
  for (const variant of ['federated', 'federated-csr'] as const) {
    const lighthouse = measured[variant].lighthouse;
    if (lighthouse && baseline.lighthouse) console.log(`Lighthouse，${VARIANT_LABELS[variant]}（各 ${lighthouse[0]?.runs.length ?? 0} 次的中位数）：\n\n${lighthouseRatioTable(lighthouse, baseline.lighthouse)}\n`);
  }
  const taps = measured.federated.interactions;
  if (taps && baseline.interactions) console.log(`交互延迟（CPU 降速 ${CPU_SLOWDOWN}×，每项 ${INTERACTION_RUNS} 次）：\n\n${interactionRatioTable(taps, baseline.interactions)}\n`);
}

async function main(): Promise<void> {
  if (baselineIsStale()) {
    console.log(`[bench] 构建单包基线（${path.relative(ROOT, ONE_BUNDLE_DIR)}）…`);
    await buildOneBundle();
  }
  const site = await startBenchSite(VARIANTS);
  const browser = await launchChromium();
  const measured = {} as Measured;
  let lighthouseProblem: string | undefined;
  try {
    for (const variant of VARIANTS) {
      console.log(`[bench] 字节：${VARIANT_LABELS[variant]} ${site.origins[variant]}`);
      measured[variant] = { bytes: await measureBytes(browser, site.origins[variant]) };
    }
    for (const variant of INTERACTION_VARIANTS) {
      console.log(`[bench] 交互：${VARIANT_LABELS[variant]}`);
      measured[variant].interactions = await measureInteractions(browser, site.origins[variant]);
    }
    for (const variant of VARIANTS) {
      if (lighthouseProblem) break;
      console.log(`[bench] Lighthouse：${VARIANT_LABELS[variant]}`);
      try {
        measured[variant].lighthouse = await measureLighthouse(site.origins[variant]);
      } catch (error) {
        if (!(error instanceof LighthouseMissingError)) throw error;
        lighthouseProblem = error.message;
      }
    }
  } finally {
    await browser.close();
    await site.close();
  }

  const budgetFigures = MEASURED_PATHS.map((route) => {
    const cold = measured.federated.bytes.find((entry) => entry.route === route)?.cold;
    return { route, budget: routeReport(siteBuildAt(ROOT), route).codeSent, browser: cold ? cold.byKind.js.sent + cold.byKind.css.sent : Number.NaN };
  });

  printSameRunRatios(measured);
  for (const variant of VARIANTS) {
    console.log(`\n## ${VARIANT_LABELS[variant]}\n\n${bytesTable(measured[variant].bytes)}\n`);
    console.log(originsTable(measured[variant].bytes));
    const lighthouse = measured[variant].lighthouse;
    if (lighthouse) console.log(`\nLighthouse（移动端，模拟节流，${lighthouse[0]?.runs.length ?? 0} 次中位数）\n\n${lighthouseTable(lighthouse)}`);
  }
  console.log(`\n## 联邦 / 单包（冷缓存）\n\n联邦（预渲染）：\n\n${ratioTable(measured, 'federated')}\n`);
  console.log(`联邦（客户端渲染）：\n\n${ratioTable(measured, 'federated-csr')}\n`);
  console.log(
    `交互延迟（Event Timing，如 web-vitals 的 INP；CPU 降速 ${CPU_SLOWDOWN}×，每项 ${INTERACTION_RUNS} 次，375 px）：\n\n${interactionsTable(measured.federated.interactions ?? [], measured['one-bundle'].interactions)}\n`,
  );
  const figureRows = budgetFigures.map(({ route, budget, browser }) => [route, kb(budget), kb(browser), ratio(budget, browser)]);
  console.log(`预算检查（npm run budgets，响应体）与 Chromium 实测（含响应头，采样字段数据）的 JS+CSS 传输：\n\n${formatTable(['路由', '预算', '实测', '比值'], figureRows)}`);
  if (lighthouseProblem) console.error(`\n[bench] 没有 Lighthouse 数据：${lighthouseProblem}`);

  for (const variant of VARIANTS) {
    for (const { route, cold, warm } of measured[variant].bytes) {
      for (const failure of [...cold.failed, ...warm.failed]) console.warn(`[bench] ${VARIANT_LABELS[variant]} ${route} 请求失败：${failure}`);
    }
  }
  const measuredAt = new Date().toISOString();
  writeResult('bytes.json', { measuredAt, variants: Object.fromEntries(VARIANTS.map((v) => [v, { origin: site.origins[v], routes: measured[v].bytes }])) });
  if (!lighthouseProblem) {
    writeResult('lighthouse.json', { measuredAt, variants: Object.fromEntries(VARIANTS.map((v) => [v, measured[v].lighthouse])) });
  }
  const latest = writeResult('latest.json', {
    measuredAt,
    budgetFigures,
    lighthouse: lighthouseProblem ?? 'ok',
    variants: measured,
  });
  console.log(`\n[bench] 结果：${path.relative(ROOT, latest)}`);
  if (lighthouseProblem) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error('[bench] 失败：', error);
  process.exit(1);
});
