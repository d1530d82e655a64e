import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import type { AddressInfo } from 'node:net';
import { buildServer } from '@wenrun/reference-api';
import { metrics, METRICS_PATH } from '@wenrun/server-plugins';
import { renderMetrics } from '@wenrun/render-server/metrics';
import { serveGuardMetrics } from '../release/guardMetrics';

const DASHBOARD = path.join(import.meta.dirname, 'grafana-dashboard.json');

interface Dashboard {
  panels: { title: string; targets: { expr: string }[] }[];
}

/** The series names a family is written as: a histogram's and a summary's own suffixes besides its name. */
function seriesNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const family of parsePrometheusTextFormat(text)) {
    names.add(family.name);
    if (family.type === 'HISTOGRAM') for (const suffix of ['_bucket', '_count', '_sum']) names.add(`${family.name}${suffix}`);
    if (family.type === 'SUMMARY') for (const suffix of ['_count', '_sum']) names.add(`${family.name}${suffix}`);
  }
  return names;
}

/** The metric names a PromQL expression reads: what is left once strings, matchers, groupings, ranges and calls go. */
function metricsOf(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '')
    .replace(/\[[^\]]*\]/g, '');
  return [...bare.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*(?!\s*\(|[a-zA-Z0-9_:])/g)].map((match) => match[0]).filter((name) => !/^\d/.test(name));
}

describe('the Grafana dashboard', () => {
  let exposed: Set<string>;
  beforeAll(async () => {
    // Every server's metrics: the plugin's and the render server's own, the API's (field data), the guard's.
    const render = Fastify();
    await render.register(metrics, { server: 'render' });
    renderMetrics(render.metrics);
    const api = await buildServer({ databasePath: ':memory:' });
    const guard = (await serveGuardMetrics(0)).app;
    // Over HTTP: this project's Jest cannot load `inject`'s cookie parser (an ES module).
    const origins = [await render.listen({ port: 0, host: '127.0.0.1' }), await api.listen({ port: 0, host: '127.0.0.1' })];
    origins.push(`http://127.0.0.1:${(guard.server.address() as AddressInfo).port}`);
    const scraped = await Promise.all(origins.map(async (origin) => (await fetch(`${origin}${METRICS_PATH}`)).text()));
    exposed = new Set(scraped.flatMap((text) => [...seriesNames(text)]));
    await Promise.all([render.close(), api.close(), guard.close()]);
  });

  it('reads the metric names out of a query, not its functions, labels or strings', () => {
    expect(metricsOf('histogram_quantile(0.95, sum by (le, route) (rate(http_request_duration_seconds_bucket{server="render"}[5m])))')).toEqual([
      'http_request_duration_seconds_bucket',
    ]);
    expect(metricsOf('sum(rate(a_total{result="hit"}[5m])) / sum(rate(b_total[5m]))')).toEqual(['a_total', 'b_total']);
  });

  it('queries only metrics the servers expose, so no panel is empty for a misspelt name', () => {
    const dashboard = JSON.parse(fs.readFileSync(DASHBOARD, 'utf8')) as Dashboard;
    const queried = dashboard.panels.flatMap((panel) => panel.targets.flatMap((target) => metricsOf(target.expr).map((name) => `${panel.title}: ${name}`)));
    expect(queried.length).toBeGreaterThanOrEqual(dashboard.panels.length);
    expect(queried.filter((each) => !exposed.has(each.split(': ')[1] ?? ''))).toEqual([]);
  });
});
