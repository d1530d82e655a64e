import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { MANIFEST_FILE, REMOTE_ENTRY_FILE } from '@wenrun/shared/node';
import { expect, test } from '../support/fixtures';
import { ARTIFACTS, ROOT, deployShellCopy } from '../support/site';
import { releaseCopy, tamper, uploadCopy } from '../support/tampering';

/**
 * Issue 51, the render server's side: whoever can change a file on a remote's origin after ops released it must not
 * get code evaluated in a render server, nor CSS into the pages it sends (a stylesheet can carry a page's secrets
 * away: attribute selectors with `url()`). Each test releases copies of remotes on hosts of their own with the
 * release step ops run (`npm run release` with the build they hand over, which records its digests), then changes
 * their files there. The pages in the browser: tampering.spec.ts.
 */

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

  const about = await uploadCopy(hosts, 'about', 'tampered-server-about');
  const header = await uploadCopy(hosts, 'header', 'tampered-server-header');
  const shellDir = deployShellCopy('shell-tampered-server', () => undefined);
  for (const copy of [about, header]) await releaseCopy(shellDir, copy, 'only');

  // Released: now about's every script of its server build changed (whichever the server evaluates first is a
  // changed one), and one byte of header's manifest, pointing the server at a folder the attacker filled.
  for (const file of fs.readdirSync(path.join(about.dir, 'server')).filter((name) => name.endsWith('.js'))) {
    tamper(about.dir, `server/${file}`, (text) => `${text}${serverAttack}`);
  }
  tamper(header.dir, MANIFEST_FILE, (text) => text.replace('"path": "server"', '"path": "servex"'));
  fs.cpSync(path.join(header.dir, 'server'), path.join(header.dir, 'servex'), { recursive: true });
  tamper(header.dir, `servex/${REMOTE_ENTRY_FILE}`, (text) => `${text}${serverAttack}`);
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
    // The manifest is read twice, each read refused: by the code's loader and by the critical CSS's (stylesheets.ts).
    expect(await metrics()).toMatch(/render_refused_files_total\{remote="header",version="[^"]+",file="mf-manifest\.json",reason="changed"[^}]*\} 2/);
    expect(fs.existsSync(markFile)).toBe(false);
  } finally {
    server.stop();
  }
});

/** The stylesheet the about page's module loads first, by its path beside the manifest. */
function aboutPageStylesheet(dir: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST_FILE), 'utf8')) as { exposes: { name: string; assets: { css: { sync: string[] } } }[] };
  const file = manifest.exposes.find((item) => item.name === 'AboutPage')?.assets.css.sync[0];
  if (!file) throw new Error('about 的清单里没有 AboutPage 的样式表');
  return file;
}

test("a render server inlines no rule of a remote's stylesheet changed on its origin after the release, and counts the file", async ({ hosts }) => {
  test.setTimeout(90_000);
  const about = await uploadCopy(hosts, 'about', 'tampered-css-about');
  const shellDir = deployShellCopy('shell-tampered-css', () => undefined);
  await releaseCopy(shellDir, about, 'only');
  // After the release: a rule for the about page whose picture is a request the attacker reads.
  const stylesheet = aboutPageStylesheet(about.dir);
  tamper(about.dir, stylesheet, (text) => `${text}.about-page{background-image:url(/tampered-css-leak)}`);

  const [port] = hosts.ports(1);
  const server = await startRenderServer(shellDir, port ?? 0, `http://localhost:${port}`);
  try {
    const page = await (await fetch(`${server.url}/about/3`)).text();
    // The page itself is the released build's, rendered by its untouched server build; only the stylesheet is left out.
    expect(page).toContain('class="about-page');
    expect(page).not.toContain('tampered-css-leak');
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toMatch(new RegExp(`render_refused_files_total\\{remote="about",version="[^"]+",file="${stylesheet.replace(/[.]/g, '\\.')}",reason="changed"[^}]*\\} 1`));
  } finally {
    server.stop();
  }
});
