import type { FastifyInstance } from 'fastify';
import { SERVER_FIGURES_PATH } from '@wenrun/shared/node';
import { readServerFigures } from '../metrics/serverFigures';
import { ok } from '../envelope';

/**
 * The render servers' figures for the ops console, read from their `/metrics` on loopback (`urls`, from the API's
 * environment, RENDER_METRICS_URLS): behind the admin token, and under `/__dev` in demo mode. Nobody can make the API
 * fetch any other address: the list is fixed at start.
 */
export function serverFigureRoutes(app: FastifyInstance, urls: string[]): void {
  app.get(SERVER_FIGURES_PATH, async () => ok(await readServerFigures(urls)));
}
