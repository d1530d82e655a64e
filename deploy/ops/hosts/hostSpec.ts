/** What hosts.ts tells host.ts, and host.ts answers (apart from host.ts, which runs when imported). */
import type { NginxSiteOptions } from '../nginx/site';
import type { DatabaseLogin, SiteRole } from './databaseRoles';

export interface HostSpec {
  name: string;
  ports: number[];
  siteDir: string;
  tls: NonNullable<NginxSiteOptions['tls']>;
  balancer: NonNullable<NginxSiteOptions['balancer']>;
  /** Each PostgreSQL role's login (databaseRoles.ts), its password in a file only the API's user reads. */
  database: Record<SiteRole, DatabaseLogin>;
  adminToken: string;
  unlimitedClients: string[];
}

/** What the host says once it answers: where its files are, for the tests and the operator. */
export interface HostReady {
  runtimeConfigFile: string;
  logFile: string;
  /** The API role's password file (the tests read it as root, as a leak would hand it over). */
  apiPasswordFile: string;
}

export const READY_PREFIX = 'READY ';
