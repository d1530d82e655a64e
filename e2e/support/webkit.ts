import fs from 'node:fs/promises';
import { WEBKIT_CAPABILITIES, type WebKitDriverProcess } from '../tools/webkit';
import type { EngineDriver, Key, Viewport } from './visitor-page';

/** A classic WebDriver answer: the command's value, or an error with its name and message. */
interface WebDriverAnswer {
  value: unknown;
}

interface WebDriverError {
  error: string;
  message: string;
}

function isWebDriverError(value: unknown): value is WebDriverError {
  return typeof value === 'object' && value !== null && 'error' in value && 'message' in value;
}

/** The keys the flows press, as WebDriver's key actions name them (its code points for non-printing keys). */
const WEBDRIVER_KEYS: Record<Key, string> = { Enter: '\uE007', Escape: '\uE00C', Backspace: '\uE003' };

/**
 * Runs in the page (no closure: it travels as source): what it has thrown and logged as errors since the last call.
 * Classic WebDriver has no console and no script that runs before the page's own, so this watcher is put into a
 * document by the first command that runs script in it, and only sees what happens after that (e2e/README.md).
 */
function drainProblems(): string[] {
  const key = '__visitorPageProblems';
  const holder = window as unknown as Record<string, string[] | undefined>;
  let problems = holder[key];
  if (!problems) {
    const collected: string[] = [];
    problems = collected;
    holder[key] = collected;
    const text = (value: unknown) => (value instanceof Error ? `${value.name}: ${value.message}` : String(value));
    window.addEventListener('error', (event) => collected.push(`pageerror: ${event.error === undefined || event.error === null ? event.message : text(event.error)}`));
    window.addEventListener('unhandledrejection', (event) => collected.push(`pageerror: ${text(event.reason)}`));
    const consoleError = console.error.bind(console);
    console.error = (...args: unknown[]) => {
      collected.push(`console: ${args.map(text).join(' ')}`);
      consoleError(...args);
    };
  }
  return problems.splice(0);
}

/**
 * What the page's side of an `evaluate` sends back: the value as JSON (none for `undefined`) or the error, and the
 * problems seen meanwhile.
 */
type Evaluated = { json: string | null; problems: string[] } | { error: string; problems: string[] };

/** Runs in the page: its viewport once two frames have been drawn (a resized window reaches the page a frame later). */
async function drawnViewport(): Promise<{ width: number; height: number }> {
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  await frame();
  await frame();
  return { width: window.innerWidth, height: window.innerHeight };
}

/** A MiniBrowser starts in 1–2 s; a session not made in 20 s will not be. */
const SESSION_START_MS = 20_000;

/**
 * One WebDriver session of a WebKitWebDriver, over plain HTTP (`fetch`): the few commands the flows need. A
 * session is one MiniBrowser, started by `open` and ended by `close`.
 */
export class WebKitSession {
  private readonly problems: string[] = [];
  /** How much larger than the page's viewport the window is (its toolbar), as last measured. */
  private chrome: Viewport = { width: 0, height: 0 };

  private constructor(private readonly base: string) {}

  /**
   * A new session of `driver`. Now and then (once in some hundred sessions on the busy machine) the driver drops the
   * connection that asks for one, or never answers it: the driver is then started afresh, once. The site is not
   * under test there, only the tool that drives the engine.
   */
  static async open(driver: WebKitDriverProcess): Promise<WebKitSession> {
    const create = async () =>
      (await command(`${driver.origin}/session`, 'POST', { capabilities: { alwaysMatch: WEBKIT_CAPABILITIES } }, SESSION_START_MS)) as { sessionId: string };
    const created = await create().catch(async (error: unknown) => {
      console.warn(`[webkit] WebKitWebDriver 没能开始会话（${error instanceof Error ? error.message : String(error)}），重新启动它再试一次`);
      await driver.restart();
      return create();
    });
    return new WebKitSession(`${driver.origin}/session/${created.sessionId}`);
  }

  close(): Promise<unknown> {
    return command(this.base, 'DELETE');
  }

  private send(path: string, method: 'GET' | 'POST' | 'DELETE' = 'GET', body?: unknown): Promise<unknown> {
    return command(`${this.base}${path}`, method, body);
  }

