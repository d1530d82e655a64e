/**
 * Bytes per route, measured in real Chromium: every request a page makes until it has settled, by kind and by
 * origin, from a cold cache and again with a warm one (a second load in the same browser context). `sent` is what
 * crossed the wire as the servers sent it (Chromium's encoded length: compressed bodies and their headers), `raw`
 * the body once decoded. On the warm load only what crossed the network counts: cache hits are counted apart.
 *
 * `npx tsx bench/bytes.ts [origin]` measures a running site (default: `npm start`'s http://localhost:3000).
 */
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession } from '@playwright/test';
import { BENCH_ROUTES, CHROMIUM_FLAGS, CHROMIUM_PATH, routeUrl } from './ports';
import { formatTable, kb, writeResult } from './report';

export type ResourceKind = 'html' | 'js' | 'css' | 'image' | 'font' | 'data' | 'other';

export interface Tally {
  requests: number;
  raw: number;
  /** Bytes on the wire, as sent. */
  sent: number;
}

export interface LoadBytes {
  /** Requests that went to a server (including 304s). */
  requests: number;
  /** Answered from the browser's cache without asking any server. */
  cacheHits: number;
  notModified: number;
  byKind: Record<ResourceKind, Tally>;
  byOrigin: Record<string, Tally>;
  /** Requests that failed (refused, aborted…): a broken page measures wrong, so the table shows them. */
  failed: string[];
  total: Tally;
  /** Every request that went to a server, for reading what a figure is made of. */
  entries: { url: string; status: number; kind: ResourceKind; raw: number; sent: number }[];
}

export interface RouteBytes {
  route: string;
  cold: LoadBytes;
  warm: LoadBytes;
}

const KINDS: ResourceKind[] = ['html', 'js', 'css', 'image', 'font', 'data', 'other'];

function kindOf(type: string, mimeType: string, url: string): ResourceKind {
  if (type === 'Document') return 'html';
  if (type === 'Script' || /javascript/.test(mimeType)) return 'js';
  if (type === 'Stylesheet' || mimeType === 'text/css') return 'css';
  if (type === 'Image' || mimeType.startsWith('image/')) return 'image';
  if (type === 'Font' || mimeType.startsWith('font/') || /\.(woff2?|ttf|otf)$/.test(new URL(url).pathname)) return 'font';
  if (type === 'Fetch' || type === 'XHR' || /json/.test(mimeType)) return 'data';
  return 'other';
}

function emptyTally(): Tally {
  return { requests: 0, raw: 0, sent: 0 };
}

function addTo(tally: Tally, raw: number, sent: number): void {
  tally.requests += 1;
  tally.raw += raw;
  tally.sent += sent;
}

interface Pending {
  url: string;
  type: string;
  mimeType: string;
  status: number;
  fromCache: boolean;
  revalidated: boolean;
}

function emptyLoad(): LoadBytes {
  return {
    requests: 0,
    cacheHits: 0,
    notModified: 0,
    byKind: Object.fromEntries(KINDS.map((kind) => [kind, emptyTally()])) as Record<ResourceKind, Tally>,
    byOrigin: {},
    failed: [],
    total: emptyTally(),
    entries: [],
  };
}

/** A body's decoded length; a body Chromium no longer holds (e.g. a redirect) counts what the wire carried. */
async function bodyLength(cdp: CDPSession, requestId: string, sent: number): Promise<number> {
  try {
    const response = await cdp.send('Network.getResponseBody', { requestId });
    return Buffer.from(response.body, response.base64Encoded ? 'base64' : 'utf8').length;
  } catch {
    return sent;
  }
}

/** Whether the body crossed the wire: not a 304, whether reported as one or as the cached response's 200. */
const bodyCrossed = (request: Pending) => request.status !== 304 && !request.revalidated;

/** One request that went to a server, added to its kind, its origin and the total. */
function countRequest(load: LoadBytes, request: Pending, raw: number, sent: number): void {
  const crossed = bodyCrossed(request);
  if (!crossed) load.notModified += 1;
  const kind = kindOf(request.type, request.mimeType, request.url);
  load.requests += 1;
  addTo(load.byKind[kind], raw, sent);
  addTo((load.byOrigin[new URL(request.url).origin] ??= emptyTally()), raw, sent);
  addTo(load.total, raw, sent);
  load.entries.push({ url: request.url, status: crossed ? request.status : 304, kind, raw, sent });
}

