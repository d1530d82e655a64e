import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import type { Hosts } from '../support/fixtures';
import type { Target, VisitorPage } from '../support/visitor-page';

/** What a flow may use besides the page: Node's side of the test, the same in every engine. */
export interface FlowContext {
  /** Calls to the site and the reference API from the test, e.g. to read what a flow's actions stored. */
  request: APIRequestContext;
  /** Servers started for this test (support/fixtures.ts). */
  hosts: Hosts;
  /** A file of this test's own output folder (its screenshots). */
  outputPath(name: string): string;
}

/**
 * A visitor flow, written once against `VisitorPage` and run in every engine (tests/visitor-flows.spec.ts). Besides
 * what `run` asserts, the page must have had no uncaught exception and no console error but `expectedErrors`.
 */
export interface VisitorFlow {
  name: string;
  run(page: VisitorPage, context: FlowContext): Promise<void>;
  expectedErrors?: RegExp[];
}

export const siteHeader: Target = { css: 'header.site-header' };
export const siteFooter: Target = { css: 'footer.site-footer' };

/** An element of the header by its name (its text or label). */
export function inHeader(css: string, name: string): Target {
  return { css: `header.site-header ${css}`, name };
}

/** Waits until the shell has rendered the app: a server-rendered page has had its hydration from then on. */
export async function waitForApp(page: VisitorPage): Promise<void> {
  await expect.poll(() => page.inspect({ css: 'html[data-app-ready]' }, (elements) => elements.length)).toBe(1);
}

/**
 * Waits until React owns the element `target` names (it marks its nodes with a fiber key): the server's markup of
 * it has no handlers until its slot is hydrated.
 */
export async function waitForLive(page: VisitorPage, target: Target): Promise<void> {
  await expect
    .poll(() =>
      page.inspect(target, (elements) => elements.length > 0 && Object.keys(elements[0] as object).some((key) => key.startsWith('__reactFiber'))),
    )
    .toBe(true);
}

/** Opens a page of the site with the layout and waits until its header is live. */
export async function openWithLiveHeader(page: VisitorPage, path: string): Promise<void> {
  await page.goto(path);
  await waitForLive(page, siteHeader);
}

/** The visible text of the page's one level-1 heading. */
export function mainHeading(page: VisitorPage): Promise<string[]> {
  return page.texts({ css: 'h1' });
}

/** A toast of the app-wide toaster (top right) is showing `text`. */
export async function expectToast(page: VisitorPage, text: string): Promise<void> {
  await expect.poll(() => page.texts({ css: '.app-toasts [role="status"]' })).toContain(text);
}

/**
 * Scrolls down the page a screen at a time, as a visitor reading it, and back to the top. Each screen stays until
 * two frames have been drawn with it, and at least 100 ms: a lazy image starts loading when a frame finds it near
 * the viewport, and WebKit looks nearer than Chromium does. With 100 ms a screen alone, two of the 375 px pages
 * kept an image never loaded in WebKitGTK on the busy machine.
 */
export async function scrollThrough(page: VisitorPage): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const pause = async () => {
      await Promise.all([new Promise((resolve) => setTimeout(resolve, 100)), frame().then(frame)]);
    };
    for (let top = 0; top < document.documentElement.scrollHeight; top += window.innerHeight) {
      window.scrollTo(0, top);
      await pause();
    }
    window.scrollTo(0, 0);
  });
}

/** Page width against viewport width: more means something overflows sideways. */
export function horizontalOverflow(page: VisitorPage): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