  async goto(url: string): Promise<void> {
    await this.send('/url', 'POST', { url });
    // The watcher goes in at once: what the page does from here on is seen.
    await this.evaluate('undefined');
  }

  async url(): Promise<string> {
    return (await this.send('/url')) as string;
  }

  /** Everything the page has thrown or logged as an error since the session began, fetched from the page now. */
  async pageProblems(): Promise<readonly string[]> {
    await this.evaluate('undefined');
    return this.problems;
  }

  /**
   * The window sized so that the page's viewport is `size`: the window's toolbar takes some of its height, measured
   * from the first size and corrected once.
   */
  async setViewport(size: Viewport): Promise<void> {
    let inner: Viewport = { width: 0, height: 0 };
    for (let attempt = 0; attempt < 2; attempt++) {
      const outer = { width: size.width + this.chrome.width, height: size.height + this.chrome.height };
      const rect = (await this.send('/window/rect', 'POST', outer)) as Viewport;
      inner = await this.evaluate<Viewport>(`(${drawnViewport.toString()})()`);
      if (inner.width === size.width && inner.height === size.height) return;
      this.chrome = { width: rect.width - inner.width, height: rect.height - inner.height };
    }
    throw new Error(`MiniBrowser 的视口是 ${inner.width} × ${inner.height}，而不是 ${size.width} × ${size.height}`);
  }

  /**
   * The expression's value, awaited in the page. Run as an asynchronous script (its callback is the last
   * argument): a synchronous script's promise would be awaited by the driver too, but a rejection would come back as
   * WebDriver's `javascript error` with WebKit's wording rather than the page's error.
   */
  async evaluate<R>(expression: string): Promise<R> {
    // Whatever fails on the way (the watcher too) calls back with the error, not left to WebDriver's script timeout.
    const script = `const done = arguments[arguments.length - 1];
      const drain = ${drainProblems.toString()};
      Promise.resolve()
        .then(() => (${expression}))
        .then((value) => ({ json: value === undefined ? null : (JSON.stringify(value) ?? null) }))
        .catch((error) => ({ error: String((error && error.stack) || error) }))
        .then((result) => Object.assign(result, { problems: drain() }))
        .catch((error) => ({ error: String(error), problems: [] }))
        .then(done);`;
    const result = (await this.send('/execute/async', 'POST', { script, args: [] })) as Evaluated;
    this.problems.push(...result.problems);
    if ('error' in result) throw new Error(`页面脚本出错：${result.error}`);
    // Typed by the caller: the expression's value is what VisitorPage asked the page for.
    return (result.json === null ? undefined : JSON.parse(result.json)) as R;
  }

  /** A press and release of the mouse's main button at a point of the viewport, as WebDriver's pointer actions. */
  async click(x: number, y: number): Promise<void> {
    const actions = [
      { type: 'pointerMove', origin: 'viewport', x: Math.round(x), y: Math.round(y), duration: 0 },
      { type: 'pointerDown', button: 0 },
      { type: 'pointerUp', button: 0 },
    ];
    await this.perform({ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions });
  }

  /** Each character (a code point) pressed and released, as WebDriver's key actions. */
  async type(text: string): Promise<void> {
    const actions = Array.from(text).flatMap((value) => [
      { type: 'keyDown', value },
      { type: 'keyUp', value },
    ]);
    await this.perform({ type: 'key', id: 'keyboard', actions });
  }

  press(key: Key): Promise<void> {
    return this.type(WEBDRIVER_KEYS[key]);
  }

  private async perform(source: Record<string, unknown>): Promise<void> {
    await this.send('/actions', 'POST', { actions: [source] });
    await this.send('/actions', 'DELETE');
  }

