/**
 * Renders pages of the built site in Chromium, exactly as a visitor's browser would, and writes them as
 * prerendered HTML beside the shell's app.html (`about/3/index.html` …), each with its critical CSS inline and
 * the data it was made with. Used by `npm run prerender` and by remote-wuyou's deploy.
 *
 * No port is bound: Chromium's request interception serves the shell's origin and each given remote's base
 * address from a folder, as the deployed servers would, and passes API calls to the API. Everything else is
 * refused, so a render depends on nothing but those folders and the API (and counts no visit anywhere).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import type { Envelope } from '../shared/src/api/types';
import { MANIFEST_FILE, SHELL_PART, type RemoteName } from '../shared/src/config/parts';
import { parseRuntimeConfig, type RuntimeConfig } from '../shared/src/config/runtimeConfig';
import { REQUEST_TIMEOUT_MS } from '../shared/src/constants';
import { PRERENDER_DATA_ID } from '../shared/src/prerender/snapshot';
import { buildServer } from '../reference-api/src/server';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { extractCriticalCss } from './criticalCss';
import { jsonForScript, writePage, type PageHead } from './prerenderHtml';

/** The public address of the site, for canonical links, Open Graph and the sitemap. */
export const SITE_URL = (process.env.SITE_URL ?? `http://localhost:${SHELL_PART.port}`).replace(/\/$/, '');
const SHELL_ORIGIN = new URL(SITE_URL).origin;
/** The shell's client-rendered page: the template of every prerendered page and the history-mode fallback. */
export const APP_PAGE = 'app.html';
export const RUNTIME_CONFIG_FILE = 'runtime-config.json';
/** Drawn by the full build beside app.html; every page names it for shared links. */
export const OG_IMAGE = 'og-image.jpg';
const READY_TIMEOUT_MS = 20_000;

export function readRuntimeConfig(shellDir: string): RuntimeConfig {
  const raw: unknown = JSON.parse(fs.readFileSync(path.join(shellDir, RUNTIME_CONFIG_FILE), 'utf8'));
  const { config, problems } = parseRuntimeConfig(raw);
  for (const problem of problems) console.warn(`[prerender] runtime-config: ${problem}`);
  return config;
}

