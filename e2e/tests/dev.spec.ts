import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVED_PARTS, layoutFrom, partPort } from '@wenrun/deploy/serve/siteProcesses';
import { PAGE_STATE_ID } from '@wenrun/shared/node';
import { expect, test } from '../support/fixtures';
import { ROOT, waitForApp, waitForLive, watchErrors } from '../support/site';

/**
 * `npm run dev` as a developer runs it, the whole site and a remote alone, each started here on ports of this
 * worker's block (`npm start`, which the other tests use, holds the default ones). It once broke unnoticed: webpack's
 * eval source maps were refused by the CSP the part servers send, so the page never started. Its own project after
 * the others (playwright.config.ts): five webpack watchers take every core for a minute, which would slow the timed
 * tests beside them.
 */
test.describe.configure({ timeout: 240_000 });

interface Running {
  /** What it has written so far, stdout and stderr together. */
  output(): string;
  /** Resolves when it has ended. */
  ended: Promise<void>;
  /** Ends it and everything it started (one process group), and resolves once they are gone. */
  stop(): Promise<void>;
}

function run(args: string[], env: NodeJS.ProcessEnv = {}): Running {
  let output = '';
  // Its own process group: npm, its shell, the Node launcher, the watchers and the site's processes all end together.
  const child = spawn('npm', args, { cwd: ROOT, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid ?? 0), name);
    } catch {
      // The group is gone already.
    }
  };
  return {
    output: () => output,
    ended: exited,
    stop: async () => {
      signal('SIGTERM');
      // The supervisor lets its children finish their requests (10 s at most) before npm exits.
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      signal('SIGKILL');
    },
  };
}

/** Resolves once `ready` holds; fails at once, with what it wrote, when the process ends first. */
async function startedWhen(running: Running, ready: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  let started = false;
  const endedFirst = running.ended.then(() => {
    if (!started) throw new Error(`启动失败：\n${running.output().slice(-4000)}`);
  });
  const readyInTime = expect
    .poll(ready, { timeout: timeoutMs })
    .toBe(true)
    .catch(() => {
      throw new Error(`${timeoutMs / 1000} 秒内没有就绪：\n${running.output().slice(-4000)}`);
    });
  await Promise.race([readyInTime, endedFirst]);
  started = true;
}

/**
 * React 18.3 warns, in development builds only, that semantic-ui-react's `Ref` (inside its Button, Modal …) calls
 * `findDOMNode`. The library is on the design card (deploy/assemble/card.ts) and its 2.x line has no other way; production
 * builds say nothing. Any other console error fails.
 */
const DEVELOPMENT_ONLY = [/^Warning: findDOMNode is deprecated[\s\S]*\bat RefFindNode\b/];

const answersOk = (url: string) => () =>
  fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    (response) => response.ok,
    () => false,
  );

test('npm run dev: the site comes up from development builds, / is rendered on the server and hydrates with no console error', async ({
  page,
  hosts,
}) => {
  // The parts, the render server and the API.
  const [first = 0] = hosts.ports(SERVED_PARTS.length + 2);
  const layout = layoutFrom(first);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wenrun-dev-'));
  const dev = run(['run', 'dev', '--', '--first-port', String(first), '--out', path.join(dir, 'builds')], {
    DATABASE_PATH: path.join(dir, 'site.db'),
  });
  try {
    await startedWhen(dev, async () => dev.output().includes('[dev] 网站'), 200_000);
    const site = `http://localhost:${partPort(layout, 'shell')}`;
    const html = await (await fetch(`${site}/`)).text();
    expect(html, 'development pages are rendered on the server too').toContain(`id="${PAGE_STATE_ID}"`);

    const errors = watchErrors(page, DEVELOPMENT_ONLY);
    await page.goto(`${site}/`);
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The header is a remote: live means its development build loaded beside the shell's.
    await waitForLive(page.locator('header.site-header'));
    expect(errors).toEqual([]);
  } finally {
    await dev.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('npm run dev -w remote-auth: the remote alone, its dev page with the login modal, no console error', async ({ page, hosts }) => {
  const [port = 0] = hosts.ports(1);
  const dev = run(['run', 'dev', '-w', 'remote-auth', '--', '--port', String(port)]);
  try {
    const url = `http://localhost:${port}/`;
    await startedWhen(dev, answersOk(url), 120_000);
    const errors = watchErrors(page, DEVELOPMENT_ONLY);
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1, name: '登录弹窗独立调试页' })).toBeVisible();
    await page.getByRole('button', { name: '打开登录弹窗' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    await dev.stop();
  }
});
