import type { Page } from '@playwright/test';
import { SITE_ORIGIN } from './ports';
import { watchErrors } from './site';

/** The browser engines the visitor flows run in (e2e/README.md). */
export const ENGINES = ['chromium', 'firefox', 'webkit'] as const;
export type Engine = (typeof ENGINES)[number];

export interface Viewport {
  width: number;
  height: number;
}

/** The keys the flows press, named alike by Playwright and puppeteer. */
export type Key = 'Enter' | 'Escape' | 'Backspace';

/**
 * What a browser engine does for the flows, and no more: everything else (finding elements, waiting until they can
 * be used, reading the page) is one piece of JavaScript every engine runs in the page. Playwright's Page implements
 * it for Chromium, puppeteer-core's Page over WebDriver BiDi for Firefox (support/firefox.ts), a classic WebDriver
 * session of WebKitWebDriver for WebKitGTK (support/webkit.ts).
 */
export interface EngineDriver {
  readonly engine: Engine;
  /** Opens `url` and waits for its load event. */
  goto(url: string): Promise<void>;
  /** The page's address now (WebDriver asks the browser for it). */
  url(): Promise<string>;
  setViewport(size: Viewport): Promise<void>;
  /** The value of a JavaScript expression in the page (a promise is awaited); JSON-like values only. */
  evaluate<R>(expression: string): Promise<R>;
  /** A press of the mouse's main button at a point of the viewport, as a visitor's click. */
  click(x: number, y: number): Promise<void>;
  /** Key presses into the focused element, one a character. */
  type(text: string): Promise<void>;
  press(key: Key): Promise<void>;
  /** A PNG of the whole page, not only what the viewport shows. */
  screenshot(file: string): Promise<void>;
  /**
   * Uncaught exceptions (`pageerror: …`) and console errors (`console: …`) since the page was opened. Asked, not
   * read: over classic WebDriver they are fetched from the page (support/webkit.ts).
   */
  problems(): Promise<readonly string[]>;
}

/**
 * An element as a visitor finds it: the elements `css` selects, and with `name` only those named so, as a screen
 * reader would name them (`aria-label`, else the text of the element `aria-labelledby` or a `<label>` points at,
 * else its own text; white space folded, compared exactly).
 */
export interface Target {
  css: string;
  name?: string;
}

/**
 * A look at the elements a target names, run in the page: it travels as source, so it may use only its arguments,
 * the page's globals and `isShown` (below), which `inspect` puts beside it.
 */
export type Probe<R, A> = (elements: Element[], arg: A) => R | Promise<R>;

/** Runs in the page (no closure: the function travels as source): the elements `target` names. */
function findElements(target: Target): Element[] {
  const fold = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const nameOf = (element: Element): string => {
    const label = element.getAttribute('aria-label');
    if (label) return fold(label);
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy) return fold(labelledBy.split(/\s+/).map((id) => document.getElementById(id)?.textContent).join(' '));
    const labels = (element as HTMLInputElement).labels;
    if (labels && labels.length > 0) return fold(labels[0]?.textContent);
    return fold(element.textContent);
  };
  const candidates = Array.from(document.querySelectorAll(target.css));
  return target.name === undefined ? candidates : candidates.filter((element) => nameOf(element) === target.name);
}

/** Runs in the page: whether a visitor can see `element` (rendered, not hidden, with an area). */
function isShown(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return element.checkVisibility({ visibilityProperty: true }) && box.width > 0 && box.height > 0;
}

/**
 * Runs in the page: where to click the first shown element of `elements` once it can be clicked (enabled, standing
 * still, scrolled into view if it was not, not covered by another element), or why not yet.
 */
async function clickPoint(elements: Element[]): Promise<{ x: number; y: number } | { waiting: string }> {
  const element = elements.find((candidate) => isShown(candidate));
  if (!element) return { waiting: elements.length ? '元素不可见' : '没有这个元素' };
  if ((element as HTMLButtonElement).disabled) return { waiting: '元素已禁用' };
  const start = element.getBoundingClientRect();
  if (start.top < 0 || start.left < 0 || start.bottom > window.innerHeight || start.right > window.innerWidth) {
    element.scrollIntoView({ block: 'center', inline: 'center' });
  }
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  await frame();
  const before = element.getBoundingClientRect();
  await frame();
  const box = element.getBoundingClientRect();
  if (box.x !== before.x || box.y !== before.y || box.width !== before.width) return { waiting: '元素还在移动' };
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const hit = document.elementFromPoint(x, y);
  if (!hit || !(element === hit || element.contains(hit))) return { waiting: `被 ${hit?.outerHTML.slice(0, 120) ?? '页面外'} 挡住` };
  return { x, y };
}

