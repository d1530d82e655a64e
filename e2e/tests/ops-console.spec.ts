import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { ACTIVITY_ROUTE, activityPath, type FieldEvent, HOUR_MS, MINUTE_MS, REMOTE_PARTS, RENDER_PORT, RUNTIME_CONFIG_FILE } from '@wenrun/shared/node';
import { openDatabase } from '@wenrun/reference-api/db/database';
import { createFieldDataStore } from '@wenrun/reference-api/db/fieldData';
import { startDemoTwin, startServer, type TestServer } from '@wenrun/reference-api/test/harness';
import type { EntryChecker } from '@wenrun/deploy/ops/release/entryCheck';
import { createGuard } from '@wenrun/deploy/ops/release/guard';
import { takeStep } from '@wenrun/deploy/ops/release/release';
import { expect, test } from '../support/fixtures';
import { deployShellCopy, editRuntimeConfig, ROOT, watchErrors } from '../support/site';

/** 2026-11-20 00:00 in China, where the console shows its times. */
const DAY_START = Date.UTC(2026, 10, 19, 16, 0, 0);
const at = (hour: number, minute = 0) => DAY_START + hour * HOUR_MS + minute * MINUTE_MS;
const TOKEN = 'o'.repeat(40);
const CANARY = 'https://cdn.example.cn/wuyou/2.1.0/mf-manifest.json';
const answers: EntryChecker = async (entry) => ({ entry, version: entry === CANARY ? '2.1.0' : '2.0.0' });

/**
 * A day of wuyou's field data, every five minutes: three stable visitors all day; from 10:00 a canary visitor,
 * from 14:00 four canary visitors whose wuyou slot fails with an error. Each visitor its own client.
 */
async function seedDay(database: string): Promise<void> {
  const db = await openDatabase(database);
  const store = createFieldDataStore(db);
  let serial = 0;
  const view = (time: number, canary: boolean, failing: boolean) => {
    serial += 1;
    const version = canary && !failing ? '2.1.0' : '2.0.0';
    const events: FieldEvent[] = failing
      ? [
          { kind: 'slot', remote: 'wuyou', version: '2.1.0', loadMs: 0, outcome: 'failed' },
          { kind: 'error', remote: 'wuyou', version: '2.1.0', message: 'TypeError' },
          { kind: 'metric', name: 'LCP', value: 2400 },
        ]
      : [
          { kind: 'slot', remote: 'wuyou', version, loadMs: 120, outcome: 'loaded' },
          { kind: 'metric', name: 'LCP', value: 1100 + (serial % 5) * 40 },
          { kind: 'metric', name: 'INP', value: 80 + (serial % 3) * 20 },
        ];
    return store.record({ id: `view-day-${serial}`, route: ACTIVITY_ROUTE, versions: { wuyou: version }, canary: canary ? ['wuyou'] : [] }, events, time, `client-${serial}`);
  };
  // One view at a time, in order: each is a transaction of its own (the store's), as when beacons arrive.
  for (let time = at(0); time < at(16); time += 5 * MINUTE_MS) {
    for (let index = 0; index < 3; index += 1) await view(time, false, false);
    if (time >= at(10) && time < at(14)) await view(time, true, false);
    if (time >= at(14) && time <= at(14, 20)) for (let index = 0; index < 4; index += 1) await view(time, true, true);
  }
  await db.close();
}

/**
 * What reaches past the window's right edge (no table, no chart may), named by tag and class; and the page's width
 * if it scrolls sideways. A narrow table's headings are clipped into a pixel for screen readers: not counted.
 */
const pastTheWindow = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((node) => node.getBoundingClientRect().right > window.innerWidth + 1 && !node.closest('thead'))
      .concat(document.documentElement.scrollWidth > window.innerWidth ? [document.documentElement] : [])
      .slice(0, 5)
      .map((node) => `${node.tagName.toLowerCase()}.${node.className} ${Math.round(node.getBoundingClientRect().right)}`),
  );

