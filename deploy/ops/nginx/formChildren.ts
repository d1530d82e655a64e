/**
 * The Node processes the production form supervises beside nginx, as the supervisor of `npm start` runs them: the
 * reference API, the canary guard, the coordination processes of several hosts and the render servers, each as its
 * user of accounts.ts when started as root.
 */
import { coordinationProcesses } from '../../serve/siteProcesses';
import type { ChildSpec } from '../../serve/supervisor';
import { API_SETTINGS_ENV, DATABASE_ENV, RENDER_ENV } from '../../serve/childEnv';
import { runAs, SECRETS_UNSET, type FormSecrets, type NodeAccounts } from './accounts';
import { formGuard, type FormGuardOptions } from './formGuard';

export interface FormChildrenInputs {
  accounts: NodeAccounts | undefined;
  secrets: FormSecrets;
  /** Another API stands behind this nginx (`--upstream`): the reference API is not started. */
  otherApi: boolean;
  referenceApiPort: number;
  /** The reference API's SQLite file, or the shared database's address of several hosts (`DATABASE_URL`). */
  database: string;
  databaseUrl: string | undefined;
  /** The shell's origin, and the remotes': the origins the API answers. */
  siteOrigin: string;
  remoteOrigins: string[];
  renderPorts: number[];
  shellRoot: string;
  runtimeConfigFile: string;
  /** The site's certificate, which the render servers trust to fetch through nginx. */
  certificate: string | undefined;
  /** The guard's options (formGuard.ts `formGuarding`); none when it is not started. */
  guard: Omit<FormGuardOptions, 'coordination'> | undefined;
  /** The coordination login of several hosts (siteProcesses.ts `coordinationLogin`). */
  coordination: { DATABASE_URL: string; DATABASE_PASSWORD_FILE?: string } | undefined;
}

/**
 * The reference API in production mode: it trusts this nginx (and nothing else) to say who the visitor is, and
 * answers the site's own origins.
 */
function referenceApi({ accounts, secrets, referenceApiPort, database, databaseUrl, siteOrigin, remoteOrigins, renderPorts }: FormChildrenInputs): ChildSpec {
  return {
    name: 'reference-api',
    entry: 'reference-api/src/main.ts',
    readyUrl: `http://127.0.0.1:${referenceApiPort}/healthz`,
    ...runAs(accounts?.api),
    // The operator's limits, and the database's password when the shell holds it: no other variable of it.
    inherit: [...API_SETTINGS_ENV, ...DATABASE_ENV],
    env: {
      ...SECRETS_UNSET,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ADMIN_TOKEN_FILE: secrets.adminTokenFile,
      SERVICE_TOKEN_FILE: secrets.serviceTokenFile,
      API_MODE: 'production',
      PORT: String(referenceApiPort),
      HOST: '127.0.0.1',
      // nginx's address, and the secret nginx sends: another process from 127.0.0.1 names no visitor.
      TRUST_PROXY: '127.0.0.1',
      PROXY_SECRET_FILE: secrets.proxySecretFile,
      DATABASE_PATH: database,
      SITE_ORIGINS: [siteOrigin, ...remoteOrigins].join(','),
      RENDER_METRICS_URLS: renderPorts.map((renderPort) => `http://127.0.0.1:${renderPort}/metrics`).join(','),
    },
  };
}

/** The config follower and the activity relay on the site's PostgreSQL, as the API's user. */
function coordinationChildren({ coordination, runtimeConfigFile, renderPorts, accounts }: FormChildrenInputs): ChildSpec[] {
  if (!coordination) return [];
  const renderServers = renderPorts.map((renderPort) => `http://127.0.0.1:${renderPort}`);
  return coordinationProcesses({ runtimeConfigFile, renderServers, databaseUrl: coordination.DATABASE_URL, env: { ...SECRETS_UNSET, ...coordination } }).map((child) => ({
    ...child,
    ...runAs(accounts?.api),
  }));
}

/**
 * The render server instances nginx balances over, on this site's config (its origins, its API), supervised like
 * npm start's processes: one that dies is started again.
 */
function renderServers({ renderPorts, accounts, secrets, shellRoot, runtimeConfigFile, siteOrigin, certificate }: FormChildrenInputs): ChildSpec[] {
  return renderPorts.map((renderPort, index) => ({
    name: `render-server-${index + 1}`,
    entry: 'render-server/src/server/main.ts',
    readyUrl: `http://127.0.0.1:${renderPort}/healthz`,
    // The remotes' code runs here: a user that reads no database, no token file, no key.
    ...runAs(accounts?.render),
    // The remotes' code runs here and reads /proc/self/environ: its environment holds no secret (only the
    // variables childEnv.ts lists, and these). Its own credential, which the API knows it by (never the admin
    // token), comes on its standard input.
    inherit: RENDER_ENV,
    stdin: secrets.serviceToken,
    env: {
      SERVICE_CREDENTIAL_STDIN: '1',
      PORT: String(renderPort),
      HOST: '127.0.0.1',
      SHELL_DIR: shellRoot,
      RUNTIME_CONFIG_FILE: runtimeConfigFile,
      SITE_URL: siteOrigin,
      // It reads the remotes and the API through this nginx: it trusts the certificate nginx shows.
      ...(certificate ? { NODE_EXTRA_CA_CERTS: certificate } : {}),
    },
  }));
}

/** Every process the form supervises, in the order the supervisor starts them. */
export function formChildren(inputs: FormChildrenInputs): ChildSpec[] {
  const { otherApi, guard, coordination, accounts } = inputs;
  return [
    ...(otherApi ? [] : [referenceApi(inputs)]),
    ...(guard ? [{ ...formGuard({ ...guard, ...(coordination ? { coordination } : {}) }), ...runAs(accounts?.api) }] : []),
    ...coordinationChildren(inputs),
    ...renderServers(inputs),
  ];
}
