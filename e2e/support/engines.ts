import type { Browser as PlaywrightBrowser } from '@playwright/test';
import type { Browser as PuppeteerBrowser } from 'puppeteer-core';
import { startWebKitDriver, type WebKitDriverProcess } from '../tools/webkit';
import { test as base } from './fixtures';
import { firefoxDriver, launchFirefox } from './firefox';
import { chromiumDriver, VisitorPage, type Engine, type Viewport } from './visitor-page';
import { webkitDriver, WebKitSession } from './webkit';

/** Where every flow starts: a desktop window (the route flows set the phone width themselves). */
export const DESKTOP: Viewport = { width: 1440, height: 900 };

export interface EngineOptions {
  /** The engine a project runs the visitor flows in (playwright.config.ts). */
  engine: Engine;
}

type EngineBrowser =
  | { engine: 'chromium'; browser: PlaywrightBrowser }
  | { engine: 'firefox'; browser: PuppeteerBrowser }
  | { engine: 'webkit'; browser: WebKitDriverProcess };

/**
 * The visitor flows' fixtures. The worker launches the project's engine once (Chromium as every test here starts it,
 * from the config's launch options; Firefox through puppeteer-core; for WebKitGTK its WebDriver on a port of the
 * worker's hosts, with a display of its own), and only that one: a fixture cannot depend on Playwright's `browser`
 * for one engine and not the other. `visitorPage` is a fresh page in a browser context of its own (storage,
 * cookies; in WebKitGTK a MiniBrowser of its own), the same desktop size and language in every engine, closed after
 * the test.
 */
export const test = base.extend<{ visitorPage: VisitorPage }, EngineOptions & { engineBrowser: EngineBrowser }>({
  engine: ['chromium', { option: true, scope: 'worker' }],
  engineBrowser: [
    async ({ engine, playwright, launchOptions, workerHosts }, use) => {
      const launched: EngineBrowser =
        engine === 'chromium'
          ? { engine, browser: await playwright.chromium.launch(launchOptions) }
          : engine === 'firefox'
            ? { engine, browser: await launchFirefox() }
            : { engine, browser: await startWebKitDriver(workerHosts.ports(1)[0] as number) };
      await use(launched);
      await (launched.engine === 'webkit' ? launched.browser.stop() : launched.browser.close());
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  visitorPage: async ({ engineBrowser }, use) => {
    if (engineBrowser.engine === 'chromium') {
      const context = await engineBrowser.browser.newContext({ locale: 'zh-CN', viewport: DESKTOP });
      await use(new VisitorPage(chromiumDriver(await context.newPage())));
      await context.close();
    } else if (engineBrowser.engine === 'firefox') {
      const context = await engineBrowser.browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport(DESKTOP);
      await use(new VisitorPage(firefoxDriver(page)));
      await context.close();
    } else {
      const session = await WebKitSession.open(engineBrowser.browser);
      await session.setViewport(DESKTOP);
      await use(new VisitorPage(webkitDriver(session)));
      await session.close();
    }
  },
});

export { expect } from './fixtures';
