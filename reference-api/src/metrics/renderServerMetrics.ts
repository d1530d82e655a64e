import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { SITE_ROUTES, type RenderServerMetrics } from '@wenrun/shared/node';
import { METRICS_PATH } from '@wenrun/server-plugins';

export const RENDER_SERVER_METRICS_TIMEOUT_MS = 3_000;
/** A `/metrics` reply is a few kilobytes; a server answering with more is not read further. */
const MAX_METRICS_BYTES = 1024 * 1024;

export const RENDER_SERVER_METRICS_PROBLEMS = {
  unreachable: '无法连接',
  noMetrics: '没有提供指标（这个版本的渲染服务器还没有 /metrics）',
  tooLarge: '指标超过 1 MB，未读取',
} as const;

/** The histogram of render time: `http_request_duration_seconds_bucket{server="render",route=…,status_class=…,le=…}`. */
const DURATION_BUCKET = 'http_request_duration_seconds_bucket';
const RENDER_SERVER = 'render';

type Labels = Record<string, string>;

/**
 * `name{a="x",b="y"} value` lines of one metric, read here rather than by the parser: it folds the series of a
 * labelled histogram into one, and the buckets of each route are what the p95 is counted from.
 */
export function bucketLines(text: string, name: string): { labels: Labels; value: number }[] {
  const rows: { labels: Labels; value: number }[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const close = line.lastIndexOf('}');
    const labels: Labels = {};
    for (const match of line.slice(name.length + 1, close).matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[match[1] ?? ''] = (match[2] ?? '').replace(/\\(.)/g, (_all, char: string) => (char === 'n' ? '\n' : char));
    }
    const value = Number(line.slice(close + 1).trim().split(/\s+/)[0]);
    if (Number.isFinite(value)) rows.push({ labels, value });
  }
  return rows;
}

/** The upper bound of the bucket holding the 95th percentile of cumulative `buckets` (le → count), in ms. */
export function p95OfBuckets(buckets: Map<number, number>): number | undefined {
  const sorted = [...buckets].sort(([a], [b]) => a - b);
  const total = sorted.at(-1)?.[1] ?? 0;
  if (total === 0) return undefined;
  const found = sorted.find(([, count]) => count >= 0.95 * total);
  return found === undefined || !Number.isFinite(found[0]) ? undefined : Math.round(found[0] * 1000);
}

const add = (map: Map<string, number>, key: string, value: number) => map.set(key, (map.get(key) ?? 0) + value);

/**
 * A route as ops read it: the render server labels its metrics with the site route's id (`activity`), the console
 * names it by its path pattern (`/wuyou/:id`), as the field data does. Its own `/metrics` is no page: left out.
 */
function routeName(label: string | undefined): string | undefined {
  if (label === undefined || label === METRICS_PATH) return undefined;
  return SITE_ROUTES.find((route) => route.id === label)?.path ?? label;
}

/** The metrics of every server's `/metrics` text, summed over servers (each is one instance of the same renderer). */
export function sumRenderServerMetrics(texts: string[]): Omit<RenderServerMetrics, 'servers'> {
  const outcomes = new Map<string, Map<string, number>>();
  const fallbacks = new Map<string, number>();
  const cache = new Map<string, number>();
  const buckets = new Map<string, Map<number, number>>();
  let metricsFound = false;
  for (const text of texts) {
    for (const family of parsePrometheusTextFormat(text)) {
      // A server that has rendered nothing yet still names the family (prom-client): it has the metrics, all zero.
      if (family.name === 'render_pages_total') metricsFound = true;
      for (const sample of family.metrics) {
        const labels = sample.labels ?? {};
        const value = Number(sample.value);
        if (!Number.isFinite(value)) continue;
        if (family.name === 'render_pages_total') {
          const route = routeName(labels.route);
          if (route === undefined) continue;
          const perRoute = outcomes.get(route) ?? new Map<string, number>();
          outcomes.set(route, perRoute);
          add(perRoute, labels.outcome ?? '', value);
        } else if (family.name === 'render_slot_fallbacks_total') {
          add(fallbacks, JSON.stringify([labels.remote ?? '', labels.version ?? '']), value);
        } else if (family.name === 'render_page_cache_total') {
          add(cache, labels.result ?? '', value);
        }
      }
    }
    for (const { labels, value } of bucketLines(text, DURATION_BUCKET)) {
      const route = routeName(labels.route);
      if (labels.server !== RENDER_SERVER || route === undefined || labels.le === undefined) continue;
      const perRoute = buckets.get(route) ?? new Map<number, number>();
      buckets.set(route, perRoute);
      const le = labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(labels.le);
      perRoute.set(le, (perRoute.get(le) ?? 0) + value);
    }
  }
  const routes = [...new Set([...outcomes.keys(), ...buckets.keys()])].sort().map((route) => {
    const routeBuckets = buckets.get(route);
    const p95Ms = routeBuckets ? p95OfBuckets(routeBuckets) : undefined;
    return { route, outcomes: Object.fromEntries(outcomes.get(route) ?? []), ...(p95Ms === undefined ? {} : { p95Ms }) };
  });
  return {
    metricsFound,
    routes,
    fallbacks: [...fallbacks].map(([key, count]) => {
      const [remote = '', version = ''] = JSON.parse(key) as string[];
      return { remote, version, count };
    }),
    cache: { hits: cache.get('hit') ?? 0, misses: cache.get('miss') ?? 0 },
  };
}

/** Each address's `/metrics`, or why not; addresses come from the API's environment only (RENDER_METRICS_URLS). */
export async function readRenderServerMetrics(urls: string[]): Promise<RenderServerMetrics> {
  const replies = await Promise.all(
    urls.map(async (url): Promise<{ url: string; text?: string; problem?: string }> => {
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(RENDER_SERVER_METRICS_TIMEOUT_MS), redirect: 'error' });
        if (!response.ok) return { url, problem: `HTTP ${response.status}：${RENDER_SERVER_METRICS_PROBLEMS.noMetrics}` };
        const text = await response.text();
        if (text.length > MAX_METRICS_BYTES) return { url, problem: RENDER_SERVER_METRICS_PROBLEMS.tooLarge };
        return { url, text };
      } catch {
        return { url, problem: RENDER_SERVER_METRICS_PROBLEMS.unreachable };
      }
    }),
  );
  const metrics = sumRenderServerMetrics(replies.flatMap((reply) => (reply.text === undefined ? [] : [reply.text])));
  return { servers: replies.map(({ url, problem }) => (problem ? { url, problem } : { url })), ...metrics };
}
