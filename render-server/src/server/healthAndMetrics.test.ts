import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { page, renderServerPerTest } from './renderServerFixture';

describe('render server: its health and its metrics, on its own port only', () => {
  const server = renderServerPerTest();

  it('reports its health with the remotes it renders with', async () => {
    const health = (await (await fetch(`${server.origin}/healthz`)).json()) as { status: string; remotes: Record<string, { error?: string }> };
    expect(health.status).toBe('ok');
    expect(Object.keys(health.remotes).sort()).toEqual(['about', 'auth', 'header', 'wuyou']);
    expect(health.remotes.header?.error).toBeTruthy();
  });

  it('answers /healthz only on its own port: through a proxy of the site it is a page like any other', async () => {
    const proxied = await fetch(`${server.origin}/healthz`, { headers: { 'x-forwarded-for': '203.0.113.1' } });
    expect(proxied.headers.get('content-type')).toMatch(/^text\/html/);
    const body = await proxied.text();
    expect(body).toContain('<h1>首页</h1>');
    expect(body).not.toContain('apiBaseUrl');
  });

  it('counts each page by route and outcome, and the activity cache, in Prometheus\'s format on its own port only', async () => {
    server.render.mockResolvedValueOnce(page(200, 'home', '<h1>首页</h1>', ['header/Header']));
    for (const url of ['/about/9', '/wuyou/1', '/wuyou/1', '/search/课程', '/slow-api', '/broken']) await (await fetch(`${server.origin}${encodeURI(url)}`)).text();
    const scraped = await fetch(`${server.origin}/metrics`);
    const families = parsePrometheusTextFormat(await scraped.text());
    const samples = (name: string, ...labels: string[]) =>
      Object.fromEntries(
        (families.find((each) => each.name === name)?.metrics ?? []).map((sample) => [labels.map((label) => sample.labels?.[label]).join(' '), Number(sample.value)]),
      );
    // The first page's header slot fell back on the server; the second request of the activity came from the cache.
    expect(samples('render_pages_total', 'route', 'outcome')).toEqual({
      'about slot_fallback': 1,
      'activity rendered': 1,
      'search rendered': 1,
      'other timed_out': 1,
      'other unavailable': 1,
    });
    expect(samples('render_slot_fallbacks_total', 'remote', 'version')).toEqual({ 'header unknown': 1 });
    expect(samples('render_page_cache_total', 'result')).toEqual({ miss: 1, hit: 1 });
    expect(samples('http_requests_total', 'route', 'method', 'status')['activity GET 200']).toBe(2);
    const proxied = await (await fetch(`${server.origin}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.1' } })).text();
    expect(proxied).not.toContain('render_pages_total');
  });
});
