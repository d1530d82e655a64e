import type http from 'node:http';
import { test as base } from '@playwright/test';
import { workerPort } from './ports';
import { closeServer, serveFolder } from './site';

/** Folders served like `npm start` serves a part, each on the next port of this worker's block. */
export interface FolderServers {
  /** Serves `root` and gives its origin, `http://localhost:{port}`. */
  serve(root: string): Promise<{ origin: string; port: number }>;
}

/**
 * Playwright's own way: servers as worker-scoped fixtures, their ports derived from the worker's index, stopped
 * when the worker ends, whatever the tests did.
 */
export const test = base.extend<object, { folders: FolderServers }>({
  folders: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none.
    async ({}, use, workerInfo) => {
      const servers: http.Server[] = [];
      await use({
        async serve(root) {
          const port = workerPort(workerInfo.parallelIndex, servers.length);
          servers.push(await serveFolder(root, port));
          return { origin: `http://localhost:${port}`, port };
        },
      });
      await Promise.all(servers.map(closeServer));
    },
    { scope: 'worker' },
  ],
});

export { expect } from '@playwright/test';
