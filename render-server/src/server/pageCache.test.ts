import { renderServerPerTest } from './renderServerFixture';

describe('render server: the activity pages it keeps', () => {
  const server = renderServerPerTest();

  it('renders an activity once, serves it from its cache with a short public lifetime', async () => {
    const first = await fetch(`${server.origin}/wuyou/1`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600');
    expect(await first.text()).toContain('<h1>活动 /wuyou/1</h1>');
    const second = await fetch(`${server.origin}/wuyou/1`);
    expect(second.headers.get('x-render-cache')).toBe('hit');
    expect(server.render).toHaveBeenCalledTimes(1);
  });

  it('never lets a search page be kept, and renders it every time', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${server.origin}/search/%E8%AF%BE`);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    expect(server.render).toHaveBeenCalledTimes(2);
  });

  it('keeps an activity page under its canonical path, and no page of an activity that does not exist', async () => {
    expect((await fetch(`${server.origin}/wuyou/%31`)).headers.get('x-render-cache')).toBeNull();
    // The same activity by its plain path: the cached page, the one an edit of activity 1 drops.
    expect((await fetch(`${server.origin}/wuyou/1`)).headers.get('x-render-cache')).toBe('hit');
    expect(server.render).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 3; i++) expect((await fetch(`${server.origin}/wuyou/404`)).status).toBe(404);
    expect(server.render).toHaveBeenCalledTimes(4);
    const health = (await (await fetch(`${server.origin}/healthz`)).json()) as { cachedPages: number };
    expect(health.cachedPages).toBe(1);
  });

  it('drops a kept activity page when told so on its own port (PURGE), and refuses PURGE through the site', async () => {
    await (await fetch(`${server.origin}/wuyou/1`)).text();
    expect((await fetch(`${server.origin}/wuyou/1`)).headers.get('x-render-cache')).toBe('hit');
    const proxied = await fetch(`${server.origin}/wuyou/1`, { method: 'PURGE', headers: { 'x-forwarded-for': '203.0.113.1' } });
    expect([proxied.status, proxied.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    expect((await fetch(`${server.origin}/wuyou/1`)).headers.get('x-render-cache')).toBe('hit');

    expect((await fetch(`${server.origin}/wuyou/%31`, { method: 'PURGE' })).status).toBe(204);
    expect((await fetch(`${server.origin}/wuyou/1`)).headers.get('x-render-cache')).toBeNull();
    expect(server.render).toHaveBeenCalledTimes(2);
    // Only activity pages are kept, so only they are dropped.
    expect((await fetch(`${server.origin}/about/1`, { method: 'PURGE' })).status).toBe(404);
  });
});
