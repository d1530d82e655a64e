/**
 * Debian's WebKitGTK, the third engine of the browser tests (e2e/README.md): `WebKitWebDriver` (package
 * `webkit2gtk-driver`) drives WebKitGTK's `MiniBrowser` over classic WebDriver, and MiniBrowser needs an X display,
 * which Xvfb (package `xvfb`) gives it. Playwright's own WebKit is a patched build that cannot be downloaded here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER_PATH = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const XVFB_PATH = process.env.XVFB_PATH ?? '/usr/bin/Xvfb';

/**
 * What a new session asks for. Naming the binary clears the driver's default arguments, so `--automation` (the mode
 * in which MiniBrowser accepts a WebDriver session) is named again.
 */
export const WEBKIT_CAPABILITIES = {
  browserName: 'MiniBrowser',
  'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] },
} as const;

/**
 * MiniBrowser's window cannot be narrower than its toolbar, 447 px with GTK's default theme: a phone's 375 px could
 * not be had. The toolbar's widgets drawn without padding or minimum sizes (a GTK style sheet in the browser's own
 * config folder) let the window go down to 375 px. It styles GTK's widgets only: WebKit draws the page's form
 * controls itself.
 */
const SHRUNK_TOOLBAR_CSS = 'window * { min-width: 0; min-height: 0; margin: 0; padding: 0; font-size: 1px; }\n';

/**
 * How MiniBrowser runs: on the worker's X display, with the shrunk toolbar, and no accessibility bus to look for
 * (there is none, and GTK would wait for it). Its language is the C library's locale (`en-US` when it has no
 * Chinese one, as here): the site reads neither `Accept-Language` nor `navigator.language`. Pages are drawn without
 * accelerated compositing: under Xvfb its "GPU" is Mesa's llvmpipe, the CPU emulating one, and the web processes
 * spent half their CPU there (the flows' WebKit processes 108 CPU-s with it, 67 without; the 20 screenshots the same
 * size, under 0.2 % of pixels apart, in antialiasing).
 */
function browserEnv(display: string, configHome: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DISPLAY: display,
    XDG_CONFIG_HOME: configHome,
    NO_AT_BRIDGE: '1',
    GDK_BACKEND: 'x11',
    WEBKIT_DISABLE_COMPOSITING_MODE: '1',
  };
}

/** A WebKitWebDriver on `origin`, its MiniBrowsers on an Xvfb display of their own. */
export interface WebKitDriverProcess {
  origin: string;
  /** Ends the driver and every MiniBrowser it started, and starts a new driver on the same port and display. */
  restart(): Promise<void>;
  /** Ends the driver, every MiniBrowser it started and the display, each by its process group. */
  stop(): Promise<void>;
}

/** Ends a process group started detached: SIGTERM, then SIGKILL if it has not exited within 2 s. */
async function endGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), name);
    } catch {
      // The group is already gone.
    }
  };
  signal('SIGTERM');
  const killer = setTimeout(() => signal('SIGKILL'), 2_000);
  await exited;
  clearTimeout(killer);
}

/** Xvfb on the first free display (it picks the number and writes it to `-displayfd`, so workers never race for one). */
async function startXvfb(): Promise<{ display: string; xvfb: ChildProcess }> {
  const xvfb = spawn(XVFB_PATH, ['-displayfd', '3', '-screen', '0', '1920x1200x24', '-nolisten', 'tcp'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  xvfb.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2_000)));
  const display = await new Promise<string>((resolve, reject) => {
    let written = '';
    xvfb.stdio[3]?.on('data', (chunk: Buffer) => {
      written += chunk.toString();
      if (written.includes('\n')) resolve(`:${written.trim()}`);
    });
    xvfb.once('exit', (code) => reject(new Error(`Xvfb 启动失败（${code}）：${stderr}`)));
  });
  return { display, xvfb };
}

/** Waits until the driver answers `/status` as ready to make a session. */
async function waitReady(origin: string, driver: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver 已退出（${driver.exitCode}）：${output()}`);
    const status = await fetch(`${origin}/status`).then(
      async (response) => ((await response.json()) as { value?: { ready?: boolean } }).value?.ready === true,
      () => false,
    );
    if (status) return;
    if (Date.now() > deadline) throw new Error(`WebKitWebDriver 在 15 秒内没有就绪：${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts Xvfb and a WebKitWebDriver on `port` of 127.0.0.1. One driver makes one session at a time; each session
 * starts a MiniBrowser of its own and ends it when deleted.
 */
export async function startWebKitDriver(port: number): Promise<WebKitDriverProcess> {
  const configHome = fs.mkdtempSync(path.join(os.tmpdir(), 'wenrun-webkit-'));
  fs.mkdirSync(path.join(configHome, 'gtk-3.0'));
  fs.writeFileSync(path.join(configHome, 'gtk-3.0', 'gtk.css'), SHRUNK_TOOLBAR_CSS);
  const { display, xvfb } = await startXvfb();
  const origin = `http://127.0.0.1:${port}`;
  let driver: ChildProcess | undefined;
  const startDriver = async () => {
    const started = spawn(WEBKIT_DRIVER_PATH, [`--port=${port}`, '--host=127.0.0.1'], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: browserEnv(display, configHome),
    });
    driver = started;
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4_000));
    started.stdout?.on('data', keep);
    started.stderr?.on('data', keep);
    await waitReady(origin, started, () => output);
  };
  const stop = async () => {
    if (driver) await endGroup(driver);
    await endGroup(xvfb);
    fs.rmSync(configHome, { recursive: true, force: true });
  };
  try {
    await startDriver();
  } catch (error) {
    await stop();
    throw error;
  }
  const restart = async () => {
    if (driver) await endGroup(driver);
    await startDriver();
  };
  return { origin, restart, stop };
}
