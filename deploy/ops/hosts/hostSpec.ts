/** What hosts.ts tells host.ts, and host.ts answers (apart from host.ts, which runs when imported). */
import type { NginxSiteOptions } from '../nginx/site';

export interface HostSpec {
  name: string;
  ports: number[];
  siteDir: string;
  tls: NonNullable<NginxSiteOptions['tls']>;
  balancer: NonNullable<NginxSiteOptions['balancer']>;
  databaseUrl: string;
  adminToken: string;
  unlimitedClients: string[];
}

/** What the host says once it answers: where its files are, for the tests and the operator. */
export interface HostReady {
  runtimeConfigFile: string;
  logFile: string;
}

export const READY_PREFIX = 'READY ';
