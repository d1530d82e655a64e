/**
 * A cluster for one of this folder's suites, in issue 43's port range for them (55450–55469): three ports a suite,
 * so suites running side by side never meet, and a port something else holds at that moment is passed over.
 */
import pg from 'pg';
import { startCluster, type Cluster } from '../postgres/cluster';
import { testPort } from '../postgres/testPorts';

const FIRST_PORT = testPort(55_450);
const PORTS_PER_SUITE = 3;

const SUITES = ['sharedConfig', 'configFollower', 'guardLease', 'activityChanges', 'abortOnce', 'deployDigests'] as const;

type Suite = (typeof SUITES)[number];

export async function suiteCluster(suite: Suite): Promise<Cluster> {
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

/** For a whole suite: its cluster and a client on it, the shared config's tables dropped before each test. */
export function sharedConfigDatabase(suite: Suite): { cluster: () => Cluster; client: () => pg.Client } {
  let cluster: Cluster | undefined;
  let client: pg.Client | undefined;
  beforeAll(async () => {
    cluster = await suiteCluster(suite);
    client = new pg.Client(cluster.url);
    await client.connect();
  }, 60_000);
  afterAll(async () => {
    await client?.end();
    await cluster?.stop();
  });
  beforeEach(async () => {
    await client?.query('DROP TABLE IF EXISTS runtime_config, release_history, site_leases');
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('集群还没有启动');
    return value;
  };
  return { cluster: () => started(cluster), client: () => started(client) };
}