/** The page from the top of `from` to the bottom of `to`, as wide as the window: what ops scroll through. */
async function shoot(page: Page, from: Locator, to: Locator, file: string): Promise<void> {
  const pageTop = (locator: Locator) => locator.evaluate((node) => node.getBoundingClientRect().top + window.scrollY);
  const pageBottom = (locator: Locator) => locator.evaluate((node) => node.getBoundingClientRect().bottom + window.scrollY);
  const top = Math.max(0, (await pageTop(from)) - 8);
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  await page.screenshot({ path: file, fullPage: true, clip: { x: 0, y: top, width, height: (await pageBottom(to)) + 8 - top } });
}

test('the ops console: a canary of wuyou fails from 14:00, the guard aborts it at 14:20, and ops see when and why', async ({ page, hosts }) => {
  // A production API of its own, a day of field data, a guard's check, the console at two widths.
  test.setTimeout(120_000);
  let now = at(10);
  const shellDir = deployShellCopy('shell-console', (config) => (config.canaryGuard = { minViews: 30, minClients: 10, leaveOutClients: 2 }));
  const shell = await hosts.serve(shellDir);
  const configFile = path.join(shellDir, RUNTIME_CONFIG_FILE);
  let api: TestServer | undefined;
  try {
    api = await startServer({
      devEndpoints: false,
      adminToken: TOKEN,
      now: () => now,
      allowedOrigins: [shell.origin],
      renderMetricsUrls: [`http://127.0.0.1:${RENDER_PORT}/metrics`],
      limits: { fieldSummaryCacheMs: 0 },
    });
    const apiUrl = api.url;
    editRuntimeConfig(shellDir, (config) => Object.assign(config, { apiBaseUrl: apiUrl, statsBaseUrl: `${apiUrl}/stats` }));
    await seedDay(api.database);
    await takeStep({ configFile, verb: 'canary', remote: 'wuyou', entry: CANARY, percent: 10, reason: '发布 2.1.0', check: answers, now: () => new Date(now) });

    now = at(14, 20);
    // The guard's check here, on the test's clock: the same figures from a demo twin of the API, without the token,
    // which goes over https alone (the production form's guard: attacker-fielddata.spec.ts).
    const twin = await startDemoTwin(api, { now: () => now });
    try {
      const [judged] = await createGuard({ configFile, fieldData: { baseUrl: twin.url }, check: answers, now: () => now, log: () => undefined }).checkOnce();
      expect(judged).toMatchObject({ remote: 'wuyou', aborted: true });
    } finally {
      await twin.close();
    }

    // The site's render server renders an activity page, then answers it from its cache: figures the console reads
    // from the server itself, through the API.
    for (let time = 0; time < 2; time += 1) expect((await fetch(`http://127.0.0.1:${RENDER_PORT}${activityPath(1)}`)).status).toBe(200);

    now = at(16);
    const errors = watchErrors(page, [/Failed to load resource/]);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${shell.origin}/status.html`);
    await expect(page.getByRole('main')).toBeVisible();
    const wuyou = page.locator('.remote-card', { has: page.getByRole('heading', { name: 'wuyou', exact: true }) });
    await expect(wuyou.getByText('守卫判定：已中止')).toBeVisible();
    await expect(wuyou.getByText(/^错误率：灰度 \d+\.\d%（\d+\/\d+）高于稳定版 0\.0%/)).toBeVisible();
    await expect(wuyou.getByText(/^检验方法：错误率与加载失败率：单侧两比例 z 检验/)).toBeVisible();
    await expect(wuyou.locator('td[data-label="操作"]', { hasText: '中止' })).toBeVisible();

    // A production API: the console asks for the token, keeps it for the tab only, and sends it in a header.
    await expect(page.getByText('趋势图无法显示：这个接口服务不是演示模式：请输入管理令牌。')).toBeVisible();
    await page.getByRole('textbox', { name: /^管理令牌/ }).fill(TOKEN);
    await page.getByRole('button', { name: '使用令牌' }).click();
    const trend = page.locator('.trend-remote', { has: page.getByRole('heading', { name: 'wuyou', exact: true }) });
    await expect(trend.getByText('时间轴上的发布步骤：10:00 灰度，14:20 中止')).toBeVisible();
    expect(await page.evaluate(() => Object.values(sessionStorage))).toContain(TOKEN);
    expect(await page.evaluate(() => Object.values(localStorage))).not.toContain(TOKEN);
    expect(requests.filter((url) => url.includes(TOKEN))).toEqual([]);

    // The error rate hour by hour: the canary's rises at 14:00, the stable line stays flat at 0.
    const errorRates = trend.locator('figure[data-figure="错误率"] details tbody tr');
    const rows = await errorRates.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    const byHour = new Map(rows.map(([time, canary, stable]) => [time, { canary, stable }]));
    expect(byHour.get('13:00')).toEqual({ canary: '0', stable: '0' });
    expect(byHour.get('14:00')).toEqual({ canary: '100', stable: '0' });
    expect(byHour.get('15:00')).toEqual({ canary: '—', stable: '0' });
    expect(rows.filter(([, , stable]) => stable !== '0')).toEqual([]);
    const servers = page.locator('section', { has: page.getByRole('heading', { name: '服务器指标', exact: true }) });
    await expect(servers.locator('tbody tr', { hasText: ACTIVITY_ROUTE }).locator('td[data-label="渲染耗时 p95"]')).toHaveText(/^≤ \d+ ms$/);
    await expect(servers.locator('thead')).not.toContainText(/[a-z]{3,}/);
    await expect(servers.getByText(/^页面缓存命中率：\d+\.\d%（[1-9]\d*\/\d+）$/)).toBeVisible();

    expect(await pastTheWindow(page)).toEqual([]);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    const shots = path.join(ROOT, 'deploy', 'ops');
    const errorChart = trend.locator('figure[data-figure="错误率"]');
    await shoot(page, wuyou, errorChart, path.join(shots, 'console-1440.png'));

    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await expect(trend.getByText('时间轴上的发布步骤：10:00 灰度，14:20 中止')).toBeVisible();
    expect(await pastTheWindow(page)).toEqual([]);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await shoot(page, wuyou, errorChart, path.join(shots, 'console-375.png'));
    expect(errors).toEqual([]);
  } finally {
    // The page's keep-alive connections would hold the API's close.
    await page.close();
    await api?.close();
  }
});

test('attacker: a remote build that reads sessionStorage when run gets nothing from the console, which runs no remote', async ({ page, baseURL }) => {
  // Every remote's container, as an untrusted build would serve it: run, it takes the admin token.
  const stolen = 'window.__stolen = JSON.stringify(Object.values(sessionStorage));';
  await page.route('**/remoteEntry.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', headers: { 'Access-Control-Allow-Origin': '*' }, body: stolen }),
  );
  const shellOrigin = new URL(baseURL ?? '').origin;
  const foreignScripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && new URL(request.url()).origin !== shellOrigin) foreignScripts.push(request.url());
  });
  await page.goto('/status.html');
  await page.getByRole('textbox', { name: /^管理令牌/ }).fill(TOKEN);
  await page.getByRole('button', { name: '使用令牌' }).click();
  expect(await page.evaluate(() => Object.values(sessionStorage))).toContain(TOKEN);
  // The console again, the token in the tab: each remote read, its container fetched as bytes.
  await page.reload();
  await expect(page.locator('.remote-card')).toHaveCount(Object.keys(REMOTE_PARTS).length);
  const scriptsLoaded = await page.evaluate((own) =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script' && new URL(entry.name).origin !== own)
      .map((entry) => entry.name),
  shellOrigin);
  const stolenTokens = await page.evaluate(() => (window as unknown as { __stolen?: string }).__stolen);
  expect({ foreignScripts, scriptsLoaded, stolenTokens }).toEqual({ foreignScripts: [], scriptsLoaded: [], stolenTokens: undefined });
  await expect(page.locator('.remote-card tbody tr').first()).toContainText(/\d+\.\d+ KB，\d+ ms/);
});
