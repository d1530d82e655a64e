import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { MANIFEST_FILE, REMOTE_ENTRY_FILE, REMOTE_PARTS, type RemoteName } from '@wenrun/shared/node';
import { buildDigests } from '@wenrun/deploy/assemble/digests/buildDigests';
import { exposeChunk } from '../support/chaos-remotes';
import { expect, test } from '../support/fixtures';
import { ARTIFACTS, ROOT, copyBuild, deployShellCopy, distOf, manifestUrl, setRemote, waitForApp } from '../support/site';

/**
 * Issue 51: whoever can change a file on a remote's origin after ops released it must not get code into a visitor's
 * page or a render server. Each test releases a copy of remote-about on a host of its own (the shell's config lists
 * it with the digests the release step records), then changes its files there as that someone would: a line
 * appended to the exposed chunk, the container or the server build (the compressed copies removed, so the server
 * sends the changed file), or one byte of the manifest. Seen failing on the main of 28 Nov 2026: the line ran in
 * every page and in the render server.
 */

/** What the attacker's line does: leaves a mark where it ran (the page's window, the render server's process). */
const MARK = '__wenrunTampered';
const ATTACK = `;globalThis.${MARK}=(globalThis.${MARK}||0)+1;`;

/** A file of the released copy changed on its origin: `change` applied to its text, its `.br`/`.gz` copies gone. */
function tamper(dir: string, file: string, change: (text: string) => string): void {
  const full = path.join(dir, file);
  fs.writeFileSync(full, change(fs.readFileSync(full, 'utf8')));
  for (const copy of [`${full}.br`, `${full}.gz`]) fs.rmSync(copy, { force: true });
}

type Hosts = { serve(root: string): Promise<{ origin: string }>; ports(count: number): number[] };

/** A remote's build copied to a host of its own, and its digests as the release step records them (before any change). */
async function releaseCopy(hosts: Hosts, remote: RemoteName, name: string) {
  const dir = copyBuild(distOf(REMOTE_PARTS[remote].folder), path.join(ARTIFACTS, `${remote}-${name}`));
  const { origin } = await hosts.serve(dir);
  return { remote, dir, entry: `${origin}/${MANIFEST_FILE}`, pinned: buildDigests(dir) };
}

interface Released {
  /** The copy's manifest on its own host. */
  entry: string;
  dir: string;
  shellOrigin: string;
}

/**
 * remote-about released on a host of its own: the shell's config lists it first, `fallback` after it when given, and
 * pins both builds as the release step does (from the build folder, before anyone could change the origin).
 */
async function release(hosts: Hosts, name: string, fallback: boolean): Promise<Released> {
  const { dir, entry, pinned } = await releaseCopy(hosts, 'about', name);
  const shellDir = deployShellCopy(`shell-${name}`, (config) => {
    setRemote(config, 'about', fallback ? [entry, manifestUrl(REMOTE_PARTS.about.port)] : [entry]);
    config.digests = { ...(config.digests as object), [entry]: pinned };
  });
  return { entry, dir, shellOrigin: (await hosts.serve(shellDir)).origin };
}

/** The console's lines of the page, as ops and the visitor's developer tools see them. */
function consoleOf(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (message) => lines.push(message.text()));
  return lines;
}

/**
 * Whether the attacker's line ran in the page, once the page is up and has loaded all it would: a prerendered
 * page shows the article before any remote code arrives, so its text alone proves nothing.
 */
async function tamperedInPage(page: Page): Promise<unknown> {
  await waitForApp(page);
  await page.waitForLoadState('networkidle');
  return page.evaluate((mark) => (globalThis as Record<string, unknown>)[mark], MARK);
}

const BROWSER_FILES = [
  ['the exposed chunk', () => exposeChunk('about', './AboutPage')],
  ['the container', () => REMOTE_ENTRY_FILE],
] as const;

