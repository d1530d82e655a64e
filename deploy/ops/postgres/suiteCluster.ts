/**
 * The one PostgreSQL fixture of the Jest suites that need a cluster of their own (deploy/ops/coordination): the
 * cluster (on a port the kernel has free, cluster.ts), a client on it, the coordination tables dropped before each
 * test and a temporary folder for each, named after the suite. The suites of the reference API share the run's
 * cluster instead (testCluster.ts, Jest's global setup), each in a database of its own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startCluster, type Cluster } from './cluster';

/** The suites of the fixture; each names its temporary folders. */
export type ClusterSuite = 'sharedConfig' | 'configFollower' | 'guardLease' | 'activityChanges' | 'abortOnce' | 'deployDigests';

/** What the coordination mechanisms keep: dropped before each test, so each starts from an empty database. */
const COORDINATION_TABLES = 'runtime_config, release_history, site_leases';

/** The suite's cluster, a client on it, and this test's temporary folder (empty, removed after the test). */
export interface PostgresSuite {
  readonly cluster: Cluster;
  readonly client: pg.Client;
  readonly dir: string;
}

/**
 * `describe(title, body)` with the suite's cluster. Its hooks surround the body's: the body's `afterEach` and
 * `afterAll` (stopping the processes and connections it started) run before the folder is removed and the cluster
 * stopped.
 */
export function describeWithPostgres(title: string, suite: ClusterSuite, body: (postgres: PostgresSuite) => void): void {
  describe(title, () => {
    let cluster: Cluster | undefined;
    let client: pg.Client | undefined;
    let dir: string | undefined;
    const need = <T>(value: T | undefined, what: string): T => {
      if (value === undefined) throw new Error(`${what} 只在测试里可用（beforeAll 之后）`);
      return value;
    };
    const postgres: PostgresSuite = {
      get cluster() {
        return need(cluster, 'cluster');
      },
      get client() {
        return need(client, 'client');
      },
      get dir() {
        return need(dir, 'dir');
      },
    };

    beforeAll(async () => {
      cluster = await startCluster();
      client = new pg.Client(cluster.url);
      await client.connect();
    }, 60_000);
    beforeEach(async () => {
      await postgres.client.query(`DROP TABLE IF EXISTS ${COORDINATION_TABLES}`);
      dir = fs.mkdtempSync(path.join(os.tmpdir(), `${suite}-`));
    });

    body(postgres);

    afterEach(() => {
      if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
    });
    afterAll(async () => {
      await client?.end();
      await cluster?.stop();
    });
  });
}