/** How long an action waits for its element, as Playwright's expect waits (playwright.config.ts). */
const ACTION_TIMEOUT_MS = 10_000;

/**
 * The page as a visitor flow sees it, the same in every engine: the flows (e2e/flows/) are written once against
 * this and run in Chromium, in Firefox and in WebKitGTK.
 */
export class VisitorPage {
  constructor(private readonly driver: EngineDriver) {}

  get engine(): Engine {
    return this.driver.engine;
  }

  /** Opens a path of the site (`/about/3`), or any URL. */
  goto(pathOrUrl: string): Promise<void> {
    return this.driver.goto(new URL(pathOrUrl, SITE_ORIGIN).href);
  }

  async url(): Promise<URL> {
    return new URL(await this.driver.url());
  }

  setViewport(size: Viewport): Promise<void> {
    return this.driver.setViewport(size);
  }

  /** `fn(arg)` run in the page: `fn` travels as source, so it may use only its argument and the page's globals. */
  evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> {
    return this.driver.evaluate(`(${fn.toString()})(${JSON.stringify(arg)})`);
  }

  /** `probe` run in the page on the elements `target` names (shown or not), with `arg`. */
  inspect<R, A = undefined>(target: Target, probe: Probe<R, A>, arg?: A): Promise<R> {
    return this.driver.evaluate(
      `(() => { const isShown = ${isShown.toString()}; return (${probe.toString()})((${findElements.toString()})(${JSON.stringify(target)}), ${JSON.stringify(arg)}); })()`,
    );
  }

  /** How many of the elements `target` names a visitor can see. */
  count(target: Target): Promise<number> {
    return this.inspect(target, (elements) => elements.filter((element) => isShown(element)).length);
  }

  /** The text of each element `target` names that a visitor can see, white space folded. */
  texts(target: Target): Promise<string[]> {
    return this.inspect(target, (elements) =>
      elements.filter((element) => isShown(element)).map((element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim()),
    );
  }

  /** An attribute of the first element `target` names, or null. */
  attribute(target: Target, name: string): Promise<string | null> {
    return this.inspect(target, (elements, attribute) => elements[0]?.getAttribute(attribute) ?? null, name);
  }

  /** The value of the first form field `target` names, or null. */
  value(target: Target): Promise<string | null> {
    return this.inspect(target, (elements) => (elements[0] as HTMLInputElement | undefined)?.value ?? null);
  }

  /** Clicks the element `target` names where a visitor would, once it can be clicked. */
  async click(target: Target): Promise<void> {
    const deadline = Date.now() + ACTION_TIMEOUT_MS;
    for (;;) {
      const point = await this.inspect(target, clickPoint);
      if ('x' in point) return this.driver.click(point.x, point.y);
      if (Date.now() > deadline) throw new Error(`无法点击 ${JSON.stringify(target)}：${point.waiting}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Types `text` into the field `target` names in place of what it holds, key by key, as a visitor does. */
  async fill(target: Target, text: string): Promise<void> {
    await this.click(target);
    await this.inspect(target, (elements) => (elements[0] as HTMLInputElement | undefined)?.select());
    if (text === '') await this.driver.press('Backspace');
    else await this.driver.type(text);
  }

  press(key: Key): Promise<void> {
    return this.driver.press(key);
  }

  screenshot(file: string): Promise<void> {
    return this.driver.screenshot(file);
  }

  /** Uncaught exceptions and console errors so far, but those a flow expects (`expected`). */
  async errors(expected: RegExp[] = []): Promise<string[]> {
    return (await this.driver.problems()).filter((problem) => !expected.some((pattern) => pattern.test(problem)));
  }
}

/** Playwright's Page as the flows' driver: Chromium. */
export function chromiumDriver(page: Page): EngineDriver {
  const problems = watchErrors(page);
  return {
    engine: 'chromium',
    goto: async (url) => void (await page.goto(url)),
    url: async () => page.url(),
    setViewport: (size) => page.setViewportSize(size),
    evaluate: (expression) => page.evaluate(expression),
    click: (x, y) => page.mouse.click(x, y),
    type: (text) => page.keyboard.type(text),
    press: (key) => page.keyboard.press(key),
    screenshot: async (file) => void (await page.screenshot({ path: file, fullPage: true })),
    problems: async () => problems,
  };
}