for (const [what, fileOf] of BROWSER_FILES) {
  test(`a line appended to about's ${what} after its release: no page runs it, the released build shows from the next entry, the console names the file`, async ({
    page,
    hosts,
  }) => {
    const released = await release(hosts, `tampered-${what.replace(/\W+/g, '-')}`, true);
    const file = fileOf();
    tamper(released.dir, file, (text) => `${text}${ATTACK}`);
    const lines = consoleOf(page);

    await page.goto(`${released.shellOrigin}/about/3`);
    expect(await tamperedInPage(page)).toBeUndefined();
    await expect(page.locator('article.about-page')).toBeVisible();
    expect(lines).toContainEqual(expect.stringContaining(`[integrity] about 的 ${file}（`));
    // The article came from the fallback: npm start's own about, the build ops released there.
    const fromFallback = await page.evaluate(
      (prefix) => performance.getEntriesByType('resource').some((entry) => entry.name.startsWith(prefix)),
      `http://localhost:${REMOTE_PARTS.about.port}/`,
    );
    expect(fromFallback).toBe(true);
  });
}

test("a changed chunk with no other entry: the slot's fallback shows, the changed code never runs", async ({ page, hosts }) => {
  const released = await release(hosts, 'tampered-alone', false);
  tamper(released.dir, exposeChunk('about', './AboutPage'), (text) => `${text}${ATTACK}`);
  await page.goto(`${released.shellOrigin}/about/3`);
  expect(await tamperedInPage(page)).toBeUndefined();
  await expect(page.getByText('关于我们页面暂时无法加载')).toBeVisible();
  await expect(page.locator('footer.site-footer')).toContainText('联系我们');
});

/** A render server of its own, as `npm start` and production run it: a process whose globals no test shares. */
async function startRenderServer(shellDir: string, port: number, siteUrl: string): Promise<{ url: string; stop: () => void }> {
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['render-server/src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), SHELL_DIR: shellDir, SITE_URL: siteUrl, LOG_LEVEL: 'error' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  await expect
    .poll(async () => (await fetch(`${url}/healthz`).catch(() => undefined))?.status, { timeout: 30_000 })
    .toBe(200);
  return { url, stop: () => void child.kill('SIGTERM') };
}

test("a render server evaluates no changed file of a remote's server build or manifest, renders the slots' fallbacks and counts each file", async ({
  hosts,
}) => {
  test.setTimeout(90_000);
  // The attacker's line on the server: a file written where the test looks.
  const markFile = path.join(ARTIFACTS, `server-tampered-${process.pid}`);
  fs.rmSync(markFile, { force: true });
  const serverAttack = `;require("fs").writeFileSync(${JSON.stringify(markFile)}, "ran");`;

  // about: every script of its server build changed (whichever the server evaluates first is a changed one).
  const about = await releaseCopy(hosts, 'about', 'tampered-server-about');
  for (const file of fs.readdirSync(path.join(about.dir, 'server')).filter((name) => name.endsWith('.js'))) {
    tamper(about.dir, `server/${file}`, (text) => `${text}${serverAttack}`);
  }
  // header: one byte of its manifest, pointing the server at a folder the attacker filled.
  const header = await releaseCopy(hosts, 'header', 'tampered-server-header');
  tamper(header.dir, MANIFEST_FILE, (text) => text.replace('"path": "server"', '"path": "servex"'));
  fs.cpSync(path.join(header.dir, 'server'), path.join(header.dir, 'servex'), { recursive: true });
  tamper(header.dir, `servex/${REMOTE_ENTRY_FILE}`, (text) => `${text}${serverAttack}`);

  const shellDir = deployShellCopy('shell-tampered-server', (config) => {
    for (const copy of [about, header]) {
      setRemote(config, copy.remote, [copy.entry]);
      config.digests = { ...(config.digests as object), [copy.entry]: copy.pinned };
    }
  });
  const [port] = hosts.ports(1);
  const server = await startRenderServer(shellDir, port ?? 0, `http://localhost:${port}`);
  try {
    const page = await (await fetch(`${server.url}/about/3`)).text();
    expect(page).not.toContain('class="about-page');
    // A page may be answered before a slow remote's load has ended: the figures say when each file was refused.
    const metrics = () => fetch(`${server.url}/metrics`).then((response) => response.text());
    await expect
      .poll(metrics, { timeout: 20_000 })
      .toMatch(/render_refused_files_total\{remote="about",version="[^"]+",file="server\/remoteEntry\.js",reason="changed"[^}]*\} 1/);
    expect(await metrics()).toMatch(/render_refused_files_total\{remote="header",version="[^"]+",file="mf-manifest\.json",reason="changed"[^}]*\} 1/);
    expect(fs.existsSync(markFile)).toBe(false);
  } finally {
    server.stop();
  }
});
