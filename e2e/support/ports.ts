import { REMOTE_PARTS, SHELL_PART } from '@wenrun/shared/node';

/** The site as `npm start` serves it: the origin of its pages, canonical links and sitemap in the tests. */
export const SITE_ORIGIN = `http://localhost:${SHELL_PART.port}`;

/** Ports the tests use beyond the site's own. */
export const E2E_PORTS = {
  /** Nothing ever listens here: a remote pointed at it is down (connection refused). */
  closed: 3019,
} as const;

/**
 * Servers a test starts for itself come from its worker's block of ports (Playwright's `parallelIndex`, 0 to
 * workers - 1), so no two workers collide: the first `hosts` ports for the tests' and the worker's own hosts,
 * then the ports of the worker's nginx site. The bench uses 3020-3039. Three workers on the 2-core machine
 * (e2e/README.md § Time), on 3040-3099, below the API's 3100.
 */
export const WORKER_PORTS = { first: 3040, perWorker: 20, hosts: 10, workers: 3 } as const;

export function workerPort(parallelIndex: number, slot: number): number {
  if (slot >= WORKER_PORTS.perWorker) throw new Error(`worker ${parallelIndex} 的端口已用完（每个 worker ${WORKER_PORTS.perWorker} 个）`);
  return WORKER_PORTS.first + parallelIndex * WORKER_PORTS.perWorker + slot;
}

const WORKER_PORT_RANGE = Array.from({ length: WORKER_PORTS.workers * WORKER_PORTS.perWorker }, (_, i) => WORKER_PORTS.first + i);

const SITE_PORTS = [SHELL_PART.port, ...Object.values(REMOTE_PARTS).map((part) => part.port)];

/** The site's parts and the API accept CORS reads (and the API form posts) from the test servers' origins too. */
export const E2E_SITE_ORIGINS = [
  ...SITE_PORTS.flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]),
  // A worker's hosts over HTTP, its nginx site over HTTPS.
  ...WORKER_PORT_RANGE.flatMap((port) => [`http://localhost:${port}`, `https://localhost:${port}`]),
];
