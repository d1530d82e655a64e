/**
 * The one PostgreSQL fixture of the Jest suites that need a cluster of their own (deploy/ops/coordination): the
 * cluster in issue 43's port range for them (the 20 after the data layer's, testPorts.ts), a client
 * on it, the coordination tables dropped before each test and a temporary folder for each. The suites of the
 * reference API share the run's cluster instead (testCluster.ts, Jest's global setup), each in a database of its own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startCluster, type Cluster } from './cluster';
import { testPort } from './testPorts';

const FIRST_PORT = testPort(50);
const PORTS_PER_SUITE = 3;

const SUITES = ['sharedConfig', 'configFollower', 'guardLease', 'activityChanges', 'abortOnce', 'deployDigests'] as const;
export type ClusterSuite = (typeof SUITES)[number];

/** What the coordination mechanisms keep: dropped before each test, so each starts from an empty database. */
const COORDINATION_TABLES = 'runtime_config, release_history, site_leases';

/**
 * Three ports a suite (six suites in the range's twenty), so suites running side by side never meet; a port something
 * else holds is passed over.
 */
async function startSuiteCluster(suite: ClusterSuite): Promise<Cluster> {
  const first = FIRST_PORT + SUITES.indexOf(suite) * PORTS_PER_SUITE;
  for (let port = first; ; port++) {
    try {
      return await startCluster({ port });
    } catch (error) {
      const taken = error instanceof Error && error.message.includes('Address already in use');
      if (!taken || port === first + PORTS_PER_SUITE - 1) throw error;
    }
  }
}

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
      cluster = await startSuiteCluster(suite);
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
