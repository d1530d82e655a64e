/**
 * The processes a host runs beside its servers when the site keeps its shared state in PostgreSQL: the config
 * follower and the activity relay, as children of a supervisor (`../nginx/start.ts`). The guard is the host's own
 * (`guardProcess`): given the same `DATABASE_URL`, it waits for the site's lease.
 */
import type { ChildSpec } from '../../serve/supervisor';

export interface CoordinationOptions {
  runtimeConfigFile: string;
  /** This host's render servers, each by its own address. */
  renderServers: string[];
  /** Given to these children alone: the render servers, which run the remotes' code, never get it. */
  databaseUrl: string;
  env?: NodeJS.ProcessEnv;
}

export function coordinationProcesses({ runtimeConfigFile, renderServers, databaseUrl, env }: CoordinationOptions): ChildSpec[] {
  const childEnv = { ...env, DATABASE_URL: databaseUrl };
  return [
    { name: 'config-follower', entry: 'deploy/ops/coordination/configFollowerMain.ts', args: ['--config', runtimeConfigFile], env: childEnv },
    { name: 'activity-relay', entry: 'deploy/ops/coordination/activityRelayMain.ts', args: ['--render-servers', renderServers.join(',')], env: childEnv },
  ];
}
