/**
 * Prerendering, the last step of `npm run build`: the marketing pages (PRERENDERED_PATHS) are rendered in
 * Chromium from the built parts and the API's content, exactly as a visitor's browser would render them, and
 * written as HTML beside the shell's index.html (`about/3/index.html` …). Each page carries its critical CSS
 * inline and the data it was made with, so the first response is already the page; the shell then takes it over.
 * Also writes robots.txt, sitemap.xml and the Open Graph image.
 *
 * No port is bound for the site: Chromium's request interception serves every origin of the runtime config from
 * the built folders, as the deployed servers would. The API is the configured one when it answers, otherwise an
 * in-process reference API with a throwaway database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { API_PATHS } from '../shared/src/api/endpoints';
import type { CourseList, Envelope } from '../shared/src/api/types';
import { ABOUT_SECTIONS, aboutPath } from '../shared/src/content/aboutSections';
import { activityPath, PRERENDERED_PATHS } from '../shared/src/content/routes';
import { MANIFEST_FILE, REMOTE_PARTS, SHELL_PART, type RemoteName } from '../shared/src/config/parts';
import { parseRuntimeConfig, type RuntimeConfig } from '../shared/src/config/runtimeConfig';
import { PRERENDER_DATA_ID } from '../shared/src/prerender/snapshot';
import { buildServer } from '../reference-api/src/server';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { extractCriticalCss } from './criticalCss';
import { escapeHtml, jsonForScript, writePage, type PageHead } from './prerenderHtml';

const ROOT = path.resolve(import.meta.dirname, '..');
const SHELL_DIST = path.join(ROOT, SHELL_PART.folder, 'dist');
const APP_PAGE = 'app.html';
/** The public address of the site, for canonical links, Open Graph and the sitemap. */
const SITE_URL = (process.env.SITE_URL ?? `http://localhost:${SHELL_PART.port}`).replace(/\/$/, '');
const SHELL_ORIGIN = new URL(SITE_URL).origin;
const READY_TIMEOUT_MS = 20_000;
const OG_IMAGE = 'og-image.jpg';

