import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { activityPath, buildPaths } from '@wenrun/shared/node';
import { SAMPLE_ACTIVITY } from './activities';

/** What the server-rendering tests look for: the pages written at build, as a crawler and as a browser get them. */
export const HOME_HEADING = '让每一位教师都被看见、被支持、被成就';
export const PHONE = { width: 375, height: 812 };
export const ACTIVITY_PATH = activityPath(SAMPLE_ACTIVITY.id);
/** Every page written at build: the manifest's, and the sample activity's. */
export const BUILT_PAGES = [...buildPaths(), ACTIVITY_PATH];

/** The HTML as a crawler gets it: no JavaScript at all. */
export async function fetchHtml(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return response.text();
}

/** Marks the page's landmarks as the server sent them, before any script of the page runs (read by serverNodesKept). */
export async function markServerNodes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const nodes = Array.from(document.querySelectorAll('#root h1, #root header, #root footer'));
      Object.assign(window, { __serverNodes: nodes });
    });
  });
}

/** How many of the landmarks seen at DOMContentLoaded are still the page's nodes now, of how many. */
export async function serverNodesKept(page: Page): Promise<{ kept: number; total: number }> {
  return page.evaluate(() => {
    const nodes = (window as unknown as { __serverNodes: Element[] }).__serverNodes;
    return { kept: nodes.filter((node) => node.isConnected).length, total: nodes.length };
  });
}
