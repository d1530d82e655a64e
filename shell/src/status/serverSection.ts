import { RENDER_PAGE_OUTCOMES, RENDER_SERVER_METRICS_PATH, type RenderPageOutcome, type RenderServerMetrics } from '@wenrun/shared';
import { adminGet } from './adminAccess';
import { element, table } from './dom';

/** Every outcome a render server counts (the type makes a new one a compile error here until it is named). */
const OUTCOME_LABELS: Record<RenderPageOutcome, string> = {
  rendered: '完整渲染',
  slot_fallback: '有区域留给浏览器',
  timed_out: '超时',
  unavailable: '无法渲染',
  redirect: '重定向',
};

const isNamed = (outcome: string): outcome is RenderPageOutcome => Object.hasOwn(OUTCOME_LABELS, outcome);

/** A route's pattern as the console says it: `*` is every path no other route matches. */
const routeLabel = (route: string) => (route === '*' ? '其他路径（*）' : route);

/**
 * The render servers' own metrics (render time p95 per route, pages by outcome, slots left to the browser per remote
 * version, page cache hits), read by the API from their `/metrics` and handed on (reference-api/src/metrics).
 */
export async function serverSection(apiBaseUrl: string): Promise<Node[]> {
  const reply = await adminGet<RenderServerMetrics>(apiBaseUrl, RENDER_SERVER_METRICS_PATH);
  if ('problem' in reply) return [element('p', `服务器指标无法显示：${reply.problem}`, 'status-note')];
  const metrics = reply.data;
  const nodes: Node[] = [];
  const silent = metrics.servers.filter((server) => server.problem);
  if (!metrics.servers.length) nodes.push(element('p', '接口服务没有配置渲染服务器的指标地址（RENDER_METRICS_URLS）。'));
  for (const server of silent) nodes.push(element('p', `${server.url}：${server.problem}`, 'status-note'));
  if (!metrics.metricsFound) {
    nodes.push(element('p', '渲染服务器还没有提供渲染指标：升级到带 /metrics 的版本后，这里显示渲染耗时、失败和缓存命中率。'));
    return nodes;
  }
  // The outcomes in the servers' order, those none of them counted left out; one a newer server counts, by its name.
  const counted = new Set(metrics.routes.flatMap((route) => Object.keys(route.outcomes)));
  const outcomes = [...RENDER_PAGE_OUTCOMES.filter((outcome) => counted.has(outcome)), ...[...counted].filter((outcome) => !isNamed(outcome))];
  nodes.push(
    element('h3', '按路由：渲染耗时与结果（页数）'),
    metrics.routes.length
      ? table(
          ['路由', '渲染耗时 p95', ...outcomes.map((outcome) => (isNamed(outcome) ? OUTCOME_LABELS[outcome] : outcome))],
          metrics.routes.map((route) => [routeLabel(route.route), route.p95Ms === undefined ? undefined : `≤ ${route.p95Ms} ms`, ...outcomes.map((outcome) => route.outcomes[outcome] ?? 0)]),
        )
      : element('p', '渲染服务器启动以来还没有渲染过页面。'),
    element('h3', '服务器渲染失败、留给浏览器的区域（按模块版本）'),
    metrics.fallbacks.length ? table(['模块', '版本', '次数'], metrics.fallbacks.map((row) => [row.remote, row.version, row.count])) : element('p', '没有。'),
  );
  const lookups = metrics.cache.hits + metrics.cache.misses;
  nodes.push(element('p', lookups ? `页面缓存命中率：${((metrics.cache.hits / lookups) * 100).toFixed(1)}%（${metrics.cache.hits}/${lookups}）` : '页面缓存还没有被查询过。'));
  return nodes;
}
