import net from 'node:net';
import { test as base } from '@playwright/test';
import { workerPort } from './ports';
import { serveFolder } from './site';

/** Hosts a test starts, each on the next port of its worker's block, all stopped when the test ends. */
export interface Hosts {
  /** Serves `root` as `npm start` serves a part. */
  serve(root: string): Promise<{ origin: string; port: number }>;
  /** A black-holed host, the usual CDN outage: it accepts connections and never answers. */
  blackHole(): Promise<{ origin: string; port: number }>;
}

/**
 * Playwright's own way: the worker's ports derived from its index (worker-scoped), the servers on them started
 * by the test that needs them and stopped after it, whatever it did.
 */
export const test = base.extend<{ hosts: Hosts }, { workerIndex: number }>({
  workerIndex: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none.
    async ({}, use, workerInfo) => use(workerInfo.parallelIndex),
    { scope: 'worker' },
  ],
  hosts: async ({ workerIndex }, use) => {
    const sockets = new Set<net.Socket>();
    const servers: net.Server[] = [];
    const listening = async (start: (port: number) => Promise<net.Server>) => {
      const port = workerPort(workerIndex, servers.length);
      const server = await start(port);
      server.on('connection', (socket: net.Socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      servers.push(server);
      return { origin: `http://localhost:${port}`, port };
    };
    await use({
      serve: (root) => listening((port) => serveFolder(root, port)),
      blackHole: () =>
        listening(
          (port) =>
            new Promise<net.Server>((resolve) => {
              const server = net.createServer(() => undefined);
              server.listen(port, () => resolve(server));
            }),
        ),
    });
    // A server closes once its connections have ended: the browser's keep-alive ones, and the black hole's hung ones.
    const closed = servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())));
    sockets.forEach((socket) => socket.destroy());
    await Promise.all(closed);
  },
});

export { expect } from '@playwright/test';
