import path from 'node:path';
import {
  API_PORT,
  listenHost,
  listensBeyondLoopback,
  REMOTE_PARTS,
  RENDER_PORT,
  SHELL_PART,
} from '@wenrun/shared/node';
import type { ChildSpec } from './supervisor';
import { API_SETTINGS_ENV, DATABASE_ENV, DEMO_API_ENV, GUARD_ENV, RENDER_ENV, SITE_ENV } from './childEnv';

/** Each served part: its name for partMain's `--part`, its folder, its port. */
export const SERVED_PARTS = [
  { name: 'shell', folder: SHELL_PART.folder, port: SHELL_PART.port },
  ...Object.entries(REMOTE_PARTS).map(([name, part]) => ({ name, folder: part.folder, port: part.port })),
];

/** Where the site's processes listen, and where the parts' builds are. */
export interface SiteLayout {
  /** Each served part's port, by its name in SERVED_PARTS. */
  parts: Readonly<Record<string, number>>;
  render: number;
  api: number;
  /** The folder that holds each part's build as `<builds>/<folder>`; without it, each part's own `dist/`. */
  builds?: string;
}

/** The parts table's ports, each part's own `dist/`: what `npm start` serves. */
export const DEFAULT_LAYOUT: SiteLayout = {
  parts: Object.fromEntries(SERVED_PARTS.map((part) => [part.name, part.port])),
  render: RENDER_PORT,
  api: API_PORT,
};

/**
 * The site on the ports from `first` on, in the table's order (the parts, the render server, the API), so a second
 * copy (a test's `npm run dev`) can run beside `npm start`.
 */
export function layoutFrom(first: number, builds?: string): SiteLayout {
  return {
    parts: Object.fromEntries(SERVED_PARTS.map((part, index) => [part.name, first + index])),
    render: first + SERVED_PARTS.length,
    api: first + SERVED_PARTS.length + 1,
    ...(builds ? { builds } : {}),
  };
}

/** The port of a served part in a layout. */
export function partPort(layout: SiteLayout, name: string): number {
  const port = layout.parts[name];
  if (port === undefined) throw new Error(`布局中没有 ${name} 的端口`);
  return port;
}

/**
 * Every process of the site, in the order they start: the parts and the API together (none needs another to
 * start), then the render server, which reads the parts' stylesheets as it starts. The API in demo mode: `npm start`
 * and `npm run dev` are the demo form (deploy/serve/start.ts says so at start).
 */
export function siteProcesses(layout: SiteLayout = DEFAULT_LAYOUT): ChildSpec[] {
  const builds = layout.builds ? ['--builds', layout.builds] : [];
  return [
    ...SERVED_PARTS.map((part, index) => ({
      ...(index > 0 ? { together: true } : {}),
      name: part.folder,
      entry: 'deploy/serve/partMain.ts',
      args: ['--part', part.name, '--port', String(partPort(layout, part.name)), '--render-port', String(layout.render), ...builds],
      readyUrl: `http://127.0.0.1:${partPort(layout, part.name)}/`,
      inherit: [...SITE_ENV, ...RENDER_ENV],
    })),
    {
      name: 'reference-api',
      together: true,
      entry: 'reference-api/src/main.ts',
      env: { PORT: String(layout.api), API_MODE: 'demo', RENDER_METRICS_URLS: `http://127.0.0.1:${layout.render}/metrics` },
      inherit: [...SITE_ENV, ...API_SETTINGS_ENV, ...DEMO_API_ENV],
      readyUrl: `http://127.0.0.1:${layout.api}/healthz`,
    },
    {
      name: 'render-server',
      entry: 'render-server/src/server/main.ts',
      // The remotes' code runs here: its addresses and timings from this environment, no credential.
      env: { PORT: String(layout.render), ...(layout.builds ? { SHELL_DIR: path.join(layout.builds, SHELL_PART.folder) } : {}) },
      inherit: [...SITE_ENV, ...RENDER_ENV],
      readyUrl: `http://127.0.0.1:${layout.render}/healthz`,
    },
  ];
}

