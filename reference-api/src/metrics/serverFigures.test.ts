import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVER_FIGURES_PATH, type ServerFigures } from '@wenrun/shared/node';
import { getJson, send, startServer } from '../test/harness';
import { figuresOf, p95OfBuckets, SERVER_FIGURES_PROBLEMS } from './serverFigures';

const TOKEN = 'm'.repeat(40);

/** What the render servers expose (the lead's prom-client metrics): two routes of one histogram, counters. */
const METRICS = `# HELP render_pages_total Pages rendered, by route and outcome.
# TYPE render_pages_total counter
render_pages_total{route="/about/*",outcome="rendered"} 90
render_pages_total{route="/about/*",outcome="failed"} 2
render_pages_total{route="/wuyou/*",outcome="rendered"} 40
# HELP render_slot_fallbacks_total Slots left to the browser.
# TYPE render_slot_fallbacks_total counter
render_slot_fallbacks_total{remote="wuyou",version="2.1.0"} 7
# HELP render_page_cache_total Page cache lookups.
# TYPE render_page_cache_total counter
render_page_cache_total{result="hit"} 30
render_page_cache_total{result="miss"} 10
# HELP http_request_duration_seconds Request duration.
# TYPE http_request_duration_seconds histogram
http_request_duration_seconds_bucket{le="0.05",server="render",route="/about/*",status="200"} 50
http_request_duration_seconds_bucket{le="0.1",server="render",route="/about/*",status="200"} 80
http_request_duration_seconds_bucket{le="0.25",server="render",route="/about/*",status="200"} 100
http_request_duration_seconds_bucket{le="+Inf",server="render",route="/about/*",status="200"} 100
http_request_duration_seconds_sum{server="render",route="/about/*",status="200"} 6
http_request_duration_seconds_count{server="render",route="/about/*",status="200"} 100
http_request_duration_seconds_bucket{le="0.05",server="render",route="/wuyou/*",status="200"} 0
http_request_duration_seconds_bucket{le="0.1",server="render",route="/wuyou/*",status="200"} 0
http_request_duration_seconds_bucket{le="0.25",server="render",route="/wuyou/*",status="200"} 0
http_request_duration_seconds_bucket{le="+Inf",server="render",route="/wuyou/*",status="200"} 40
http_request_duration_seconds_sum{server="render",route="/wuyou/*",status="200"} 20
http_request_duration_seconds_count{server="render",route="/wuyou/*",status="200"} 40
`;

describe('server figures: the render servers\u2019 /metrics, summed for the ops console', () => {
  it('reads p95 per route from the buckets of each route, not one folded histogram', () => {
    const figures = figuresOf([METRICS]);
    expect(figures.routes).toEqual([
      { route: '/about/*', outcomes: { rendered: 90, failed: 2 }, p95Ms: 250 },
      // All 40 above the last finite bucket: no upper bound to give.
      { route: '/wuyou/*', outcomes: { rendered: 40 } },
    ]);
    expect(figures.fallbacks).toEqual([{ remote: 'wuyou', version: '2.1.0', count: 7 }]);
    expect(figures.cache).toEqual({ hits: 30, misses: 10 });
    expect(figures.metricsFound).toBe(true);
  });

  it('sums the instances nginx balances over', () => {
    const figures = figuresOf([METRICS, METRICS]);
    expect(figures.cache).toEqual({ hits: 60, misses: 20 });
    expect(figures.routes[0]).toEqual({ route: '/about/*', outcomes: { rendered: 180, failed: 4 }, p95Ms: 250 });
  });

  it('p95 is the upper bound of the bucket where 95 % of the count is reached', () => {
    expect(p95OfBuckets(new Map([[0.1, 94], [0.5, 95], [Number.POSITIVE_INFINITY, 100]]))).toBe(500);
    expect(p95OfBuckets(new Map([[0.1, 0], [Number.POSITIVE_INFINITY, 0]]))).toBeUndefined();
  });

  describe('over HTTP (/admin/server-figures)', () => {
    let metricsServer: http.Server;
    let body = METRICS;
    let status = 200;
    beforeAll(async () => {
      metricsServer = http.createServer((_request, response) => response.writeHead(status).end(body));
      await new Promise<void>((resolve) => metricsServer.listen(0, '127.0.0.1', resolve));
    });
    afterAll(() => new Promise((resolve) => metricsServer.close(resolve)));
    const metricsUrl = () => `http://127.0.0.1:${(metricsServer.address() as AddressInfo).port}/metrics`;

    it('answers only with the admin token, from the addresses of its environment', async () => {
      const api = await startServer({ devEndpoints: false, adminToken: TOKEN, renderMetricsUrls: [metricsUrl(), 'http://127.0.0.1:9/metrics'] });
      try {
        expect((await send(`${api.url}/admin${SERVER_FIGURES_PATH}`, { method: 'GET' })).status).toBe(401);
        expect((await send(`${api.url}/__dev${SERVER_FIGURES_PATH}`, { method: 'GET' })).status).toBe(404);
        const reply = await send<ServerFigures>(`${api.url}/admin${SERVER_FIGURES_PATH}`, { method: 'GET', headers: { authorization: `Bearer ${TOKEN}` } });
        expect(reply.body?.data?.servers).toEqual([{ url: metricsUrl() }, { url: 'http://127.0.0.1:9/metrics', problem: SERVER_FIGURES_PROBLEMS.unreachable }]);
        expect(reply.body?.data?.cache).toEqual({ hits: 30, misses: 10 });
      } finally {
        await api.close();
      }
    });

    it('says so when a render server has no /metrics yet', async () => {
      status = 404;
      body = 'Not Found';
      const api = await startServer({ devEndpoints: true, renderMetricsUrls: [metricsUrl()] });
      try {
        const reply = await getJson<ServerFigures>(`${api.url}/__dev${SERVER_FIGURES_PATH}`);
        expect(reply.body?.data).toMatchObject({ metricsFound: false, routes: [], servers: [{ problem: `HTTP 404：${SERVER_FIGURES_PROBLEMS.noMetrics}` }] });
      } finally {
        await api.close();
      }
    });
  });
});
