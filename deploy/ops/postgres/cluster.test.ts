import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { clusterParentFolder, startCluster, type Cluster } from './cluster';
import { kernelFreePort, onFreePort } from './freePort';


async function answersAsSiteRole(cluster: Cluster): Promise<unknown> {
  const client = new pg.Client(cluster.url);
  await client.connect();
  try {
    const { rows } = await client.query<{ user: string; db: string }>('select current_user as user, current_database() as db');
    return rows[0];
  } finally {
    await client.end();
  }
}

test('a cluster of its own answers queries as the site role, and leaves nothing behind when stopped', async () => {
  const cluster = await startCluster();
  // In memory where there is room for it (/dev/shm on this machine).
  expect(path.dirname(cluster.folder)).toBe(clusterParentFolder());
  try {
    expect(await answersAsSiteRole(cluster)).toEqual({ user: 'wenrun', db: 'wenrun' });
  } finally {
    await cluster.stop();
  }
  expect(fs.existsSync(cluster.folder)).toBe(false);
  const refused = new pg.Client(cluster.url);
  await expect(refused.connect()).rejects.toThrow(/ECONNREFUSED/);
});

test('two runs on one machine start their clusters at once, each on a port of its own, and both answer', async () => {
  const clusters = await Promise.all([startCluster(), startCluster()]);
  try {
    expect(new Set(clusters.map((cluster) => cluster.port)).size).toBe(2);
    expect(await Promise.all(clusters.map(answersAsSiteRole))).toEqual([
      { user: 'wenrun', db: 'wenrun' },
      { user: 'wenrun', db: 'wenrun' },
    ]);
  } finally {
    await Promise.all(clusters.map((cluster) => cluster.stop()));
  }
});

test('a port taken between the kernel\'s answer and the server\'s bind is passed over for another', async () => {
  // Another socket takes the port the cluster was told first, as another run's cluster or a client's own end would.
  const taker = net.createServer();
  await new Promise<void>((resolve) => taker.listen(0, '127.0.0.1', resolve));
  const taken = (taker.address() as net.AddressInfo).port;
  const told: number[] = [];
  const pickPort = async () => {
    const port = told.length === 0 ? taken : await kernelFreePort('127.0.0.1');
    told.push(port);
    return port;
  };
  try {
    const cluster = await onFreePort((port) => startCluster({ port }), pickPort);
    try {
      expect(told[0]).toBe(taken);
      expect(told).toHaveLength(2);
      expect(cluster.port).toBe(told[1]);
      expect(await answersAsSiteRole(cluster)).toEqual({ user: 'wenrun', db: 'wenrun' });
    } finally {
      await cluster.stop();
    }
  } finally {
    await new Promise((resolve) => taker.close(resolve));
  }
});
