import { guardProcess } from '../../serve/siteProcesses';
import type { ChildSpec } from '../../serve/supervisor';
import { SECRETS_UNSET } from './accounts';

export interface FormGuardOptions {
  runtimeConfigFile: string;
  /** nginx's API origin (https:), as this start script serves it: never the served config's, which the guard rewrites. */
  apiOrigin: string;
  /** The form's admin token file (the operator's token, or one made for this run). */
  adminTokenFile: string;
  /** The site's certificate, which nginx shows. */
  certificate: string;
  /** The coordination login of several hosts (siteProcesses.ts `coordinationLogin`). */
  coordination?: NodeJS.ProcessEnv;
  metricsPort: number;
}

/**
 * The production form's canary guard, on the served config, with the form's admin token file. It reads the field
 * data through nginx's API origin over TLS, trusting the site's certificate, and never from the API's loopback port
 * over plain HTTP (issue 51): while the API restarts that port is free, and any local user (a remote's code in a
 * render server) could take it and be handed the token; nginx's port too, but no local user holds the site's key.
 * It asks each entry's version.json before it aborts through this nginx as well.
 */
export function formGuard({ runtimeConfigFile, apiOrigin, adminTokenFile, certificate, coordination, metricsPort }: FormGuardOptions): ChildSpec {
  return guardProcess(runtimeConfigFile, {
    fieldDataUrl: apiOrigin,
    env: { ...SECRETS_UNSET, ...coordination, ADMIN_TOKEN_FILE: adminTokenFile, NODE_EXTRA_CA_CERTS: certificate },
    metricsPort,
  });
}

/**
 * The status command as the start prints it: the served config, and the figures through nginx's API origin over TLS
 * with the site's certificate, where the guard reads them; never an address the config names.
 */
export function statusCommand({ runtimeConfigFile, apiOrigin, adminTokenFile, certificate }: Omit<FormGuardOptions, 'coordination' | 'metricsPort'>): string {
  return `ADMIN_TOKEN_FILE=${adminTokenFile} NODE_EXTRA_CA_CERTS=${certificate} npm run release -- status --config ${runtimeConfigFile} --field-data ${apiOrigin}`;
}
