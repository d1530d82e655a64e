import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { MANIFEST_FILE, REMOTE_ENTRY_FILE } from '@wenrun/shared/node';
import { fallbackPageIn } from '@wenrun/server-plugins';
import { startPartServer } from '@wenrun/deploy/serve/partServer';
import { E2E_SITE_ORIGINS } from './ports';

export const ROOT = path.resolve(__dirname, '..', '..');
export const ARTIFACTS = path.join(ROOT, 'e2e', '.artifacts');

export function distOf(folder: string): string {
  return path.join(ROOT, folder, 'dist');
}

/** Copies a built folder, as ops would deploy it somewhere else. */
export function copyBuild(from: string, to: string): string {
  fs.rmSync(to, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.cpSync(from, to, { recursive: true });
  return to;
}

/** A deployed copy of the shell whose runtime-config.json is edited by `edit` (the ops surface). */
export function deployShellCopy(name: string, edit: (config: Record<string, unknown>) => void): string {
  const dir = copyBuild(distOf('shell'), path.join(ARTIFACTS, name));
  editRuntimeConfig(dir, edit);
  return dir;
}

export function editRuntimeConfig(shellDir: string, edit: (config: Record<string, unknown>) => void): void {
  const file = path.join(shellDir, 'runtime-config.json');
  const config = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  edit(config);
  fs.writeFileSync(file, JSON.stringify(config, null, 2));
}

/** A remote in the runtime config: an entry, a list (primary first), or a release with a canary. */
export type RemoteSetting = string | string[] | { entries: string[]; canary?: { entry: string; percent: number } };

export function setRemote(config: Record<string, unknown>, remote: string, entry: RemoteSetting): void {
  config.remotes = { ...(config.remotes as Record<string, unknown>), [remote]: entry };
}

export function manifestUrl(port: number): string {
  return `http://localhost:${port}/${MANIFEST_FILE}`;
}

/** The container the browser loads for a remote configured by `manifestUrl(port)`. */
export function remoteEntryUrl(port: number): string {
  return `http://localhost:${port}/${REMOTE_ENTRY_FILE}`;
}

/** Serves a folder like `npm start` serves a part (cache headers, CORS for the site's and tests' origins). */
export function serveFolder(root: string, port: number): Promise<http.Server> {
  return startPartServer({ root, port, spa: fallbackPageIn(root), allowedOrigins: E2E_SITE_ORIGINS });
}

/** Hash of every file of a folder but the runtime config, to show that code was not rebuilt or touched. */
export function folderFingerprint(dir: string): string {
  const hash = createHash('sha256');
  const files = (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => file !== 'runtime-config.json' && fs.statSync(path.join(dir, file)).isFile())
    .sort();
  for (const file of files) hash.update(file).update(fs.readFileSync(path.join(dir, file)));
  return hash.digest('hex');
}

/** Collects console errors and uncaught exceptions of a page, but for console errors a test expects (`expected`). */
export function watchErrors(page: Page, expected: RegExp[] = []): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !expected.some((pattern) => pattern.test(message.text()))) {
      errors.push(`console: ${message.text()}`);
    }
  });
  return errors;
}

/**
 * Holds back the requests that match `url` until the returned function is called, as a slow network would:
 * what the page shows meanwhile is what a visitor sees while they are on their way.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Sums the page's layout shifts not caused by input (CLS as the browser reports it), from the first paint of every
 * document the page loads. `reset` starts the sum again, e.g. after the page a test starts from; `shifted` names
 * what moved, for the message of a failing check.
 */
export async function watchLayoutShift(
  page: Page,
): Promise<{ total: () => Promise<number>; shifted: () => Promise<string>; reset: () => Promise<void> }> {
  interface Shift {
    value: number;
    hadRecentInput: boolean;
    sources: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
  }
  await page.addInitScript(() => {
    const win = window as unknown as { __cls: number; __shifted: string[] };
    win.__cls = 0;
    win.__shifted = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Shift[]) {
        if (entry.hadRecentInput) continue;
        win.__cls += entry.value;
        for (const { node, previousRect: from, currentRect: to } of entry.sources) {
          const name = node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : String(node?.nodeName);
          win.__shifted.push(`${name} y ${Math.round(from.y)}→${Math.round(to.y)}, h ${Math.round(from.height)}→${Math.round(to.height)}`);
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return {
    total: () => page.evaluate(() => (window as unknown as { __cls: number }).__cls),
    shifted: () => page.evaluate(() => (window as unknown as { __shifted: string[] }).__shifted.join('; ')),
    reset: () =>
      page.evaluate(() => {
        const win = window as unknown as { __cls: number; __shifted: string[] };
        win.__cls = 0;
        win.__shifted = [];
      }),
  };
}

const ENTRY_SCRIPT_NAME = 'main\\.[0-9a-f]{8}\\.js';
/** The shell's entry script as a URL ends: `main.<hash>.js`. */
export const ENTRY_SCRIPT = new RegExp(`/${ENTRY_SCRIPT_NAME}$`);

/** The entry script a page names: a deferred `<script src>` in app.html, a preload in a server-rendered page. */
export function entryScriptOf(html: string): string {
  const name = new RegExp(`(?:src|href)="/(${ENTRY_SCRIPT_NAME})"`).exec(html)?.[1];
  if (!name) throw new Error('页面没有指明 main.js');
  return name;
}

/** Set by the shell once the app has rendered: a server-rendered page is hydrated from then on. */
export const appReady = (page: Page) => page.locator('html[data-app-ready]');

/** Waits until the app has hydrated the page: before that, a server-rendered page looks ready but has no handlers. */
export async function waitForApp(page: Page): Promise<void> {
  await expect(appReady(page)).toHaveCount(1);
}

/**
 * Waits until React owns `element`: the server's markup of it has no handlers until hydration. React marks its nodes with a fiber
 * key.
 */
export async function waitForLive(element: Locator): Promise<void> {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber'))))
    .toBe(true);
}
