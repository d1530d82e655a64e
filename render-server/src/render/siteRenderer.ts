import fs from 'node:fs';
import path from 'node:path';
import {
  configDigest,
  APP_PAGE,
  parseRuntimeConfig,
  RUNTIME_CONFIG_FILE,
  SITE_ROUTES,
  type PageHead,
  type PageTarget,
  type ParseOptions,
  type RemoteName,
  type RouteId,
  type RuntimeConfig,
} from '@wenrun/shared/node';
import { criticalCssFor } from './criticalCss';
import { buildDocument } from './document';
import { loadShellServer, type ShellServer } from './shellServer';
import { collectStylesheets, stylesheetsOf, type RefusedStylesheetFile } from './stylesheets';

export interface SiteRendererOptions {
  /** The shell's served folder: app.html, runtime-config.json, its stylesheets. */
  shellDir: string;
  /** The runtime config when not the folder's own. */
  configFile?: string;
  /** The public address of the site (canonical links, Open Graph, structured data). */
  siteUrl: string;
  /** The production form over TLS: the config's http: entries are not used (`parseRuntimeConfig`'s `httpsOnly`). */
  httpsOnly?: boolean;
  /** Where API calls go when that is not the config's `apiBaseUrl` (a build's own reference API). */
  apiTarget?: string;
  /** A data call slower than this makes the page unavailable (the client-rendered page serves it instead). */
  dataTimeoutMs: number;
  renderTimeoutMs: number;
  /** Which remotes pages may use (their stylesheets are read); every remote when absent. */
  remotes?: RemoteName[];
  shellServer?: ShellServer;
}

export type RenderOutcome =
  | {
      kind: 'page';
      status: 200 | 404;
      html: string;
      head: PageHead;
      routeId: RouteId;
      /** Remote slots rendered as their fallback (the browser retries them). */
      failedSlots: string[];
    }
  | { kind: 'redirect'; status: 301; location: string }
  /** The page cannot be rendered as it should be (its data or the render failed): serve the client page. */
  | { kind: 'unavailable'; reason: string };

export interface SiteRenderer {
  config: RuntimeConfig;
  /** `configDigest(config)`: what each page rendered here says it was rendered with. */
  configDigest: string;
  /** Remotes' stylesheets (or their manifests) not read for the critical CSS: not what their release pinned. */
  refusedStylesheets: RefusedStylesheetFile[];
  /** The page `target` asks for: the render server resolves it once per request, the build once per page. */
  render(target: PageTarget): Promise<RenderOutcome>;
}

/** The shell's runtime config: the one in its folder, or another file (a site served under other addresses). */
export function runtimeConfigFile(shellDir: string, configFile?: string): string {
  return configFile ?? path.join(shellDir, RUNTIME_CONFIG_FILE);
}

export function readRuntimeConfig(file: string, options: ParseOptions = {}): RuntimeConfig {
  const raw: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  const { config, problems } = parseRuntimeConfig(raw, options);
  for (const problem of problems) console.warn(`[render] runtime-config: ${problem}`);
  return config;
}

/**
 * The one renderer of the site's pages, used by the build (pages written as files) and by the render server (pages
 * per request): the shell's server build renders the route with the remotes' server builds and the page's data,
 * then the page is put together from the shell's client page with its head, critical CSS and state.
 */
export async function openSiteRenderer(options: SiteRendererOptions): Promise<SiteRenderer> {
  const shell = options.shellServer ?? loadShellServer(options.shellDir);
  const config = readRuntimeConfig(runtimeConfigFile(options.shellDir, options.configFile), { httpsOnly: options.httpsOnly ?? false });
  const template = fs.readFileSync(path.join(options.shellDir, APP_PAGE), 'utf8');
  const siteUrl = options.siteUrl.replace(/\/$/, '');
  // Pins are required where the shell's server build requires them (render.tsx): a site served over https.
  const stylesheets = await collectStylesheets(options.shellDir, config, options.remotes, siteUrl.startsWith('https:'));
  const criticalCss = new Map(SITE_ROUTES.map((route) => [route.id, criticalCssFor(stylesheetsOf(route, stylesheets))]));

  return {
    config,
    refusedStylesheets: stylesheets.refused,
    configDigest: configDigest(config),
    async render(target) {
      let rendered;
      try {
        rendered = await shell.renderPage(target, {
          config,
          siteUrl,
          dataTimeoutMs: options.dataTimeoutMs,
          renderTimeoutMs: options.renderTimeoutMs,
          ...(options.apiTarget ? { apiTarget: options.apiTarget } : {}),
        });
      } catch (error) {
        return { kind: 'unavailable', reason: `渲染失败：${error instanceof Error ? error.message : String(error)}` };
      }
      if (rendered.kind === 'redirect') return rendered;
      if (rendered.unavailable.length) {
        const reasons = rendered.unavailable.map(([key, failure]) => `${key}：${failure.message}`).join('；');
        return { kind: 'unavailable', reason: `页面数据无法获取（${reasons}）` };
      }
      const html = buildDocument({
        template,
        head: rendered.head,
        jsonLd: rendered.jsonLd,
        config,
        siteUrl,
        criticalCss: (await criticalCss.get(rendered.routeId)?.(rendered.markup)) ?? '',
        markup: rendered.markup,
        state: rendered.state,
      });
      const { status, head, routeId } = rendered;
      return { kind: 'page', status, html, head, routeId, failedSlots: rendered.state.failedSlots };
    },
  };
}
