/**
 * Where a page's main thread goes while it loads, from Chromium's own trace (issue 55 item 3): the work in tasks past
 * 50 ms after the first contentful paint (what Total Blocking Time counts), split by what it was (each script by file,
 * microtasks, style, layout, paint, HTML), measured as the renderer's thread time, the CPU it used, which another
 * process on the machine does not inflate the way it inflates wall time. The CPU is slowed 4× as in Lighthouse's
 * mobile preset.
 *
 * `npm run bench:main-thread [-- runs]` serves the federated site (prerendered, as deployed) and the one bundle on the
 * bench's ports (bench/site.ts) and prints, per route and variant, the median over `runs` (3) loads.
 */
import type { Browser } from '@playwright/test';
import { launchChromium } from './bytes';
import { CPU_SLOWDOWN } from './interactions';
import { BENCH_ROUTES, routeUrl } from './ports';
import { formatTable } from './report';
import { longTaskBreakdown, TRACE_CATEGORIES, type LongTasks, type TraceEvent } from './mainThreadTrace';
import { startBenchSite, type Variant } from './site';

async function traceLoad(browser: Browser, url: string): Promise<TraceEvent[]> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(2000);
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  await context.close();
  return trace.traceEvents;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 3);
  const variants: Variant[] = ['federated', 'one-bundle'];
  const site = await startBenchSite(variants);
  const browser = await launchChromium();
  try {
    for (const route of BENCH_ROUTES) {
      for (const variant of variants) {
        const loads: LongTasks[] = [];
        for (let run = 0; run < runs; run += 1) loads.push(longTaskBreakdown(await traceLoad(browser, routeUrl(site.origins[variant], route))));
        const kinds = [...new Set(loads.flatMap((load) => [...load.threadMs.keys()]))];
        const rows = kinds
          .map((kind) => [kind, median(loads.map((load) => load.threadMs.get(kind) ?? 0))] as const)
          .filter(([, ms]) => ms >= 5)
          .sort((a, b) => b[1] - a[1]);
        console.log(`\n${route} ${variant}：首次内容绘制之后长任务超出 50 ms 的部分（墙钟，中位数）${median(loads.map((load) => load.blockingMs)).toFixed(0)} ms`);
        console.log(formatTable(['长任务中的工作', '线程时间 ms（中位数）'], rows.map(([kind, ms]) => [kind, ms.toFixed(0)])));
      }
    }
  } finally {
    await browser.close();
    await site.close();
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) void main();