/** `DATABASE_URL` when it names PostgreSQL: the site keeps its shared state there; otherwise files, as on one machine. */
export function sharedDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const url = env.DATABASE_URL;
  return url && /^postgres(ql)?:\/\//.test(url) ? url : undefined;
}

/**
 * The login of what coordinates the hosts (the guard, the config follower, the activity relay): a role of its own when
 * the site gives one (`COORDINATION_DATABASE_URL`, its password file `COORDINATION_DATABASE_PASSWORD_FILE`: the several-hosts
 * form's, deploy/ops/hosts), else the shared database's; none without PostgreSQL.
 */
export function coordinationLogin(env: NodeJS.ProcessEnv = process.env): { DATABASE_URL: string; DATABASE_PASSWORD_FILE?: string } | undefined {
  const own = sharedDatabaseUrl({ DATABASE_URL: env.COORDINATION_DATABASE_URL });
  if (own) return { DATABASE_URL: own, ...(env.COORDINATION_DATABASE_PASSWORD_FILE ? { DATABASE_PASSWORD_FILE: env.COORDINATION_DATABASE_PASSWORD_FILE } : {}) };
  const shared = sharedDatabaseUrl(env);
  return shared ? { DATABASE_URL: shared } : undefined;
}

export interface CoordinationOptions {
  runtimeConfigFile: string;
  /** This host's render servers, each by its own address. */
  renderServers: string[];
  /** Given to these children alone: the render servers, which run the remotes' code, never get it. */
  databaseUrl: string;
  env?: NodeJS.ProcessEnv;
}

/**
 * What a host runs beside its servers when the site keeps its shared state in PostgreSQL (deploy/ops/coordination):
 * the config follower, which writes this host's `runtime-config.json` from the database, and the activity relay,
 * which tells this host's render servers of each activity change. Named by their entries, like the guard.
 */
export function coordinationProcesses({ runtimeConfigFile, renderServers, databaseUrl, env }: CoordinationOptions): ChildSpec[] {
  const childEnv = { ...env, DATABASE_URL: databaseUrl };
  return [
    { name: 'config-follower', entry: 'deploy/ops/coordination/configFollowerMain.ts', args: ['--config', runtimeConfigFile], env: childEnv, inherit: DATABASE_ENV },
    { name: 'activity-relay', entry: 'deploy/ops/coordination/activityRelayMain.ts', args: ['--render-servers', renderServers.join(',')], env: childEnv, inherit: DATABASE_ENV },
  ];
}

export interface GuardProcessOptions {
  /** Where it reads field data, when not the config's `apiBaseUrl`. */
  fieldDataUrl?: string;
  env?: NodeJS.ProcessEnv;
  /** The loopback port of its figures (`/metrics`; 0 for any free one); none without it. */
  metricsPort?: number;
}

/**
 * The canary guard (deploy/ops/release) on `configFile`, as a child of a supervisor: it serves no visitor, so it has
 * no ready URL. Named by its entry, not imported: serving starts it, the release machinery is ops'.
 */
export function guardProcess(configFile: string, { fieldDataUrl, env, metricsPort }: GuardProcessOptions = {}): ChildSpec {
  return {
    name: 'canary-guard',
    entry: 'deploy/ops/release/guardMain.ts',
    args: [
      '--config',
      configFile,
      ...(fieldDataUrl ? ['--field-data', fieldDataUrl] : []),
      ...(metricsPort === undefined ? [] : ['--metrics-port', String(metricsPort)]),
    ],
    ...(env ? { env } : {}),
    inherit: GUARD_ENV,
  };
}

/** What `npm start` and `npm run dev` say first: that they are the demo form, and who else can reach it. */
export function sayDemoForm(tag: string): void {
  console.log(`[${tag}] 演示模式：参考 API 带演示账号、开发接口 /__dev/*（读取验证码、发布活动）和日志中的验证码；生产形态见 deploy/ops/nginx`);
  if (listensBeyondLoopback()) console.warn(`[${tag}] 注意：HOST=${listenHost()}，其他机器也能访问这个演示站点及其开发接口`);
}
