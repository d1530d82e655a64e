import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_RUNTIME_CONFIG, ENTRY_ASSETS_FILE, type PageTarget } from '@wenrun/shared/node';
import type { RenderedPage, RenderSetup } from '../render/shellServer';
import { buildRenderServer } from './app';

/** The shared setup of the render server's tests: a shell's folder, a shell render the test writes, a server on both. */
export const APP_PAGE = '<!doctype html><html lang="zh-CN"><head><title>文润教育</title><script defer src="/main.1a2b3c4d.js"></script></head><body><div id="root"></div></body></html>';

/**
 * A shell's served folder with what the render server reads from it; the shell's render is the test's. Its remotes
 * are nobody's (the server starts anyway, and renders with what it can load); its API is `apiBaseUrl`'s.
 */
export function shellFolder({ appPage = APP_PAGE, apiBaseUrl = 'http://127.0.0.1:9' } = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'render-server-'));
  fs.writeFileSync(path.join(dir, 'app.html'), appPage);
  const remotes = Object.fromEntries(Object.keys(DEFAULT_RUNTIME_CONFIG.remotes).map((name) => [name, 'http://127.0.0.1:9/mf-manifest.json']));
  fs.writeFileSync(path.join(dir, 'runtime-config.json'), JSON.stringify({ apiBaseUrl, remotes }));
  fs.writeFileSync(path.join(dir, ENTRY_ASSETS_FILE), JSON.stringify({ main: { initial: { js: [], css: [] }, async: { js: [], css: [] } } }));
  return dir;
}

export type Render = (target: PageTarget, setup: RenderSetup) => Promise<RenderedPage>;

/** A rendered page of `routeId`, its markup the test's. */
export function page(status: 200 | 404, routeId: 'activity' | 'search' | 'home', markup: string, failedSlots: string[] = []): Extract<RenderedPage, { kind: 'page' }> {
  return {
    kind: 'page',
    status,
    routeId,
    head: { title: '标题', description: '说明', canonicalPath: '/', jsonLd: [] },
    jsonLd: [],
    markup,
    state: { data: {}, failedSlots, renderedAt: new Date(0).toISOString() },
    unavailable: [],
  };
}

/** A render server on `shellDir` whose shell's render is `render`, looking for changes every `checkIntervalMs`. */
export function renderServerOn(shellDir: string, render: Render, checkIntervalMs = 60_000): Promise<FastifyInstance> {
  return buildRenderServer({
    shellDir,
    siteUrl: 'https://www.example.cn',
    dataTimeoutMs: 3000,
    renderTimeoutMs: 5000,
    checkIntervalMs,
    shellServer: { renderPage: render, reloadRemote: jest.fn(), observeRefusedFiles: async () => undefined },
  });
}

/** The site's pages as the test's shell renders them: an activity, a missing one, a search, a redirect, failures. */
async function sitePage({ pathname, search }: PageTarget): Promise<RenderedPage> {
  const url = `${pathname}${search}`;
  if (url.startsWith('/wuyou/404')) return page(404, 'activity', '<h1>没有找到这个活动</h1>');
  if (url.startsWith('/wuyou/')) return page(200, 'activity', `<h1>活动 ${url}</h1>`);
  if (url.startsWith('/search/')) return page(200, 'search', '<h1>搜索结果</h1>');
  if (url === '/home') return { kind: 'redirect', status: 301, location: '/' };
  if (url.startsWith('/broken')) throw new Error('渲染出错');
  if (url.startsWith('/slow-api')) return { ...page(200, 'home', '<h1>首页</h1>'), unavailable: [['home', { kind: 'timeout', message: '系统接口请求超时，请检查网络' }]] };
  return page(200, 'home', '<h1>首页</h1>');
}

export interface RenderServerUnderTest {
  app: FastifyInstance;
  /** The shell's render, counted: which pages were rendered rather than kept. */
  render: jest.Mock<ReturnType<Render>, Parameters<Render>>;
  /** Where it listens, `http://127.0.0.1:port`. */
  origin: string;
}

/** A render server of the site's pages for each test of the calling suite, on a free loopback port, closed after it. */
export function renderServerPerTest(): RenderServerUnderTest {
  // Filled by beforeEach, before any test reads it.
  const server = {} as RenderServerUnderTest;
  beforeEach(async () => {
    // The remotes of this folder's config are nobody's: the server says it cannot read their stylesheets.
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.render = jest.fn<ReturnType<Render>, Parameters<Render>>(sitePage);
    server.app = await renderServerOn(shellFolder(), server.render);
    server.origin = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(async () => {
    await server.app.close();
    jest.restoreAllMocks();
  });
  return server;
}
