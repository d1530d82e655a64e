import Fastify, { type FastifyInstance } from 'fastify';
import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { Counter } from 'prom-client';
import { metrics, METRICS_PATH } from './metrics';

async function scrape(app: FastifyInstance): Promise<PrometheusFamily[]> {
  const answer = await app.inject({ url: METRICS_PATH });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusTextFormat(answer.body);
}

function family(families: PrometheusFamily[], name: string): PrometheusFamily {
  const found = families.find((each) => each.name === name);
  if (!found) throw new Error(`no ${name} among ${families.map((each) => each.name).join(', ')}`);
  return found;
}

describe('metrics', () => {
  it('count requests by route pattern and status, with their latency, and Node\'s own metrics', async () => {
    const app = Fastify();
    await app.register(metrics, { server: 'test' });
    app.get('/search/:key', async () => ({ ok: true }));
    for (const key of ['a', 'b', 'c']) await app.inject({ url: `/search/${key}` });
    await app.inject({ url: '/nothing' });
    const families = await scrape(app);
    const requests = family(families, 'http_requests_total');
    expect(requests.type).toBe('COUNTER');
    const byRoute = Object.fromEntries(requests.metrics.map((sample) => [`${sample.labels?.route} ${sample.labels?.status}`, Number(sample.value)]));
    // One series per pattern however many paths a client makes up; a path no route knows is one series too.
    expect(byRoute).toEqual({ '/search/:key 200': 3, 'unmatched 404': 1 });
    expect(requests.metrics.every((sample) => sample.labels?.server === 'test')).toBe(true);
    expect(family(families, 'http_request_duration_seconds').type).toBe('HISTOGRAM');
    // The parser folds a labelled histogram's series together: its count line is read as written.
    const text = (await app.inject({ url: METRICS_PATH })).body;
    expect(text).toMatch(/^http_request_duration_seconds_count\{[^}]*route="\/search\/:key"[^}]*\} 3$/m);
    for (const name of ['nodejs_eventloop_lag_p99_seconds', 'nodejs_heap_size_used_bytes', 'process_cpu_seconds_total']) family(families, name);
    await app.close();
  });

  it('take the server\'s own counters in its own registry: two servers in one process keep apart', async () => {
    const [first, second] = [Fastify(), Fastify()];
    await first.register(metrics, { server: 'first' });
    await second.register(metrics, { server: 'second' });
    const pages = new Counter({ name: 'pages_total', help: '页面', registers: [first.metrics] });
    pages.inc(2);
    expect(family(await scrape(first), 'pages_total').metrics[0]?.value).toBe('2');
    expect((await scrape(second)).some((each) => each.name === 'pages_total')).toBe(false);
    await Promise.all([first.close(), second.close()]);
  });

  it('are not answered through a proxy: the site in front names the visitor, and the figures are the operators\'', async () => {
    const app = Fastify();
    await app.register(metrics, { server: 'test' });
    const proxied = await app.inject({ url: METRICS_PATH, headers: { 'x-forwarded-for': '198.51.100.7' } });
    expect(proxied.statusCode).toBe(404);
    expect(proxied.body).not.toContain('http_requests_total');
    const page = Fastify();
    await page.register(metrics, { server: 'render', whenProxied: (_request, reply) => reply.type('text/html').send('<p>首页</p>') });
    const asPage = await page.inject({ url: METRICS_PATH, headers: { 'x-forwarded-for': '198.51.100.7' } });
    expect([asPage.statusCode, asPage.body]).toEqual([200, '<p>首页</p>']);
    await Promise.all([app.close(), page.close()]);
  });
});
