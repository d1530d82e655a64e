import type { Page, Route } from '@playwright/test';
import { API_ORIGIN } from './login-modal';

/** A fulfilled cross-origin answer is read by the page only with CORS, as the real API sends it. */
export function corsHeaders(route: Route): Record<string, string> {
  const origin = route.request().headers().origin;
  return origin ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : {};
}

/**
 * Answers the page's calls to the API path `path` from now on with `answer` (the CORS preflight of a real server is
 * not what fails); returns how many calls were answered so.
 */
export async function answerCalls(page: Page, path: string, answer: (route: Route) => Promise<void>): Promise<() => number> {
  let answered = 0;
  await page.route(`${API_ORIGIN}${path}`, async (route) => {
    if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: corsHeaders(route) });
    answered += 1;
    await answer(route);
  });
  return () => answered;
}