/** Follows every request of the page into `load`; the promises returned end when each finished body is counted. */
function followRequests(cdp: CDPSession, load: LoadBytes): Promise<void>[] {
  const pending = new Map<string, Pending>();
  const finished: Promise<void>[] = [];
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.request.url.startsWith('data:')) return;
    pending.set(event.requestId, { url: event.request.url, type: event.type ?? 'Other', mimeType: '', status: 0, fromCache: false, revalidated: false });
  });
  // A revalidated file is reported with the cached response's 200; the wire status says it was a 304.
  cdp.on('Network.responseReceivedExtraInfo', (event) => {
    const request = pending.get(event.requestId);
    if (request && event.statusCode === 304) request.revalidated = true;
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    const request = pending.get(event.requestId);
    if (request) request.fromCache = true;
  });
  cdp.on('Network.responseReceived', (event) => {
    const request = pending.get(event.requestId);
    if (!request) return;
    request.status = event.response.status;
    request.mimeType = event.response.mimeType;
    request.fromCache ||= Boolean(event.response.fromDiskCache || event.response.fromPrefetchCache);
  });
  cdp.on('Network.loadingFailed', (event) => {
    const request = pending.get(event.requestId);
    if (request && !event.canceled) load.failed.push(`${request.url}（${event.errorText}）`);
    pending.delete(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = pending.get(event.requestId);
    if (!request) return;
    pending.delete(event.requestId);
    if (request.fromCache) {
      load.cacheHits += 1;
      return;
    }
    const sent = Math.max(0, event.encodedDataLength);
    finished.push((async () => countRequest(load, request, bodyCrossed(request) ? await bodyLength(cdp, event.requestId, sent) : 0, sent))());
  });
  return finished;
}

/** Records one page load's network over CDP, until the app has run and the network is quiet. */
async function recordLoad(context: BrowserContext, url: string): Promise<LoadBytes> {
  const page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const load = emptyLoad();
  const finished = followRequests(cdp, load);
  await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
  await page.waitForSelector('html[data-app-ready]', { timeout: 20_000 }).catch(() => {
    load.failed.push(`${url}：20 秒内应用未接管页面（html[data-app-ready]）`);
  });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await Promise.all(finished);
  await page.close();
  return load;
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
}

/** Each route in a fresh context (cold cache), then again in the same context (warm cache). */
export async function measureBytes(browser: Browser, origin: string, routes: readonly string[] = BENCH_ROUTES): Promise<RouteBytes[]> {
  const results: RouteBytes[] = [];
  for (const route of routes) {
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 375, height: 812 } });
    const url = routeUrl(origin, route);
    const cold = await recordLoad(context, url);
    const warm = await recordLoad(context, url);
    await context.close();
    results.push({ route, cold, warm });
  }
  return results;
}

export function bytesTable(results: RouteBytes[]): string {
  const rows = results.flatMap(({ route, cold, warm }) =>
    (
      [
        ['冷', cold],
        ['热', warm],
      ] as const
    ).map(([cache, load]) => [
      route,
      cache,
      String(load.requests),
      String(load.cacheHits),
      `${kb(load.byKind.js.raw)} / ${kb(load.byKind.js.sent)}`,
      `${kb(load.byKind.css.raw)} / ${kb(load.byKind.css.sent)}`,
      kb(load.byKind.js.sent + load.byKind.css.sent),
      `${load.byKind.image.requests} / ${kb(load.byKind.image.raw)}`,
      `${load.byKind.font.requests} / ${kb(load.byKind.font.raw)}`,
      kb(load.total.sent),
      String(Object.keys(load.byOrigin).length),
    ]),
  );
  return formatTable(
    ['路由', '缓存', '请求', '缓存命中', 'JS 原始/传输', 'CSS 原始/传输', 'JS+CSS 传输', '图片 个/字节', '字体 个/字节', '合计传输', '源数'],
    rows,
  );
}

export function originsTable(results: RouteBytes[]): string {
  const rows = results.flatMap(({ route, cold }) =>
    Object.entries(cold.byOrigin).map(([origin, tally]) => [route, origin, String(tally.requests), kb(tally.raw), kb(tally.sent)]),
  );
  return formatTable(['路由（冷缓存）', '源', '请求', '原始', '传输'], rows);
}

async function main(): Promise<void> {
  const origin = process.argv[2] ?? 'http://localhost:3000';
  const browser = await launchChromium();
  try {
    const results = await measureBytes(browser, origin);
    console.log(bytesTable(results));
    console.log(originsTable(results));
    for (const { route, cold, warm } of results) {
      for (const failure of [...cold.failed, ...warm.failed]) console.warn(`[bytes] ${route} 请求失败：${failure}`);
    }
    writeResult('bytes.json', { origin, measuredAt: new Date().toISOString(), routes: results });
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) void main();
