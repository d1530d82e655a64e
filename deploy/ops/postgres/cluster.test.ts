import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { clusterParentFolder, startCluster } from './cluster';
import { testPort } from './testPorts';

// A port of its own, clear of the site's and of the other suites' (Jest runs files side by side).
const PORT = testPort(Number(process.env.JEST_WORKER_ID ?? 1) % 49);

jest.setTimeout(30_000);

test('a cluster of its own answers queries as the site role, and leaves nothing behind when stopped', async () => {
  const cluster = await startCluster({ port: PORT });
  // In memory where there is room for it (/dev/shm on this machine).
  expect(path.dirname(cluster.folder)).toBe(clusterParentFolder());
  try {
    const client = new pg.Client(cluster.url);
    await client.connect();
    const { rows } = await client.query<{ user: string; db: string }>('select current_user as user, current_database() as db');
    expect(rows[0]).toEqual({ user: 'wenrun', db: 'wenrun' });
    await client.end();
  } finally {
    await cluster.stop();
  }
  expect(fs.existsSync(cluster.folder)).toBe(false);
  const refused = new pg.Client(cluster.url);
  await expect(refused.connect()).rejects.toThrow(/ECONNREFUSED/);
});
