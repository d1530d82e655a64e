import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { FIREFOX_ENV, FIREFOX_PATH, FIREFOX_PREFS } from '../tools/firefox';
import type { EngineDriver } from './visitor-page';

/**
 * Debian's Firefox ESR driven over WebDriver BiDi by puppeteer-core: the visitor flows' second engine. Playwright runs
 * the tests (fixtures, timeouts, reporting); puppeteer only drives this browser, which Playwright cannot.
 */
export function launchFirefox(): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    // A profile of its own each launch, with the prefs that keep Firefox off the internet.
    extraPrefsFirefox: FIREFOX_PREFS,
    env: { ...process.env, ...FIREFOX_ENV },
  });
}

/** A WebDriver BiDi log entry (`log.entryAdded`): a console call or a JavaScript error, in Firefox's words. */
interface BidiLogEntry {
  type: 'console' | 'javascript';
  level: 'debug' | 'info' | 'warn' | 'error';
  text: string | null;
}

/**
 * puppeteer's frame over BiDi holds the browsing context it listens to; its typings do not show it. The flows read the
 * log entries there rather than puppeteer's `console` event, which words an object argument as `JSHandle@error`
 * where the entry carries Firefox's own text of it (`RemoteLoadError: …`), as Chromium's console text does: what a
 * flow's expected errors are told apart by. puppeteer-core is pinned exactly (e2e/package.json).
 */
interface BidiFrame {
  browsingContext: { on(event: 'log', listener: (event: { entry: BidiLogEntry }) => void): void };
}

/** puppeteer-core's Page as the flows' driver: Firefox. */
export function firefoxDriver(page: Page): EngineDriver {
  const problems: string[] = [];
  (page.mainFrame() as unknown as BidiFrame).browsingContext.on('log', ({ entry }) => {
    if (entry.level === 'error') problems.push(`${entry.type === 'javascript' ? 'pageerror' : 'console'}: ${entry.text ?? ''}`);
  });
  return {
    engine: 'firefox',
    goto: async (url) => void (await page.goto(url)),
    url: async () => page.url(),
    setViewport: (size) => page.setViewport(size),
    // Typed by the caller: the expression's value is what VisitorPage asked the page for.
    evaluate: <R>(expression: string) => page.evaluate(expression) as Promise<R>,
    click: (x, y) => page.mouse.click(x, y),
    type: (text) => page.keyboard.type(text),
    press: (key) => page.keyboard.press(key),
    screenshot: async (file) => void (await page.screenshot({ path: file as `${string}.png`, fullPage: true })),
    problems: async () => problems,
  };
}
