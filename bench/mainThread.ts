/**
 * Where a page's main thread goes while it loads, from Chromium's own trace (issue 55 item 3): the work in tasks past
 * 50 ms after the first contentful paint (what Total Blocking Time counts), split by what it was (each script by file,
 * microtasks, style, layout, paint, HTML), measured as the renderer's thread time, the CPU it used, which another
 * process on the machine does not inflate the way it inflates wall time. The CPU is slowed 4× as in Lighthouse's
 * mobile preset.
 *
 * `npm run bench:main-thread [-- runs]` serves the federated site (prerendered, as deployed) and the one bundle on the
 * bench's ports (bench/site.ts) and prints, per route and variant, the median over `runs` (3) loads; each long task of
 * the load with the median blocking (when, how long, what it did most); then the CPU profile of those tasks
 * (mainThreadProfile.ts) by script (which part, which shared library's chunk) and by function.
 */
import type { Browser } from '@playwright/test';
import { launchChromium } from './bytes';
import { CPU_SLOWDOWN } from './interactions';
import { BENCH_PORTS, BENCH_ROUTES, routeUrl } from './ports';
import { formatTable } from './report';
import { profileInTasks } from './mainThreadProfile';
import { longTaskBreakdown, pageThread, TRACE_CATEGORIES, type LongTask, type TraceEvent } from './mainThreadTrace';
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

interface ManifestAssets {
  assets?: { js?: { sync?: string[]; async?: string[] } };
}

/**
 * Names a script by the part that serves it (its port) and its file without the hash; a chunk the part's federation
 * manifest lists as a shared library's or an exposed module's gets that name too (`shell 442.js（react-router-dom）`).
 */
async function scriptNamer(): Promise<(url: string) => string> {
  const partByPort = new Map(Object.entries(BENCH_PORTS).map(([name, port]) => [String(port), name]));
  const owners = new Map<string, string>();
  for (const [part, port] of Object.entries(BENCH_PORTS)) {
    const manifest = await fetch(`http://localhost:${port}/mf-manifest.json`)
      .then((response) => (response.ok ? (response.json() as Promise<{ shared?: (ManifestAssets & { name: string })[]; exposes?: (ManifestAssets & { path: string })[] }>) : undefined))
      .catch(() => undefined);
    const named = [...(manifest?.shared ?? []).map((s) => ({ ...s, label: s.name })), ...(manifest?.exposes ?? []).map((e) => ({ ...e, label: e.path }))];
    for (const { assets, label } of named) {
      for (const file of [...(assets?.js?.sync ?? []), ...(assets?.js?.async ?? [])]) {
        const key = `${part} ${file}`;
        owners.set(key, owners.has(key) ? `${owners.get(key)}, ${label}` : label);
      }
    }
  }
  return (url) => {
    const parsed = URL.canParse(url) ? new URL(url) : undefined;
    if (!parsed) return url;
    const part = partByPort.get(parsed.port) ?? parsed.host;
    const file = parsed.pathname.replace(/^\//, '');
    const owner = owners.get(`${part} ${file}`);
    return `${part} ${file.replace(/\.[0-9a-f]{8,}\./, '.')}${owner ? `（${owner}）` : ''}`;
  };
}

/** The rows of a table of medians (ms) over loads, largest first, at most `limit`, each at least `floorMs`. */
function medianRows(loads: Map<string, number>[], limit: number, floorMs: number): string[][] {
  const keys = [...new Set(loads.flatMap((load) => [...load.keys()]))];
  return keys
    .map((key) => [key, median(loads.map((load) => load.get(key) ?? 0))] as const)
    .filter(([, ms]) => ms >= floorMs)
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([key, ms]) => [key, ms.toFixed(0)]);
}

interface LoadReading {
  blockingMs: number;
  threadMs: Map<string, number>;
  taskList: LongTask[];
  byScript: Map<string, number>;
  byFunction: Map<string, number>;
}

function readLoad(events: TraceEvent[], scriptOf: (url: string) => string): LoadReading {
  const { blockingMs, threadMs, tasks, taskList } = longTaskBreakdown(events);
  return { blockingMs, threadMs, taskList, ...profileInTasks(events, pageThread(events), tasks, scriptOf) };
}

function printRoute(route: string, variant: Variant, loads: LoadReading[]): void {
  const blocking = median(loads.map((load) => load.blockingMs)).toFixed(0);
  const total = median(loads.map((load) => [...load.threadMs.values()].reduce((sum, ms) => sum + ms, 0))).toFixed(0);
  console.log(`\n${route} ${variant}：首次内容绘制之后长任务超出 50 ms 的部分（墙钟，中位数）${blocking} ms；这些长任务的线程时间 ${total} ms`);
  console.log(formatTable(['长任务中的工作', '线程时间 ms（中位数）'], medianRows(loads.map((load) => load.threadMs), 20, 5)));
  // Each long task of the load with the median blocking: which of them to split, and what each did.
  const middle = [...loads].sort((a, b) => a.blockingMs - b.blockingMs)[Math.floor(loads.length / 2)];
  const what = (kinds: [string, number][]) => kinds.filter(([, ms]) => ms >= 3).slice(0, 4).map(([kind, ms]) => `${kind} ${ms.toFixed(0)}`).join('，');
  console.log(
    formatTable(
      ['中位数那次的长任务：首次内容绘制后 ms', '墙钟 ms', '线程时间 ms', '主要工作（线程时间 ms）'],
      (middle?.taskList ?? []).map((task) => [task.afterPaintMs.toFixed(0), task.wallMs.toFixed(0), task.threadMs.toFixed(0), what(task.kinds)]),
    ),
  );
  console.log(formatTable(['CPU 采样：脚本', '线程时间 ms（中位数）'], medianRows(loads.map((load) => load.byScript), 15, 3)));
  console.log(formatTable(['CPU 采样：函数（自身时间）', '线程时间 ms（中位数）'], medianRows(loads.map((load) => load.byFunction), 15, 3)));
}

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 3);
  const variants: Variant[] = ['federated', 'one-bundle'];
  const site = await startBenchSite(variants);
  const browser = await launchChromium();
  try {
    const scriptOf = await scriptNamer();
    for (const route of BENCH_ROUTES) {
      for (const variant of variants) {
        const loads: LoadReading[] = [];
        for (let run = 0; run < runs; run += 1) loads.push(readLoad(await traceLoad(browser, routeUrl(site.origins[variant], route)), scriptOf));
        printRoute(route, variant, loads);
      }
    }
  } finally {
    await browser.close();
    await site.close();
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) void main();