export interface SiteApi {
  /** Where the API's calls are answered: the configured API, or a reference API of our own. */
  target: string;
  close: () => Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

/**
 * The configured API for a deployment; for a local one (localhost) a reference API of our own with a throwaway
 * database, reached by rewriting requests, so a render never depends on whatever runs on the developer's port.
 */
async function connectApi(config: RuntimeConfig): Promise<SiteApi> {
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(new URL(config.apiBaseUrl).hostname);
  if (!local) {
    if (!(await answers(`${config.apiBaseUrl}/healthz`))) throw new Error(`${config.apiBaseUrl} 无响应，无法预渲染`);
    return { target: config.apiBaseUrl, close: async () => undefined };
  }
  const databasePath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wenrun-prerender-')), 'site.db');
  const server = await buildServer({ databasePath, logger: false, devEndpoints: false, allowedOrigins: [SHELL_ORIGIN] });
  const address = await server.listen({ port: 0, host: '127.0.0.1' });
  console.log(`[prerender] 使用内置参考 API（${address}）代替 ${config.apiBaseUrl}`);
  return { target: address, close: () => server.close() };
}

/** The API's envelope for a call. Throws when there is no answer (down, not JSON): that says nothing about content. */
export async function askApi<T>(target: string, apiPath: string, body: Record<string, string>): Promise<Envelope<T>> {
  const response = await fetch(`${target}${apiPath}`, {
    method: 'POST',
    body: new URLSearchParams(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`${apiPath}：HTTP ${response.status}`);
  return (await response.json()) as Envelope<T>;
}

/** Serves the addresses below `base` from `dir`, like the deployed static server. */
async function serveFolder(page: Page, base: string, dir: string, appPage?: string): Promise<void> {
  const prefix = base.endsWith('/') ? base : `${base}/`;
  const prefixPath = new URL(prefix).pathname;
  const root = path.resolve(dir);
  await page.route(
    (url) => url.href.startsWith(prefix),
    async (route) => {
      const request = route.request();
      const relative = decodeURIComponent(new URL(request.url()).pathname.slice(prefixPath.length));
      let file = path.resolve(root, `./${relative}`);
      if (file !== root && !file.startsWith(`${root}${path.sep}`)) return route.fulfill({ status: 404 });
      // Pages are always rendered from the client app, never from an earlier prerendered file.
      if (appPage && request.resourceType() === 'document') file = path.join(root, appPage);
      else if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
      if (!fs.existsSync(file)) return route.fulfill({ status: 404, body: '' });
      return route.fulfill({ path: file, headers: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-cache' } });
    },
  );
}

async function passApi(page: Page, apiBaseUrl: string, target: string): Promise<void> {
  await page.route(`${apiBaseUrl}/**`, async (route) => {
    if (apiBaseUrl === target) return route.continue();
    const url = route.request().url().replace(apiBaseUrl, target);
    const response = await route.fetch({ url, headers: { ...route.request().headers(), origin: SHELL_ORIGIN } });
    return route.fulfill({ response });
  });
}

export interface RenderedPage {
  head: PageHead;
  markup: string;
  criticalCss: string;
  data: Record<string, unknown>;
}

/** How the page looked once settled, read in the same step that found it settled. */
interface Settled {
  failures: string[];
  title: string;
  description: string;
  canonicalPath: string;
  markup: string;
  data: Record<string, unknown>;
}

async function renderPage(page: Page, pathname: string): Promise<RenderedPage> {
  await page.goto(`${SHELL_ORIGIN}${pathname}`, { waitUntil: 'networkidle' });
  // One look both finds the page settled and reads it, so a slot that starts retrying cannot slip in between.
  const settled = await page.waitForFunction(
    (): Settled | false => {
      const root = document.getElementById('root');
      if (!root?.querySelector('main, .activity, .remote-slot--failed')) return false;
      if (document.querySelector('.remote-slot--loading, .home-skeleton, [aria-busy="true"]')) return false;
      const failed = document.querySelectorAll('.remote-slot--failed, .home-notice, main [role="alert"]');
      return {
        failures: Array.from(failed, (element) => element.textContent ?? ''),
        title: document.title,
        description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
        canonicalPath: new URL(
          document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '/',
          window.location.origin,
        ).pathname,
        markup: root.innerHTML,
        data: (window as unknown as { __WENRUN_PRERENDER__?: () => Record<string, unknown> }).__WENRUN_PRERENDER__?.() ?? {},
      };
    },
    undefined,
    { timeout: READY_TIMEOUT_MS },
  );
  const rendered = (await settled.jsonValue()) as Settled;
  // A page that rendered a failure (a remote or the API was down, no such activity) must not be written.
  if (rendered.failures.length) throw new Error(`${pathname} 渲染出了错误状态：${rendered.failures.join('；')}`);
  return {
    head: { title: rendered.title, description: rendered.description, canonical: `${SITE_URL}${rendered.canonicalPath}` },
    markup: rendered.markup,
    criticalCss: await page.evaluate(extractCriticalCss),
    data: rendered.data,
  };
}

function organizationJsonLd(config: RuntimeConfig): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: config.contact.company,
    url: `${SITE_URL}/`,
    logo: `${SITE_URL}/${OG_IMAGE}`,
    telephone: config.contact.hotline,
    email: config.contact.email,
    address: { '@type': 'PostalAddress', streetAddress: config.contact.address, addressCountry: 'CN' },
  };
}

/** Where the prerendered page of `pathname` lives in the shell's folder. */
export function pageFile(shellDir: string, pathname: string): string {
  return path.join(shellDir, pathname, 'index.html');
}

export interface SiteSources {
  /** The shell's served folder (app.html, runtime-config.json, its hashed files); pages are written into it. */
  shellDir: string;
  /** The folder each remote a page needs is served from; the others are not served, as if they were down. */
  remoteDirs: Partial<Record<RemoteName, string>>;
}

export interface SiteRenderer {
  config: RuntimeConfig;
  api: SiteApi;
  browser: Browser;
  render: (pathname: string) => Promise<RenderedPage>;
  /** Writes the page as the shell's current app.html with the rendered head, markup and data; returns the file. */
  write: (pathname: string, rendered: RenderedPage, jsonLd?: object[]) => string;
  close: () => Promise<void>;
}

export async function openSiteRenderer({ shellDir, remoteDirs }: SiteSources): Promise<SiteRenderer> {
  const config = readRuntimeConfig(shellDir);
  const api = await connectApi(config);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS }).catch(async (error: unknown) => {
    await api.close();
    throw error;
  });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  // tsx (esbuild) wraps named functions in `__name(...)`; functions sent to the page need it to exist there.
  await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  // Routes match newest first: this one answers only what nothing below serves.
  await page.route(
    () => true,
    (route) => route.abort('blockedbyclient'),
  );
  await serveFolder(page, SHELL_ORIGIN, shellDir, APP_PAGE);
  for (const [name, dir] of Object.entries(remoteDirs) as [RemoteName, string][]) {
    const entry = config.remotes[name][0];
    if (entry) await serveFolder(page, entry.replace(new RegExp(`${MANIFEST_FILE}$`), ''), dir);
  }
  await passApi(page, config.apiBaseUrl, api.target);
  // A render is no visit: statistics are not sent, wherever their host is.
  await page.route(`${config.statsBaseUrl}/**`, (route) => route.abort('blockedbyclient'));

  return {
    config,
    api,
    browser,
    render: (pathname) => renderPage(page, pathname),
    write(pathname, rendered, jsonLd = []) {
      const file = pageFile(shellDir, pathname);
      writePage(file, {
        template: fs.readFileSync(path.join(shellDir, APP_PAGE), 'utf8'),
        head: {
          ...rendered.head,
          image: `${SITE_URL}/${OG_IMAGE}`,
          siteName: config.contact.company,
          jsonLd: [organizationJsonLd(config), ...jsonLd],
        },
        criticalCss: rendered.criticalCss,
        markup: rendered.markup,
        dataScript: `<script type="application/json" id="${PRERENDER_DATA_ID}">${jsonForScript(rendered.data)}</script>`,
      });
      return file;
    },
    async close() {
      await browser.close();
      await api.close();
    },
  };
}