  /**
   * A PNG of the whole page. WebDriver's screenshots stop at the viewport (an element's too), and a window as tall as
   * the page would lay it out otherwise (its `100vh` heights): the page is shot a screen at a time, scrolled, and
   * the screens are put together on a canvas in the page. What stays on screen while scrolling (the sticky header,
   * a fixed bar) shows in one screen only (`showScreen`).
   */
  async screenshot(file: string): Promise<void> {
    const { offsets, width, height } = await this.evaluate<{ offsets: number[]; width: number; height: number }>(
      `(${screenOffsets.toString()})()`,
    );
    const screens: string[] = [];
    for (const [index, offset] of offsets.entries()) {
      await this.evaluate(`(${showScreen.toString()})(${offset}, ${index === 0}, ${index === offsets.length - 1})`);
      screens.push((await this.send('/screenshot')) as string);
    }
    const png = await this.evaluate<string>(`(${stitchScreens.toString()})(${JSON.stringify({ screens, offsets, width, height })})`);
    await fs.writeFile(file, Buffer.from(png, 'base64'));
  }
}

/** Runs in the page: where each screen of it starts (the last one ends at the page's end), and the page's size. */
function screenOffsets(): { offsets: number[]; width: number; height: number } {
  const height = document.documentElement.scrollHeight;
  const screen = window.innerHeight;
  const offsets: number[] = [];
  for (let top = 0; top < height; top += screen) offsets.push(Math.min(top, Math.max(0, height - screen)));
  return { offsets: [...new Set(offsets)], width: window.innerWidth, height };
}

/**
 * Runs in the page: scrolls to `top` and waits for two drawn frames. What is fixed or sticky shows in one screen
 * only: at the top of the page (the header) in the first, at the bottom (a call bar) in the last; else it would be
 * drawn once a screen, over the page. Hidden ones are remembered for `stitchScreens` to show again.
 */
async function showScreen(top: number, first: boolean, last: boolean): Promise<void> {
  const holder = window as unknown as { __screenshotStuck?: HTMLElement[] };
  holder.__screenshotStuck ??= Array.from(document.querySelectorAll<HTMLElement>('body *')).filter((element) =>
    ['fixed', 'sticky'].includes(getComputedStyle(element).position),
  );
  for (const element of holder.__screenshotStuck) {
    const style = getComputedStyle(element);
    const atBottom = style.top === 'auto' && style.bottom !== 'auto';
    if (atBottom ? last : first) element.style.removeProperty('opacity');
    else element.style.setProperty('opacity', '0', 'important');
  }
  window.scrollTo(0, top);
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  await frame();
  await frame();
}

/** Runs in the page: the screens drawn at their offsets on one canvas, as a PNG (base64); the page put back. */
async function stitchScreens(shots: { screens: string[]; offsets: number[]; width: number; height: number }): Promise<string> {
  const canvas = document.createElement('canvas');
  canvas.width = shots.width;
  canvas.height = shots.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  for (const [index, screen] of shots.screens.entries()) {
    const bytes = Uint8Array.from(atob(screen), (char) => char.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    context.drawImage(bitmap, 0, shots.offsets[index] ?? 0);
  }
  const holder = window as unknown as { __screenshotStuck?: HTMLElement[] };
  holder.__screenshotStuck?.forEach((element) => element.style.removeProperty('opacity'));
  delete holder.__screenshotStuck;
  window.scrollTo(0, 0);
  return canvas.toDataURL('image/png').slice('data:image/png;base64,'.length);
}

async function command(url: string, method: 'GET' | 'POST' | 'DELETE', body?: unknown, withinMs?: number): Promise<unknown> {
  const response = await fetch(url, {
    method,
    signal: withinMs === undefined ? null : AbortSignal.timeout(withinMs),
    headers: body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const { value } = (await response.json()) as WebDriverAnswer;
  if (isWebDriverError(value)) throw new Error(`WebDriver ${method} ${new URL(url).pathname}：${value.error}：${value.message}`);
  return value;
}

/** A WebDriver session of WebKitWebDriver as the flows' driver: WebKitGTK. */
export function webkitDriver(session: WebKitSession): EngineDriver {
  return {
    engine: 'webkit',
    goto: (url) => session.goto(url),
    url: () => session.url(),
    setViewport: (size) => session.setViewport(size),
    evaluate: (expression) => session.evaluate(expression),
    click: (x, y) => session.click(x, y),
    type: (text) => session.type(text),
    press: (key) => session.press(key),
    screenshot: (file) => session.screenshot(file),
    problems: () => session.pageProblems(),
  };
}
