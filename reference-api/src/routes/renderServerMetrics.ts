import type { FastifyInstance } from 'fastify';
import { RENDER_SERVER_METRICS_PATH } from '@wenrun/shared/node';
import { readRenderServerMetrics } from '../metrics/renderServerMetrics';
import { ok } from '../envelope';

/**
 * The render servers' metrics for the ops console, read from their `/metrics` on loopback (`urls`, from the API's
 * environment, RENDER_METRICS_URLS): behind the admin token, and under `/__dev` in demo mode. Nobody can make the API
 * fetch any other address: the list is fixed at start.
 */
export function renderServerMetricsRoutes(app: FastifyInstance, urls: string[]): void {
  app.get(RENDER_SERVER_METRICS_PATH, async () => ok(await readRenderServerMetrics(urls)));
}
