import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ABOUT_ROUTE, ACTIVITY_ROUTE, RENDER_SERVER_METRICS_PATH, type RenderServerMetrics } from '@wenrun/shared/node';
import { getJson, send, startServer } from '../test/harness';
import { sumRenderServerMetrics, p95OfBuckets, RENDER_SERVER_METRICS_PROBLEMS } from './renderServerMetrics';

const TOKEN = 'm'.repeat(40);

/**
 * What a render server exposes (render-server/src/server/renderMetrics.ts, server-plugins' metrics): metrics labelled
 * with the site route's id, the latency by route and status class, and its own `/metrics` among the routes.
 */
const METRICS = `# HELP render_pages_total Pages rendered, by route and outcome.
# TYPE render_pages_total counter
render_pages_total{route="about",outcome="rendered",server="render"} 90
render_pages_total{route="about",outcome="slot_fallback",server="render"} 2
render_pages_total{route="activity",outcome="rendered",server="render"} 40
# HELP render_slot_fallbacks_total Slots left to the browser.
# TYPE render_slot_fallbacks_total counter
render_slot_fallbacks_total{remote="wuyou",version="2.1.0",server="render"} 7
# HELP render_page_cache_total Page cache lookups.
# TYPE render_page_cache_total counter
render_page_cache_total{result="hit",server="render"} 30
render_page_cache_total{result="miss",server="render"} 10
# HELP http_request_duration_seconds Request duration.
# TYPE http_request_duration_seconds histogram
http_request_duration_seconds_bucket{le="0.05",route="about",status_class="2xx",server="render"} 50
http_request_duration_seconds_bucket{le="0.1",route="about",status_class="2xx",server="render"} 80
http_request_duration_seconds_bucket{le="0.25",route="about",status_class="2xx",server="render"} 100
http_request_duration_seconds_bucket{le="+Inf",route="about",status_class="2xx",server="render"} 100
http_request_duration_seconds_sum{route="about",status_class="2xx",server="render"} 6
http_request_duration_seconds_count{route="about",status_class="2xx",server="render"} 100
http_request_duration_seconds_bucket{le="0.05",route="activity",status_class="2xx",server="render"} 0
http_request_duration_seconds_bucket{le="0.1",route="activity",status_class="2xx",server="render"} 0
http_request_duration_seconds_bucket{le="0.25",route="activity",status_class="2xx",server="render"} 0
http_request_duration_seconds_bucket{le="+Inf",route="activity",status_class="2xx",server="render"} 40
http_request_duration_seconds_sum{route="activity",status_class="2xx",server="render"} 20
http_request_duration_seconds_count{route="activity",status_class="2xx",server="render"} 40
http_request_duration_seconds_bucket{le="0.05",route="/metrics",status_class="2xx",server="render"} 12
http_request_duration_seconds_bucket{le="+Inf",route="/metrics",status_class="2xx",server="render"} 12
`;

describe('server metrics: the render servers\u2019 /metrics, summed for the ops console', () => {
  it('reads p95 per route from the buckets of each route, not one folded histogram', () => {
    const metrics = sumRenderServerMetrics([METRICS]);
    expect(metrics.routes).toEqual([
      { route: ABOUT_ROUTE, outcomes: { rendered: 90, slot_fallback: 2 }, p95Ms: 250 },
      // All 40 above the last finite bucket: no upper bound to give.
      { route: ACTIVITY_ROUTE, outcomes: { rendered: 40 } },
    ]);
    expect(metrics.fallbacks).toEqual([{ remote: 'wuyou', version: '2.1.0', count: 7 }]);
    expect(metrics.cache).toEqual({ hits: 30, misses: 10 });
    expect(metrics.metricsFound).toBe(true);
  });

  it('sums the instances nginx balances over', () => {
    const metrics = sumRenderServerMetrics([METRICS, METRICS]);
    expect(metrics.cache).toEqual({ hits: 60, misses: 20 });
    expect(metrics.routes[0]).toEqual({ route: ABOUT_ROUTE, outcomes: { rendered: 180, slot_fallback: 4 }, p95Ms: 250 });
  });

  it('a server that has rendered nothing yet has the metrics (all zero), unlike one without them', () => {
    const fresh = '# HELP render_pages_total Pages.\n# TYPE render_pages_total counter\n# HELP render_page_cache_total Cache.\n# TYPE render_page_cache_total counter\n';
    expect(sumRenderServerMetrics([fresh])).toEqual({ metricsFound: true, routes: [], fallbacks: [], cache: { hits: 0, misses: 0 } });
    expect(sumRenderServerMetrics(['# TYPE process_cpu_seconds_total counter\nprocess_cpu_seconds_total 1\n']).metricsFound).toBe(false);
  });

  it('p95 is the upper bound of the bucket where 95 % of the count is reached', () => {
    expect(p95OfBuckets(new Map([[0.1, 94], [0.5, 95], [Number.POSITIVE_INFINITY, 100]]))).toBe(500);
    expect(p95OfBuckets(new Map([[0.1, 0], [Number.POSITIVE_INFINITY, 0]]))).toBeUndefined();
  });

  describe('over HTTP (/admin/render-server-metrics)', () => {
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
        expect((await send(`${api.url}/admin${RENDER_SERVER_METRICS_PATH}`, { method: 'GET' })).status).toBe(401);
        expect((await send(`${api.url}/__dev${RENDER_SERVER_METRICS_PATH}`, { method: 'GET' })).status).toBe(404);
        const reply = await send<RenderServerMetrics>(`${api.url}/admin${RENDER_SERVER_METRICS_PATH}`, { method: 'GET', headers: { authorization: `Bearer ${TOKEN}` } });
        expect(reply.body?.data?.servers).toEqual([{ url: metricsUrl() }, { url: 'http://127.0.0.1:9/metrics', problem: RENDER_SERVER_METRICS_PROBLEMS.unreachable }]);
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
        const reply = await getJson<RenderServerMetrics>(`${api.url}/__dev${RENDER_SERVER_METRICS_PATH}`);
        expect(reply.body?.data).toMatchObject({ metricsFound: false, routes: [], servers: [{ problem: `HTTP 404：${RENDER_SERVER_METRICS_PROBLEMS.noMetrics}` }] });
      } finally {
        await api.close();
      }
    });
  });
});