function readConfig(): RuntimeConfig {
  const raw: unknown = JSON.parse(fs.readFileSync(path.join(SHELL_DIST, 'runtime-config.json'), 'utf8'));
  const { config, problems } = parseRuntimeConfig(raw);
  for (const problem of problems) console.warn(`[prerender] runtime-config: ${problem}`);
  return config;
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

/**
 * The configured API for a deployment's build; for a local one (localhost) a reference API of our own, reached by
 * rewriting requests, so the build never depends on whatever happens to run on the developer's port 3100.
 */
async function apiFor(config: RuntimeConfig): Promise<{ target: string; close: () => Promise<void> }> {
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

/** Serves one origin of the site from its built folder, like the deployed static server. */
async function serveOrigin(page: Page, origin: string, dir: string, appPage?: string): Promise<void> {
  await page.route(`${origin}/**`, async (route) => {
    const request = route.request();
    const pathname = decodeURIComponent(new URL(request.url()).pathname);
    let file = path.join(dir, pathname);
    if (!file.startsWith(dir)) return route.fulfill({ status: 404 });
    // Pages are always rendered from the client app, never from an earlier prerendered file.
    if (appPage && request.resourceType() === 'document') file = path.join(dir, appPage);
    else if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!fs.existsSync(file)) return route.fulfill({ status: 404, body: '' });
    return route.fulfill({ path: file, headers: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-cache' } });
  });
}

async function forwardApi(page: Page, apiBaseUrl: string, target: string): Promise<void> {
  if (apiBaseUrl === target) return;
  await page.route(`${apiBaseUrl}/**`, async (route) => {
    const url = route.request().url().replace(apiBaseUrl, target);
    const response = await route.fetch({ url, headers: { ...route.request().headers(), origin: SHELL_ORIGIN } });
    await route.fulfill({ response });
  });
}

interface RenderedPage {
  head: PageHead;
  markup: string;
  criticalCss: string;
  data: Record<string, unknown>;
}

async function renderPage(page: Page, pathname: string): Promise<RenderedPage> {
  await page.goto(`${SHELL_ORIGIN}${pathname}`, { waitUntil: 'networkidle' });
  await page.waitForFunction(
    () =>
      !!document.querySelector('#root main, #root .activity') &&
      !document.querySelector('.remote-slot--loading, .remote-slot--failed, .home-skeleton, [aria-busy="true"]'),
    undefined,
    { timeout: READY_TIMEOUT_MS },
  );
  const rendered = await page.evaluate(() => ({
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
    canonical: new URL(document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '/').pathname,
    markup: document.getElementById('root')?.innerHTML ?? '',
    data: (window as unknown as { __WENRUN_PRERENDER__?: () => Record<string, unknown> }).__WENRUN_PRERENDER__?.() ?? {},
  }));
  // A page that rendered a failure (a remote or the API was down) must not be written as the page.
  const failures = await page.locator('.remote-slot--failed, .home-notice, main [role="alert"]').allTextContents();
  if (failures.length) throw new Error(`${pathname} 渲染出了错误状态：${failures.join('；')}`);
  return {
    head: { title: rendered.title, description: rendered.description, canonical: `${SITE_URL}${rendered.canonical}` },
    markup: rendered.markup,
    criticalCss: await page.evaluate(extractCriticalCss),
    data: rendered.data,
  };
}

function outputFile(pathname: string): string {
  return path.join(SHELL_DIST, pathname, 'index.html');
}

async function postToApi<T>(target: string, apiPath: string, body: Record<string, string>): Promise<T | undefined> {
  try {
    const response = await fetch(`${target}${apiPath}`, { method: 'POST', body: new URLSearchParams(body) });
    const envelope = (await response.json()) as Envelope<T>;
    return envelope.header.code === '200' ? envelope.data : undefined;
  } catch {
    return undefined;
  }
}

/** Activity ids, found by asking for 1, 2, 3 … until three in a row are unknown (the API has no list call). */
async function activityIds(target: string): Promise<number[]> {
  const ids: number[] = [];
  for (let id = 1, misses = 0; misses < 3 && id <= 200; id++) {
    if (await postToApi(target, API_PATHS.activityPage, { id: String(id) })) {
      ids.push(id);
      misses = 0;
    } else misses++;
  }
  return ids;
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

function coursesJsonLd(config: RuntimeConfig, courses: CourseList | undefined): object | undefined {
  if (!courses?.list.length) return undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: courses.list.map((course, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      item: {
        '@type': 'Course',
        name: course.title,
        description: course.summary,
        provider: { '@type': 'Organization', name: config.contact.company, sameAs: `${SITE_URL}/` },
      },
    })),
  };
}

function sitemap(paths: string[]): string {
  const urls = paths.map((pathname) => `  <url><loc>${escapeHtml(`${SITE_URL}${pathname}`)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** The picture shown with shared links: drawn here, in the site's colours, as a JPEG (what chat apps accept). */
async function drawOpenGraphImage(browser: Browser, config: RuntimeConfig): Promise<void> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(`<!doctype html><html lang="zh-CN"><body style="margin:0">
    <div style="width:1200px;height:630px;box-sizing:border-box;padding:96px;color:#fff;
      font-family:'PingFang SC','Microsoft YaHei','Noto Sans CJK SC','WenQuanYi Micro Hei',sans-serif;
      background:linear-gradient(135deg,#17467d 0%,#1f5fa8 55%,#2f7fc8 100%)">
      <div style="font-size:40px;opacity:.9">${escapeHtml(config.contact.company)}</div>
      <div style="margin-top:48px;font-size:68px;font-weight:700;line-height:1.3">让每一位教师都被看见、<br>被支持、被成就</div>
      <div style="margin-top:40px;font-size:32px;opacity:.9">研训体系 · 精品课程 · 智慧云 · 观测评价 · 项目合作</div>
    </div></body></html>`);
  await page.screenshot({ path: path.join(SHELL_DIST, OG_IMAGE), type: 'jpeg', quality: 82 });
  await page.close();
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(SHELL_DIST, APP_PAGE))) throw new Error('shell 尚未构建（没有 dist/app.html）');
  if (!fs.existsSync(CHROMIUM_PATH)) {
    console.warn(`[prerender] 没有找到 Chromium（${CHROMIUM_PATH}），跳过预渲染：页面照常在浏览器中渲染`);
    return;
  }
  const config = readConfig();
  const api = await apiFor(config);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    // tsx (esbuild) wraps named functions in `__name(...)`; functions sent to the page need it to exist there.
    await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    await serveOrigin(page, SHELL_ORIGIN, SHELL_DIST, APP_PAGE);
    for (const [name, entries] of Object.entries(config.remotes) as [RemoteName, string[]][]) {
      const entry = entries[0];
      if (entry) {
        const dist = path.join(ROOT, REMOTE_PARTS[name].folder, 'dist');
        await serveOrigin(page, new URL(entry.replace(new RegExp(`${MANIFEST_FILE}$`), '')).origin, dist);
      }
    }
    await forwardApi(page, config.apiBaseUrl, api.target);

    const courses = await postToApi<CourseList>(api.target, API_PATHS.courseList, { page: '1', pageSize: '12' });
    for (const pathname of PRERENDERED_PATHS) {
      const rendered = await renderPage(page, pathname);
      const jsonLd = [
        organizationJsonLd(config),
        ...(pathname === aboutPath(3) ? [coursesJsonLd(config, courses)].filter(Boolean) : []),
      ] as object[];
      writePage(outputFile(pathname), {
        template: fs.readFileSync(path.join(SHELL_DIST, APP_PAGE), 'utf8'),
        head: { ...rendered.head, image: `${SITE_URL}/${OG_IMAGE}`, siteName: config.contact.company, jsonLd },
        criticalCss: rendered.criticalCss,
        markup: rendered.markup,
        dataScript: `<script type="application/json" id="${PRERENDER_DATA_ID}">${jsonForScript(rendered.data)}</script>`,
      });
      console.log(`[prerender] ${pathname} → ${path.relative(ROOT, outputFile(pathname))}（${rendered.head.title}）`);
    }

    await drawOpenGraphImage(browser, config);
    const activities = (await activityIds(api.target)).map(activityPath);
    const indexed = [...new Set(PRERENDERED_PATHS.map((pathname) => (pathname === '/about' ? aboutPath(ABOUT_SECTIONS[0].key) : pathname)))];
    fs.writeFileSync(path.join(SHELL_DIST, 'sitemap.xml'), sitemap([...indexed, ...activities]));
    fs.writeFileSync(
      path.join(SHELL_DIST, 'robots.txt'),
      `User-agent: *\nAllow: /\n\nSitemap: ${SITE_URL}/sitemap.xml\n`,
    );
    console.log(`[prerender] sitemap.xml：${indexed.length} 个页面，${activities.length} 个活动`);
  } finally {
    await browser.close();
    await api.close();
  }
}

main().catch((error: unknown) => {
  console.error('[prerender] 失败：', error);
  process.exit(1);
});
