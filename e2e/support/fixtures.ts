import net from 'node:net';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { holdRootNetworkShared, ROOT_NETWORK_LOCK } from '@wenrun/deploy/ops/hosts/rootNetwork';
import { NGINX_SITE_PORTS, startNginxSite, type NginxSite } from '@wenrun/deploy/ops/nginx/site';
import { WORKER_PORTS, workerPort } from './ports';
import { ARTIFACTS, ROOT, serveFolder } from './site';

/** How long the production form of the tests keeps its field-data summary (FIELD_SUMMARY_CACHE_MS). */
export const SUMMARY_CACHE_MS = 1_000;

/** Hosts started for a test (or a worker), each on a port of its worker's block, all stopped at its end. */
export interface Hosts {
  /** Serves `root` as `npm start` serves a part. */
  serve(root: string): Promise<{ origin: string; port: number }>;
  /** A black-holed host, the usual CDN outage: it accepts connections and never answers. */
  blackHole(): Promise<{ origin: string; port: number }>;
  /**
   * Any other server, started by `start` on the port it is given; `close` stops it (by default the server is closed
   * once its connections are ended).
   */
  listen(start: (port: number) => Promise<net.Server>, close?: () => Promise<void>): Promise<{ origin: string; port: number }>;
  /** `count` consecutive ports for servers the test runs in processes of its own, and stops itself. */
  ports(count: number): number[];
}

function blackHoleOn(port: number): Promise<net.Server> {
  return new Promise((resolve) => {
    const server = net.createServer(() => undefined);
    server.listen(port, () => resolve(server));
  });
}

/** Hosts on the ports `portOf(0)`, `portOf(1)` …, and how to stop them all. */
function hostsOn(portOf: (index: number) => number): { hosts: Hosts; stop: () => Promise<void> } {
  const sockets = new Set<net.Socket>();
  const closers: Array<() => Promise<void>> = [];
  /** The next free port, taken until the hosts stop; what listens there is closed by `closers[index]`. */
  const claim = (): { port: number; index: number } => {
    if (closers.length >= WORKER_PORTS.hosts) throw new Error(`每个 worker 最多 ${WORKER_PORTS.hosts} 个测试服务器`);
    const index = closers.push(async () => undefined) - 1;
    return { port: portOf(index), index };
  };
  const listen: Hosts['listen'] = async (start, close) => {
    const { port, index } = claim();
    const server = await start(port);
    closers[index] = close ?? (() => new Promise<void>((resolve) => server.close(() => resolve())));
    server.on('connection', (socket: net.Socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    return { origin: `http://localhost:${port}`, port };
  };
  // The test stops what listens there; sorted, since the worker's hosts count down.
  const ports: Hosts['ports'] = (count) => Array.from({ length: count }, () => claim().port).sort((a, b) => a - b);
  return {
    hosts: { serve: (root) => listen((port) => serveFolder(root, port)), blackHole: () => listen(blackHoleOn), listen, ports },
    // A server closes once its connections have ended: the browser's keep-alive ones, and the black hole's hung ones.
    stop: async () => {
      const closed = closers.map((close) => close());
      sockets.forEach((socket) => socket.destroy());
      await Promise.all(closed);
    },
  };
}

/**
 * Playwright's own way: the worker's ports derived from its index, the servers on them started by the test (or,
 * for a serial group that builds on what the one before left, the worker) that needs them, and stopped after it,
 * whatever it did. Tests count up from the first port of the block, the worker down from the last of the hosts' ports.
 */
/** A database password in the start script's environment, which the tests look for where it must not be. */
export const PLANTED_PGPASSWORD = 'planted-pgpassword-3f9c1e';

export const test = base.extend<
  { hosts: Hosts; steadyRootNetwork: boolean; rootNetworkHeld: undefined },
  { workerIndex: number; workerHosts: Hosts; nginxSite: NginxSite }
>({
  /** Set in a project whose browsers run beside the several-hosts form (playwright.config.ts). */
  steadyRootNetwork: [false, { option: true }],
  rootNetworkHeld: [
    async ({ steadyRootNetwork }, use) => {
      const file = process.env[ROOT_NETWORK_LOCK];
      if (!steadyRootNetwork || !file) return use(undefined);
      const held = await holdRootNetworkShared(file);
      try {
        await use(undefined);
      } finally {
        await held.release();
      }
    },
    { auto: true },
  ],
  workerIndex: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none.
    async ({}, use, workerInfo) => use(workerInfo.parallelIndex),
    { scope: 'worker' },
  ],
  workerHosts: [
    async ({ workerIndex }, use) => {
      const { hosts, stop } = hostsOn((index) => workerPort(workerIndex, WORKER_PORTS.hosts - 1 - index));
      await use(hosts);
      await stop();
    },
    { scope: 'worker' },
  ],
  /** The built site behind Debian's nginx over HTTPS with two render servers, on the ports after the hosts'. */
  nginxSite: [
    async ({ workerIndex }, use) => {
      const ports = Array.from({ length: NGINX_SITE_PORTS }, (_, index) => workerPort(workerIndex, WORKER_PORTS.hosts + index));
      const { site, stop } = await startNginxSite({
        root: ROOT,
        ports,
        siteDir: path.join(ARTIFACTS, `nginx-worker-${workerIndex}`),
        // Production makes the field-data summary at most once a minute; a test that needs one made after its
        // views (attacker-messages-and-statistics.spec.ts) would wait that minute out. A second keeps the cache, and
        // costs a second.
        // PGPASSWORD: what an operator's shell may hold; no process of the form but the database's users may get it
        // (attacker-prodform.spec.ts looks for it in the render servers' and nginx's environments).
        env: { FIELD_SUMMARY_CACHE_MS: String(SUMMARY_CACHE_MS), PGPASSWORD: PLANTED_PGPASSWORD },
      });
      await use(site);
      await stop();
    },
    // It starts nginx, the reference API and two render servers, one after another: on a busy machine, a while.
    { scope: 'worker', timeout: 150_000 },
  ],
  hosts: async ({ workerIndex }, use) => {
    const { hosts, stop } = hostsOn((index) => workerPort(workerIndex, index));
    await use(hosts);
    await stop();
  },
});

export { expect } from '@playwright/test';
