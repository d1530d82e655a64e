import { aboutPath } from '@wenrun/shared/node';
import { expect, test } from '../support/fixtures';
import { request } from '../support/https';

/**
 * Issue 42, as an attacker sees it: nginx keeps the pages that are the same for every visitor, so one client with
 * curl tries to make it render them anyway (every request a render server's work again, as before the cache), or
 * to fill the cache with pages of its own making. Its own spelling of Accept-Encoding, a cookie, a query string:
 * none makes nginx render a cached page again, and nothing with a query is kept.
 */
const FROM_CACHE = ['HIT', 'STALE', 'UPDATING'];

test('one client cannot make nginx render the pages it keeps, nor keep pages of its own making', async ({ nginxSite }) => {
  const get = (target: string, headers: Record<string, string> = {}) => request(`${nginxSite.shell}${target}`, { ca: nginxSite.ca, headers });
  for (const target of ['/', aboutPath(3)]) {
    await expect.poll(async () => (await get(target, { 'accept-encoding': 'br' })).headers['x-cache-status'], { timeout: 30_000 }).toBe('HIT');
    const made = await Promise.all(
      Array.from({ length: 30 }, (_, index) => get(target, { 'accept-encoding': `br;q=0.${index % 10}, x-made-up-${index}`, cookie: `session=${index}`, 'cache-control': 'no-cache', pragma: 'no-cache' })),
    );
    expect(made.map((answer) => answer.status)).toEqual(made.map(() => 200));
    expect(made.filter((answer) => !FROM_CACHE.includes(String(answer.headers['x-cache-status']))).map((answer) => answer.headers['x-cache-status'])).toEqual([]);
    // A page is never kept with anything a client chose: a query makes a page rendered for that request alone.
    for (const query of ['?r=1', '?r=1']) expect((await get(`${target}${query}`)).headers['x-cache-status'], `${target}${query}`).toBe('BYPASS');
  }
  // Another spelling of a cached page is no second copy either: rendered (or redirected) for the request.
  expect((await get('/about/%33')).headers['x-cache-status']).toBe('BYPASS');
});
