import { SERVER_FIGURES_PATH, type ServerFigures } from '@wenrun/shared';
import { adminGet } from './adminAccess';
import { element, table } from './dom';

const OUTCOME_LABELS: Record<string, string> = { rendered: '已渲染', fallback: '回退', failed: '失败', timeout: '超时' };

/**
 * The render servers' own figures (render time p95 per route, pages by outcome, slots left to the browser per remote
 * version, page cache hits), read by the API from their `/metrics` and handed on (reference-api/src/metrics).
 */
export async function serverFigures(apiBaseUrl: string): Promise<Node[]> {
  const reply = await adminGet<ServerFigures>(apiBaseUrl, SERVER_FIGURES_PATH);
  if ('problem' in reply) return [element('p', `服务器指标无法显示：${reply.problem}`, 'status-note')];
  const figures = reply.data;
  const nodes: Node[] = [];
  const silent = figures.servers.filter((server) => server.problem);
  if (!figures.servers.length) nodes.push(element('p', '接口服务没有配置渲染服务器的指标地址（RENDER_METRICS_URLS）。'));
  for (const server of silent) nodes.push(element('p', `${server.url}：${server.problem}`, 'status-note'));
  if (!figures.metricsFound) {
    nodes.push(element('p', '渲染服务器还没有提供渲染指标：升级到带 /metrics 的版本后，这里显示渲染耗时、失败和缓存命中率。'));
    return nodes;
  }
  const outcomes = [...new Set(figures.routes.flatMap((route) => Object.keys(route.outcomes)))];
  nodes.push(
    element('h3', '按路由'),
    table(
      ['路由', '渲染耗时 p95', ...outcomes.map((outcome) => OUTCOME_LABELS[outcome] ?? outcome)],
      figures.routes.map((route) => [route.route, route.p95Ms === undefined ? undefined : `≤ ${route.p95Ms} ms`, ...outcomes.map((outcome) => route.outcomes[outcome] ?? 0)]),
    ),
    element('h3', '服务器渲染失败、留给浏览器的区域（按模块版本）'),
    figures.fallbacks.length ? table(['模块', '版本', '次数'], figures.fallbacks.map((row) => [row.remote, row.version, row.count])) : element('p', '没有。'),
  );
  const lookups = figures.cache.hits + figures.cache.misses;
  nodes.push(element('p', lookups ? `页面缓存命中率：${((figures.cache.hits / lookups) * 100).toFixed(1)}%（${figures.cache.hits}/${lookups}）` : '页面缓存还没有被查询过。'));
  return nodes;
}
