import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

export interface MetricsOptions {
  /** Which server this is (`shell`, `render`, `api`…): a label on every series, so one Prometheus tells them apart. */
  server: string;
  /**
   * The route a request counts under. A label must come from a short, fixed list: the raw path would make one
   * series per URL a client invents. Fastify's own pattern (`/search/:key`) by default, `unmatched` for none.
   */
  routeOf?: (request: FastifyRequest) => string;
  /**
   * What `/metrics` is when asked through a proxy (the site in front says whom it forwards for): the page or 404
   * the path would otherwise get. Figures are the operators'; a visitor reading them learns the site's routes,
   * versions and load.
   */
  whenProxied?: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's metrics: its own counters are registered here, beside the requests' and Node's. */
    metrics: Registry;
  }
}

/** Latency buckets (seconds) from a file sent at once to a page rendered slowly; the page budget is 3 s. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const METRICS_PATH = '/metrics';

function fastifyRoute(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/** Proxies in front of our servers (the shell's part server, nginx) always name the visitor they forward for. */
export function isProxied(request: FastifyRequest): boolean {
  return request.headers['x-forwarded-for'] !== undefined;
}

/**
 * Every server's figures in Prometheus's text format at `/metrics`, on the server's own port only: requests by route
 * and status with their latency, and Node's own (event-loop delay, heap, GC). One registry per server, never
 * prom-client's global one, so two servers in one process (the tests) keep apart.
 */
const metricsPlugin: FastifyPluginAsync<MetricsOptions> = async (app, { server, routeOf = fastifyRoute, whenProxied }) => {
  const registry = new Registry();
  registry.setDefaultLabels({ server });
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: '回答的请求数，按路由、方法和状态码',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: '从收到请求到回答完毕的时间（秒），按路由和状态类别',
    labelNames: ['route', 'status_class'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.decorate('metrics', registry);

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url === METRICS_PATH ? METRICS_PATH : routeOf(request);
    requests.inc({ route, method: request.method, status: String(reply.statusCode) });
    latency.observe({ route, status_class: `${Math.floor(reply.statusCode / 100)}xx` }, reply.elapsedTime / 1000);
  });

  app.get(METRICS_PATH, async (request, reply) => {
    if (isProxied(request)) {
      if (whenProxied) return whenProxied(request, reply);
      return reply.callNotFound();
    }
    return reply.type(registry.contentType).header('Cache-Control', 'no-store').send(await registry.metrics());
  });
};

export const metrics = fp(metricsPlugin, { name: 'metrics', fastify: '5.x' });
