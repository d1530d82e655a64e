/**
 * A cluster for one of this folder's suites, in issue 43's port range for them (55450–55469): four ports a suite,
 * so suites running side by side never meet, and a port something else holds at that moment is passed over.
 */
import { startCluster, type Cluster } from '../postgres/cluster';
import { testPort } from '../postgres/testPorts';

const FIRST_PORT = testPort(55_450);
const PORTS_PER_SUITE = 4;

const SUITES = ['sharedConfig', 'configFollower', 'guardLease', 'activityChanges', 'abortOnce'] as const;

export async function suiteCluster(suite: (typeof SUITES)[number]): Promise<Cluster> {
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
