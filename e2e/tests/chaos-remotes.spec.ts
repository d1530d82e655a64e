import { expect, test, type Locator, type Page } from '@playwright/test';
import { CHUNK_LOAD_TIMEOUT_MS, type RemoteName } from '@wenrun/shared/node';
import { expectNoWhiteScreen, exposeChunk, injectRemoteFault, REMOTE_FAULTS, type RemoteFault } from '../support/chaos-remotes';
import { appReady, waitForApp, waitForLive } from '../support/site';

/** Each remote where a visitor meets it, what its slot says when it fails, and what the rest of the page shows. */
interface RemoteCase {
  remote: RemoteName;
  exposed: string;
  path: string;
  /** What brings the slot on screen once the page is up (the login modal is loaded on demand). */
  open?: (page: Page) => Promise<void>;
  fallbackText: string;
  /** The rest of the page still works while this remote is broken. */
  othersWork: (page: Page) => Promise<void>;
  loaded: (page: Page) => Locator;
}

const header = (page: Page) => page.locator('header.site-header');

async function homeMainAndFooterWork(page: Page): Promise<void> {
  await expect(page.locator('main#main')).toContainText('我们提供');
  await expect(page.locator('footer.site-footer')).toContainText('联系我们');
}

const CASES: RemoteCase[] = [
  {
    remote: 'header',
    exposed: './Header',
    // The client-rendered home page: the header arrives only through its remote.
    path: '/no-such-page',
    fallbackText: '页头暂时无法加载',
    othersWork: async (page) => {
      await homeMainAndFooterWork(page);
      await page.getByRole('link', { name: /研训体系/ }).first().click();
      await expect(page).toHaveURL(/\/about\/2$/);
      await expect(page.locator('article.about-page')).toBeVisible();
    },
    loaded: header,
  },
  {
    remote: 'about',
    exposed: './AboutPage',
    path: '/about/3',
    fallbackText: '关于我们页面暂时无法加载',
    othersWork: async (page) => {
      await expect(header(page)).toBeVisible();
      await expect(page.locator('footer.site-footer')).toContainText('联系我们');
    },
    loaded: (page) => page.locator('article.about-page'),
  },
  {
    remote: 'auth',
    exposed: './LoginModal',
    path: '/no-such-page',
    open: async (page) => {
      // The app is ready before every slot has hydrated: a server-rendered header is clicked once it is live.
      await waitForLive(header(page));
      await header(page).getByRole('button', { name: '登录', exact: true }).click();
    },
    fallbackText: '登录暂时无法加载',
    othersWork: async (page) => {
      await expect(header(page)).toBeVisible();
      await homeMainAndFooterWork(page);
    },
    loaded: (page) => page.locator('.login-modal'),
  },
  {
    remote: 'wuyou',
    exposed: './ActivityPage',
    path: '/wuyou/1',
    fallbackText: '活动页面暂时无法加载',
    // The activity page is shown without the layout: its slot is the whole page, which must still say something.
    othersWork: async (page) => {
      await waitForApp(page);
    },
    loaded: (page) => page.locator('.activity-hero__title'),
  },
];

/** Moves the page's clock on until `check` passes: the 8 s load timeout and the retry backoff, without waiting. */
async function advanceUntil(page: Page, check: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await page.clock.fastForward(4_000);
    await check();
  }).toPass({ timeout: 20_000, intervals: [100, 250, 500] });
}

for (const remoteCase of CASES) {
  test.describe(`remote ${remoteCase.remote} (${remoteCase.exposed})`, () => {
    for (const fault of REMOTE_FAULTS) {
      test(`${fault}: fallback in its slot, the rest works, retry recovers`, async ({ page }) => {
        await runFaultCase(page, remoteCase, fault);
      });
    }
  });
}

async function runFaultCase(page: Page, remoteCase: RemoteCase, fault: RemoteFault): Promise<void> {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.clock.install();
  const injected = await injectRemoteFault(page, remoteCase.remote, remoteCase.exposed, fault);
  // Webpack's own script for the chunk (a preload of it may come first): its timer starts as it is added.
  const chunkLoading = page.locator(`script[data-webpack][src*="${exposeChunk(remoteCase.remote, remoteCase.exposed)}"]`);

  await page.goto(remoteCase.path);
  await expectNoWhiteScreen(page);
  await advanceUntil(page, () => expect(appReady(page)).toHaveCount(1, { timeout: 500 }));
  await remoteCase.open?.(page);

  const fallback = page.locator(`.remote-slot--failed[data-remote="${remoteCase.remote}"]`);
  if (fault === 'chunk never answers') {
    // Said within the chunk timeout (webpack's own would be 120 s of skeleton), not whenever the clock gets there.
    // Chunks of the slot's shared packages still on their way time out with it, as on a slow network: the retry
    // must fetch those again too (shell/src/remotes/sharedRetryPlugin.ts).
    await chunkLoading.waitFor({ state: 'attached' });
    await page.clock.fastForward(CHUNK_LOAD_TIMEOUT_MS + 1_000);
    await expect(fallback).toContainText(remoteCase.fallbackText);
  } else {
    await advanceUntil(page, () => expect(fallback).toContainText(remoteCase.fallbackText, { timeout: 500 }));
  }
  await expect(fallback).toContainText('正在自动重试');
  await expect(fallback.getByRole('button', { name: '立即重试' })).toBeVisible();
  await expect(remoteCase.loaded(page)).toHaveCount(0);
  await remoteCase.othersWork(page);
  await expectNoWhiteScreen(page);

  await injected.lift();
  if (fault === 'throws at render' || fault === 'entry 404') {
    // The visitor's own retry, at once. The automatic one may fire first on a slow machine and take the button
    // away mid-click: both go through the same in-place retry, so either recovery counts.
    const retry = fallback.getByRole('button', { name: '立即重试' });
    await expect(async () => {
      if (await retry.isVisible()) await retry.click({ timeout: 1_000 });
      await expect(remoteCase.loaded(page)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
  } else {
    // The automatic retry with backoff.
    await advanceUntil(page, () => expect(remoteCase.loaded(page)).toBeVisible({ timeout: 1_000 }));
  }
  await expect(page.locator('.remote-slot--failed')).toHaveCount(0);
  await expectNoWhiteScreen(page);
  expect(pageErrors).toEqual([]);
}
