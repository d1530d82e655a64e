/**
 * How fast the page answers a tap, on a mid-range phone: Chromium with the CPU slowed 4×, each interaction in a
 * fresh page once the app is live, its latency read from the browser's Event Timing entries the way web-vitals
 * computes INP (the longest event of the interaction, from input to the next paint). Several runs each; the table
 * shows the 75th percentile, as INP is judged.
 *
 * `npx tsx bench/interactions.ts [origin] [runs]` measures a running site (default: `npm start`'s
 * http://localhost:3000, 10 runs).
 */
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { launchChromium } from './bytes';
import { routeUrl } from './ports';
import { formatTable, writeResult } from './report';

export const INTERACTION_RUNS = 10;
export const CPU_SLOWDOWN = 4;

interface Interaction {
  name: string;
  route: string;
  /** What comes before the measured part (not measured): opening the dialog before switching its tab. */
  prepare?: (page: Page) => Promise<void>;
  /** The measured part: taps and keys whose interactions count. */
  act: (page: Page) => Promise<void>;
  /** What shows that the interaction did what it should (the run fails otherwise). */
  done: (page: Page) => Promise<void>;
}

const header = (page: Page) => page.locator('header.site-header');
const loginDialog = (page: Page) => page.getByRole('dialog', { name: '登录文润教育' });

const INTERACTIONS: Interaction[] = [
  {
    name: '打开登录弹窗',
    route: '/',
    act: (page) => header(page).getByRole('button', { name: '登录', exact: true }).click(),
    done: (page) => loginDialog(page).waitFor(),
  },
  {
    name: '切换登录方式',
    route: '/',
    prepare: async (page) => {
      await header(page).getByRole('button', { name: '登录', exact: true }).click();
      await loginDialog(page).waitFor();
    },
    act: (page) => loginDialog(page).getByRole('tab', { name: '验证码登录' }).click(),
    done: (page) => loginDialog(page).getByRole('tab', { name: '验证码登录', selected: true }).waitFor(),
  },
  {
    name: '输入关键词并搜索',
    route: '/',
    prepare: async (page) => {
      await header(page).getByRole('button', { name: '搜索课程或专家' }).click();
      await header(page).getByRole('searchbox').waitFor();
    },
    act: async (page) => {
      await header(page).getByRole('searchbox').pressSequentially('课程', { delay: 50 });
      await header(page).getByRole('searchbox').press('Enter');
    },
    done: (page) => page.getByTestId('search-keyword').filter({ hasText: '课程' }).waitFor(),
  },
  {
    name: '打开在线客服',
    route: '/',
    act: (page) => header(page).getByRole('button', { name: '客服' }).click(),
    done: (page) => page.getByRole('dialog', { name: '在线客服' }).waitFor(),
  },
  {
    name: '课程翻页',
    route: '/about/3',
    // The pager is at the foot of the list: a visitor scrolls to it before tapping, and the pictures scrolled into
    // view load and paint then, not as part of the tap.
    prepare: (page) => page.getByRole('navigation', { name: '课程分页' }).scrollIntoViewIfNeeded(),
    act: (page) => page.getByRole('navigation', { name: '课程分页' }).getByRole('link', { name: '下一页' }).click(),
    done: (page) => page.locator('.course-catalog__summary').filter({ hasText: '第 2 /' }).waitFor(),
  },
];

/** Collects the page's Event Timing entries by interaction: what web-vitals' INP is made of. */
function observeInteractions(): void {
  const latencies: Record<number, number> = {};
  (window as unknown as { interactionLatencies: Record<number, number> }).interactionLatencies = latencies;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) {
      if (entry.interactionId) latencies[entry.interactionId] = Math.max(latencies[entry.interactionId] ?? 0, entry.duration);
    }
    // The smallest threshold the API allows: shorter events are not reported at all.
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
}

/** The longest of the interactions made since `before` (ids are increasing); 16 ms when none was that long. */
async function latencySince(page: Page, before: number[]): Promise<number> {
  const latencies = await page.evaluate(() => (window as unknown as { interactionLatencies: Record<number, number> }).interactionLatencies);
  const made = Object.entries(latencies).filter(([id]) => !before.includes(Number(id))).map(([, duration]) => duration);
  return made.length ? Math.max(...made) : 16;
}

async function oneRun(browser: Browser, origin: string, interaction: Interaction): Promise<number> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 375, height: 812 }, hasTouch: false });
  try {
    await context.addInitScript(observeInteractions);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(routeUrl(origin, interaction.route));
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    // The page is the app's once its header is: the control under test is then live.
    await page.waitForFunction(() => {
      const bar = document.querySelector('header.site-header');
      return bar !== null && Object.keys(bar).some((key) => key.startsWith('__reactProps$'));
    });
    await page.waitForLoadState('networkidle');
    await interaction.prepare?.(page);
    // Events are reported once their frame is painted: give the prepared ones time to arrive before counting.
    await page.waitForTimeout(1_000);
    const before = Object.keys(
      await page.evaluate(() => (window as unknown as { interactionLatencies: Record<number, number> }).interactionLatencies),
    ).map(Number);
    await interaction.act(page);
    await interaction.done(page);
    await page.waitForTimeout(300);
    return await latencySince(page, before);
  } finally {
    await context.close();
  }
}

export interface InteractionResult {
  name: string;
  route: string;
  runs: number[];
  p75: number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export async function measureInteractions(browser: Browser, origin: string, runs = INTERACTION_RUNS): Promise<InteractionResult[]> {
  const results: InteractionResult[] = [];
  for (const interaction of INTERACTIONS) {
    const latencies: number[] = [];
    for (let run = 0; run < runs; run += 1) latencies.push(await oneRun(browser, origin, interaction));
    results.push({ name: interaction.name, route: interaction.route, runs: latencies, p75: percentile(latencies, 75) });
  }
  return results;
}

export function interactionsTable(results: InteractionResult[], baseline?: InteractionResult[]): string {
  const rows = results.map(({ name, route, runs, p75 }) => {
    const base = baseline?.find((entry) => entry.name === name)?.p75;
    return [
      name,
      route,
      `${Math.round(p75)} ms`,
      `${Math.round(Math.min(...runs))}–${Math.round(Math.max(...runs))} ms`,
      base === undefined ? '—' : `${Math.round(base)} ms = ${(p75 / base).toFixed(2)}×`,
    ];
  });
  return formatTable(['交互', '页面', 'p75', '范围', '单包基线 p75（联邦 ÷ 单包）'], rows);
}

async function main(): Promise<void> {
  const origin = process.argv[2] ?? 'http://localhost:3000';
  const browser = await launchChromium();
  try {
    const runs = Number(process.argv[3] ?? INTERACTION_RUNS);
    const results = await measureInteractions(browser, origin, runs);
    console.log(`交互延迟（CPU 降速 ${CPU_SLOWDOWN}×，每项 ${runs} 次）\n\n${interactionsTable(results)}`);
    writeResult('interactions.json', { origin, measuredAt: new Date().toISOString(), cpuSlowdown: CPU_SLOWDOWN, results });
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) void main();
