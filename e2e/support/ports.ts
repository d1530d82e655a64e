import { REMOTE_PARTS, SHELL_PART } from '../../shared/src/config/parts';

/** The site as `npm start` serves it: the origin of its pages, canonical links and sitemap in the tests. */
export const SITE_ORIGIN = `http://localhost:${SHELL_PART.port}`;

/** Ports the tests use for extra servers (copies of a part, a second build); nothing else listens there. */
export const E2E_PORTS = {
  /** A render server whose API is down, and a shell copy in front of it. */
  downApiRender: 3006,
  downApiShell: 3007,
  /** The built site served by Debian's nginx (deploy/nginx), each part on its own origin, and its API proxy. */
  nginxShell: 3020,
  nginxHeader: 3021,
  nginxAbout: 3022,
  nginxAuth: 3023,
  nginxWuyou: 3024,
  nginxApi: 3025,
  /** The render server instances behind that nginx, and its plain-HTTP port (a redirect to HTTPS). */
  nginxRender1: 3027,
  nginxRender2: 3028,
  nginxHttp: 3029,
  /** Nothing ever listens here: a remote pointed at it is down (connection refused). */
  closed: 3019,
} as const;

/**
 * Servers a test starts for itself come from its worker's block of ports (Playwright's `parallelIndex`, 0 to
 * workers - 1), so two workers never collide. The bench uses 3030-3039.
 */
export const WORKER_PORTS = { first: 3040, perWorker: 10, workers: 2 } as const;

export function workerPort(parallelIndex: number, slot: number): number {
  if (slot >= WORKER_PORTS.perWorker) throw new Error(`worker ${parallelIndex} 的端口已用完（每个 worker ${WORKER_PORTS.perWorker} 个）`);
  return WORKER_PORTS.first + parallelIndex * WORKER_PORTS.perWorker + slot;
}

const WORKER_PORT_RANGE = Array.from({ length: WORKER_PORTS.workers * WORKER_PORTS.perWorker }, (_, i) => WORKER_PORTS.first + i);

/** Where the nginx of the tests writes its self-signed certificate, for the tests to trust it. */
export const NGINX_TLS_DIR = 'e2e/.artifacts/nginx-tls';

const ALL_PORTS = [SHELL_PART.port, ...Object.values(REMOTE_PARTS).map((part) => part.port), ...Object.values(E2E_PORTS)];

/**
 * The site's parts accept CORS reads from the test servers' origins too (nginx's over HTTPS; a worker's servers
 * over plain HTTP on localhost). Kept short: the list also goes into the CSP header, and Node's HTTP client refuses
 * answers whose headers pass 16 KB.
 */
export const E2E_SITE_ORIGINS = [
  ...ALL_PORTS.flatMap((port) => ['http', 'https'].flatMap((scheme) => [`${scheme}://localhost:${port}`, `${scheme}://127.0.0.1:${port}`])),
  ...WORKER_PORT_RANGE.map((port) => `http://localhost:${port}`),
];
