import net from 'node:net';
import { test as base } from '@playwright/test';
import { WORKER_PORTS, workerPort } from './ports';
import { serveFolder } from './site';

/** Hosts started for a test (or a worker), each on a port of its worker's block, all stopped at its end. */
export interface Hosts {
  /** Serves `root` as `npm start` serves a part. */
  serve(root: string): Promise<{ origin: string; port: number }>;
  /** A black-holed host, the usual CDN outage: it accepts connections and never answers. */
  blackHole(): Promise<{ origin: string; port: number }>;
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
  const servers: net.Server[] = [];
  const listening = async (start: (port: number) => Promise<net.Server>) => {
    const port = portOf(servers.length);
    const server = await start(port);
    server.on('connection', (socket: net.Socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    servers.push(server);
    return { origin: `http://localhost:${port}`, port };
  };
  return {
    hosts: { serve: (root) => listening((port) => serveFolder(root, port)), blackHole: () => listening(blackHoleOn) },
    // A server closes once its connections have ended: the browser's keep-alive ones, and the black hole's hung ones.
    stop: async () => {
      const closed = servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())));
      sockets.forEach((socket) => socket.destroy());
      await Promise.all(closed);
    },
  };
}

/**
 * Playwright's own way: the worker's ports derived from its index, the servers on them started by the test (or,
 * for a serial group that builds on what the one before left, the worker) that needs them, and stopped after it,
 * whatever it did. Tests count up from the first port of the block, the worker down from the last.
 */
export const test = base.extend<{ hosts: Hosts }, { workerIndex: number; workerHosts: Hosts }>({
  workerIndex: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none.
    async ({}, use, workerInfo) => use(workerInfo.parallelIndex),
    { scope: 'worker' },
  ],
  workerHosts: [
    async ({ workerIndex }, use) => {
      const { hosts, stop } = hostsOn((index) => workerPort(workerIndex, WORKER_PORTS.perWorker - 1 - index));
      await use(hosts);
      await stop();
    },
    { scope: 'worker' },
  ],
  hosts: async ({ workerIndex }, use) => {
    const { hosts, stop } = hostsOn((index) => workerPort(workerIndex, index));
    await use(hosts);
    await stop();
  },
});

export { expect } from '@playwright/test';
