/**
 * The checks over a build: each route within its budget, the activity page free of what it does not show, and
 * no request to a host but our own. Each returns its problems in Chinese; none reads the network or a browser.
 */
import fs from 'node:fs';
import path from 'node:path';
import { modulesOf, REMOTE_NAMES, routeOf } from '@wenrun/shared/node';
import { CONSOLE_ONLY_MARKERS, FOOTER_MARKER, INERT_URLS, ROUTE_BUDGETS, type RouteBudget } from './data';
import { routeReport, visitorReachableFiles, type BuiltPart, type RouteReport, type SiteBuild } from './pageFiles';

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export function checkRouteBudget(report: RouteReport, budget: Pick<RouteBudget, 'budgetKb'>): string[] {
  const limit = budget.budgetKb * 1024;
  if (report.codeSent <= limit) return [];
  return [`${report.path} 的 JS + CSS 传输 ${kb(report.codeSent)}，超出预算 ${kb(limit)} ${kb(report.codeSent - limit)}`];
}

/** The remotes a route must not load: every remote it does not show. */
export function remotesNotShownOn(pathname: string): string[] {
  const shown = new Set(modulesOf(routeOf(pathname).route).map((ref) => ref.remote));
  return REMOTE_NAMES.filter((name) => !shown.has(name));
}

/**
 * A page without the layout (the activity page, deployed on its own and shared on phones) must not pay for the
 * remotes it does not show nor for the footer. The footer is looked for by its class in the shell's files the
 * page loads, so that it is caught in whichever chunk it lands.
 */
export function checkIsolation(site: SiteBuild, report: RouteReport): string[] {
  const forbidden = remotesNotShownOn(report.path);
  const problems: string[] = [];
  for (const { part, file } of report.files) {
    if (forbidden.includes(part.name)) problems.push(`${report.path} 下载了 ${part.folder}/${file}`);
    else if (!routeOf(report.path).route.layout && part === site.shell && /\.(js|css)$/.test(file)) {
      if (fs.readFileSync(path.join(part.dir, file), 'utf8').includes(FOOTER_MARKER)) {
        problems.push(`${report.path} 下载的 ${part.folder}/${file} 含页脚代码（${FOOTER_MARKER}）`);
      }
    }
  }
  return problems;
}

/**
 * The ops console's chart library is loaded by the status page only: no file a visitor's page may load, at start or
 * later, holds a byte of it (found by a class name its code and stylesheet both carry, whichever chunk it lands in).
 */
export function checkConsoleOnly(site: SiteBuild, markers: Record<string, string> = CONSOLE_ONLY_MARKERS): string[] {
  return visitorReachableFiles(site).flatMap(({ part, file }) => {
    const text = fs.readFileSync(path.join(part.dir, file), 'utf8');
    return Object.entries(markers).flatMap(([library, marker]) =>
      text.includes(marker) ? [`访客页面可能加载的 ${part.folder}/${file} 含 ${library}（只属于运维控制台）`] : [],
    );
  });
}

/** What a browser may load from a part: everything but its server build (`server/`, run only by the renderer). */
function builtFiles(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => /\.(js|css|html)$/.test(file) && !file.startsWith(`server${path.sep}`))
    .sort();
}

/** CSS comments (licence banners) are never fetched; URLs in them do not count. */
function withoutCssComments(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, '');
}

/**
 * Every absolute http(s) URL in the built JS, CSS and HTML whose host is not one of ours and that is not a
 * known inert string. Hosts are compared by name: our own services differ only by port.
 */
export function checkForeignHosts(parts: BuiltPart[], ownHosts: string[], inert = INERT_URLS): string[] {
  const problems = new Set<string>();
  for (const part of parts) {
    for (const file of builtFiles(part.dir)) {
      const raw = fs.readFileSync(path.join(part.dir, file), 'utf8');
      const text = file.endsWith('.css') ? withoutCssComments(raw) : raw;
      for (const [url] of text.matchAll(/https?:\/\/[^\s"'`()<>\\,;{}]+/g)) {
        if (inert.some(({ prefix }) => url.startsWith(prefix))) continue;
        let host: string;
        try {
          host = new URL(url.replace(/\$$/, '')).hostname;
        } catch {
          host = url;
        }
        if (!ownHosts.includes(host)) problems.add(`${part.folder}/${file} 含外部地址 ${url}`);
      }
    }
  }
  return [...problems];
}

/** Our own hosts: the shell's and every address in its runtime config (API, statistics, remotes…). */
export function ownHostsOf(runtimeConfig: unknown, siteUrl: string): string[] {
  const hosts = new Set([new URL(siteUrl).hostname, 'localhost', '127.0.0.1']);
  const visit = (value: unknown) => {
    if (typeof value === 'string' && /^https?:\/\//.test(value)) hosts.add(new URL(value).hostname);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(runtimeConfig);
  return [...hosts];
}

export interface BudgetResult {
  reports: RouteReport[];
  problems: string[];
}

export function checkBudgets(site: SiteBuild, ownHosts: string[], budgets: readonly RouteBudget[] = Object.values(ROUTE_BUDGETS)): BudgetResult {
  const reports = budgets.map((budget) => routeReport(site, budget.path));
  return {
    reports,
    problems: [
      ...reports.flatMap((report, index) => checkRouteBudget(report, budgets[index] as RouteBudget)),
      ...reports.flatMap((report) => checkIsolation(site, report)),
      ...checkForeignHosts([site.shell, ...site.remotes], ownHosts),
      ...checkConsoleOnly(site),
    ],
  };
}
