/**
 * Lighthouse on the benchmark routes: the npm package's default (mobile) preset with simulated throttling, in
 * Debian's Chromium, RUNS runs per route; the table shows the median of each figure (this machine is noisy).
 *
 * `npx tsx bench/lighthouse.ts [origin]` measures a running site (default: http://localhost:3000).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_PORTS, BENCH_ROUTES, CHROMIUM_FLAGS, CHROMIUM_PATH, routeUrl } from './ports';
import { formatTable, writeResult } from './report';

export const RUNS = 3;
const DEBUGGING_PORT = BENCH_PORTS.lighthouseChromium;

export interface LighthouseFigures {
  performance: number;
  /** Milliseconds. */
  lcp: number;
  cls: number;
  /** Milliseconds. */
  tbt: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
}

export interface RouteLighthouse {
  route: string;
  runs: LighthouseFigures[];
  median: LighthouseFigures;
  /** SEO audits that failed in any run (ids): which ones, not only how many points, says whether it matters. */
  seoFailing: string[];
  /** The LCP element of each run (its CSS selector): what to make paint sooner. */
  lcpElements: string[];
}

/** What this script reads of Lighthouse's result (lhr), typed here because the package may be missing. */
interface LighthouseResult {
  lhr: {
    categories: Record<string, { score: number | null; auditRefs?: { id: string; weight: number }[] } | undefined>;
    audits: Record<
      string,
      | {
          numericValue?: number;
          score?: number | null;
          details?: { items?: { items?: { node?: { selector?: string } }[] }[] };
        }
      | undefined
    >;
    runtimeError?: { message: string };
  };
}
type RunLighthouse = (url: string, flags: Record<string, unknown>) => Promise<LighthouseResult | undefined>;

export class LighthouseMissingError extends Error {}

export async function loadLighthouse(): Promise<RunLighthouse> {
  // The name is in a variable so that TypeScript does not require the package to typecheck the bench.
  const name = 'lighthouse';
  try {
    const module = (await import(name)) as { default: RunLighthouse };
    return module.default;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') throw error;
    throw new LighthouseMissingError(
      'Lighthouse 未安装：需要根 package.json 的 devDependencies 里的 lighthouse@12.8.2（Node 20 上能运行的版本），运行 npm install 后重试。',
    );
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function figuresOf({ lhr }: LighthouseResult): LighthouseFigures {
  if (lhr.runtimeError) throw new Error(`Lighthouse 运行出错：${lhr.runtimeError.message}`);
  const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const value = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    lcp: value('largest-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    tbt: value('total-blocking-time'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
  };
}

/** The selector of the run's LCP element, from the first table of the `largest-contentful-paint-element` audit. */
function lcpElementOf({ lhr }: LighthouseResult): string {
  return lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.selector ?? '（Lighthouse 未给出）';
}

function failingSeoAudits({ lhr }: LighthouseResult): string[] {
  return (lhr.categories.seo?.auditRefs ?? [])
    .filter(({ id, weight }) => weight > 0 && typeof lhr.audits[id]?.score === 'number' && (lhr.audits[id]?.score ?? 1) < 1)
    .map(({ id }) => id);
}

async function startChromium(): Promise<{ process: ChildProcess; close: () => Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'wenrun-lighthouse-'));
  const chromium = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_FLAGS, '--headless', `--remote-debugging-port=${DEBUGGING_PORT}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${DEBUGGING_PORT}/json/version`)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return {
    process: chromium,
    async close() {
      const exited = new Promise((resolve) => chromium.once('exit', resolve));
      chromium.kill();
      await exited;
      // Chromium's helper processes may still be writing the profile for a moment after the browser exits.
      try {
        fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch (error) {
        console.warn(`[bench] 未能删除 Chromium 的临时配置目录 ${profile}：${String(error)}`);
      }
    },
  };
}

/** RUNS Lighthouse runs per route (mobile preset, simulated throttling), with their medians. */
export async function measureLighthouse(origin: string, routes: readonly string[] = BENCH_ROUTES): Promise<RouteLighthouse[]> {
  const lighthouse = await loadLighthouse();
  const chromium = await startChromium();
  try {
    const results: RouteLighthouse[] = [];
    for (const route of routes) {
      const runs: LighthouseFigures[] = [];
      const seoFailing = new Set<string>();
      const lcpElements: string[] = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(routeUrl(origin, route), {
          port: DEBUGGING_PORT,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        if (!result) throw new Error(`Lighthouse 没有返回 ${route} 的结果`);
        runs.push(figuresOf(result));
        lcpElements.push(lcpElementOf(result));
        for (const audit of failingSeoAudits(result)) seoFailing.add(audit);
      }
      const keys = Object.keys(runs[0] ?? {}) as (keyof LighthouseFigures)[];
      const medianFigures = Object.fromEntries(keys.map((key) => [key, median(runs.map((figures) => figures[key]))]));
      results.push({ route, runs, median: medianFigures as unknown as LighthouseFigures, seoFailing: [...seoFailing], lcpElements });
    }
    return results;
  } finally {
    await chromium.close();
  }
}

export function lighthouseTable(results: RouteLighthouse[]): string {
  return formatTable(
    ['路由', '性能', 'LCP', 'CLS', 'TBT', '无障碍', '最佳实践', 'SEO', '未通过的 SEO 检查', 'LCP 元素'],
    results.map(({ route, median: m, seoFailing, lcpElements }) => [
      route,
      String(m.performance),
      `${(m.lcp / 1000).toFixed(2)} s`,
      m.cls.toFixed(3),
      `${Math.round(m.tbt)} ms`,
      String(m.accessibility),
      String(m.bestPractices),
      String(m.seo),
      seoFailing.join('、') || '无',
      // The innermost part of each distinct selector is enough to recognise the element.
      [...new Set(lcpElements.map((selector) => `\`${selector.split(' > ').pop() ?? selector}\``))].join('、'),
    ]),
  );
}

async function main(): Promise<void> {
  const origin = process.argv[2] ?? 'http://localhost:3000';
  try {
    const results = await measureLighthouse(origin);
    console.log(lighthouseTable(results));
    writeResult('lighthouse.json', { origin, runsPerRoute: RUNS, measuredAt: new Date().toISOString(), routes: results });
  } catch (error) {
    console.error(`[lighthouse] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) void main();
