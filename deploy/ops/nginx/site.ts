import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { REMOTE_NAMES, RUNTIME_CONFIG_FILE, type RemoteName } from '@wenrun/shared/node';
import { nodeInTree, readableTree, type ReadableTree } from './readableTree';

/**
 * The built site behind Debian's nginx over HTTPS, as production serves it (start.ts beside this file): the production
 * form, with the reference API in production mode behind it. Started by the browser tests and the load bench.
 */
export interface NginxSite {
  shell: string;
  remotes: Record<RemoteName, string>;
  /** nginx's proxy to the reference API. */
  api: string;
  /** Every HTTPS port nginx listens on: the shell, the remotes, the API proxy. */
  tlsPorts: number[];
  /** Plain HTTP, which answers with a redirect to the shell over HTTPS. */
  httpPort: number;
  /** The render server instances nginx balances over. */
  renderPorts: number[];
  /** The reference API behind nginx's proxy, on loopback (production mode: what nginx forwards is its route table). */
  apiUpstreamPort: number;
  /** The runtime config nginx serves, which ops edit: the next page follows it. */
  runtimeConfigFile: string;
  /** What the start script and its children (the reference API, the render servers) wrote to stdout. */
  logFile: string;
  /** The reference API's database. */
  databaseFile: string;
  /** The self-signed certificate's key, which only root (nginx's master) reads. */
  keyFile: string;
  /** The reference API's admin token (the activity team's), which this site's API was started with. */
  adminToken: string;
  /** The self-signed certificate this nginx made: the only one the tests trust. */
  ca: Buffer;
  /** Its file, for a process that trusts it as ops' do (`NODE_EXTRA_CA_CERTS`). */
  certificateFile: string;
}

/** How many ports a site takes: the shell, each remote, the API proxy, plain HTTP, two render servers, the API. */
export const NGINX_SITE_PORTS = REMOTE_NAMES.length + 6;

/** Whether `url` answers 200; over HTTPS trusting `ca` alone, this site's own certificate. */
function answers(url: string, ca?: Buffer): Promise<boolean> {
  const client = new URL(url).protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const asked = client.get(url, { agent: false, ...(ca ? { ca } : {}) }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    asked.on('error', () => resolve(false));
  });
}

export interface NginxSiteOptions {
  /** The repository, whose built parts it serves. */
  root: string;
  /** NGINX_SITE_PORTS of them. */
  ports: number[];
  /** Emptied, then the site's own: its log. */
  siteDir: string;
  /** One host of several (deploy/ops/hosts): the certificate they share, instead of one made for this site. */
  tls?: { certificate: string; key: string };
  /** One host of several: the load balancer's addresses and those nginx listens on for it (start.ts `--balancer`). */
  balancer?: { from: string[]; listen: string[] };
  /** Added to the start script's environment: the shared database (`DATABASE_URL`) of several hosts, a test's shorter cache. */
  env?: NodeJS.ProcessEnv;
  /** The API's admin token: one for the whole site when there are several hosts; made for this site without it. */
  adminToken?: string;
  /** Clients nginx does not limit (start.ts `--unlimited-clients`): the tests' and the bench's own by default. */
  unlimitedClients?: string[];
}

/** A site's ports, in the order NGINX_SITE_PORTS counts them. */
interface SitePorts {
  shell: number;
  api: number;
  http: number;
  apiUpstream: number;
  remotes: number[];
  render: number[];
}

function sitePorts(ports: number[]): SitePorts {
  const [shell = 0, api = 0, http = 0, apiUpstream = 0, ...rest] = ports;
  const render = rest.slice(REMOTE_NAMES.length, REMOTE_NAMES.length + 2);
  if (render.length !== 2) throw new Error(`nginx 站点需要 ${NGINX_SITE_PORTS} 个端口`);
  return { shell, api, http, apiUpstream, remotes: rest.slice(0, REMOTE_NAMES.length), render };
}

/** Where the site keeps its files: the form's in the readable tree, the log in `siteDir`. */
interface SiteFiles {
  runtimeConfigFile: string;
  databaseFile: string;
  /** Where the form makes its certificate, when none is given. */
  tlsDir: string;
  certificate: string;
  keyFile: string;
  logFile: string;
}

function siteFiles(tree: ReadableTree, siteDir: string, tls: NginxSiteOptions['tls']): SiteFiles {
  const tlsDir = path.join(tree.dir, 'site', 'tls');
  return {
    // Written by the start script from the build's config, moved onto this site's origins; in a folder of its own,
    // which the guard may write.
    runtimeConfigFile: path.join(tree.dir, 'site', 'config', RUNTIME_CONFIG_FILE),
    // In a folder of its own: started as root, the form gives the database's folder to the API's user alone.
    databaseFile: path.join(tree.dir, 'site', 'data', 'site.db'),
    // Its certificate, which the render servers trust to fetch through nginx (the key stays root's).
    tlsDir,
    certificate: tls?.certificate ?? path.join(tlsDir, 'site.crt'),
    keyFile: tls?.key ?? path.join(tlsDir, 'site.key'),
    logFile: path.join(siteDir, 'site.log'),
  };
}

/** start.ts's command line for this site. */
function startArguments(ports: SitePorts, files: SiteFiles, { tls, balancer, unlimitedClients = ['127.0.0.1'] }: NginxSiteOptions): string[] {
  return [
    'deploy/ops/nginx/start.ts',
    ...['--shell', String(ports.shell), '--api', String(ports.api), '--http-port', String(ports.http)],
    ...REMOTE_NAMES.flatMap((remote, index) => [`--${remote}`, String(ports.remotes[index])]),
    ...['--reference-api-port', String(ports.apiUpstream), '--database', files.databaseFile, '--guard-metrics-port', '0'],
    ...['--render-ports', ports.render.join(','), '--runtime-config', files.runtimeConfigFile],
    ...(tls ? ['--tls-cert', tls.certificate, '--tls-key', tls.key] : ['--tls-self-signed', '--tls-dir', files.tlsDir]),
    ...(balancer ? ['--balancer', balancer.from.join(','), '--balancer-listen', balancer.listen.join(',')] : []),
    // The tests' and the load bench's own client (browsers, autocannon) is no visitor to limit; any other address
    // is (an attack test's 127.0.0.31 among them).
    ...(unlimitedClients.length ? ['--unlimited-clients', unlimitedClients.join(',')] : []),
  ];
}

/**
 * Node itself with tsx's loader, not tsx's command: on SIGTERM that command waits 30 ms for its child to say it got
 * the signal, then SIGKILLs it; on a busy machine start.ts was killed so, before stopping what it started, and the
 * form outlived the test on its ports.
 */
function startForm(root: string, tree: ReadableTree, args: string[], logFile: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(nodeInTree(root, tree.dir), ['--import', 'tsx', ...args], {
    cwd: tree.dir,
    // What the site's processes write (the API's JSON lines among them), for the tests to read.
    stdio: ['ignore', fs.openSync(logFile, 'w'), 'inherit'],
    env,
  });
}

/** How long the form may take to answer. */
const READY_WITHIN_MS = 120_000;

/**
 * The site's certificate, once nginx answers with it and both render servers answer. A form that exits, or does not
 * answer within READY_WITHIN_MS, fails the start (stopped first: what it started must not hold the ports the next
 * attempt needs), its tree removed.
 */
async function untilReady(child: ChildProcess, exited: Promise<void>, tree: ReadableTree, shell: string, certificate: string, renderPorts: number[]): Promise<Buffer> {
  const deadline = Date.now() + READY_WITHIN_MS;
  for (;;) {
    if (child.exitCode !== null) {
      tree.remove();
      throw new Error(`nginx 站点启动失败（退出码 ${child.exitCode}）`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      await exited;
      tree.remove();
      throw new Error('nginx 站点 120 秒内没有就绪');
    }
    // Read again until nginx answers with it: openssl may still be writing it.
    const ca = fs.existsSync(certificate) ? fs.readFileSync(certificate) : undefined;
    const ready =
      ca !== undefined &&
      (await answers(`${shell}/runtime-config.json`, ca)) &&
      (await Promise.all(renderPorts.map((port) => answers(`http://127.0.0.1:${port}/healthz`)))).every(Boolean);
    if (ready && ca) return ca;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Starts start.ts (beside this file) on `ports` with its own certificate, and resolves once nginx and both render
 * servers answer; `stop` ends nginx and its render servers.
 */
export async function startNginxSite(options: NginxSiteOptions): Promise<{ site: NginxSite; stop: () => Promise<void> }> {
  const { root, siteDir, env, adminToken = randomBytes(32).toString('hex') } = options;
  const ports = sitePorts(options.ports);
  fs.rmSync(siteDir, { recursive: true, force: true });
  fs.mkdirSync(siteDir, { recursive: true });
  const tree = readableTree(root);
  const files = siteFiles(tree, siteDir, options.tls);
  // The API's limits as in production: the render servers and the guard are known by their credentials, not by
  // 127.0.0.1 (the attacker suite counts on it).
  const child = startForm(root, tree, startArguments(ports, files, options), files.logFile, { ...process.env, ...env, ADMIN_TOKEN: adminToken });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const shell = `https://localhost:${ports.shell}`;
  const ca = await untilReady(child, exited, tree, shell, files.certificate, ports.render);
  const site: NginxSite = {
    shell,
    remotes: Object.fromEntries(REMOTE_NAMES.map((remote, index) => [remote, `https://localhost:${ports.remotes[index]}`])) as Record<RemoteName, string>,
    api: `https://localhost:${ports.api}`,
    tlsPorts: [ports.shell, ...ports.remotes, ports.api],
    httpPort: ports.http,
    renderPorts: ports.render,
    apiUpstreamPort: ports.apiUpstream,
    runtimeConfigFile: files.runtimeConfigFile,
    logFile: files.logFile,
    databaseFile: files.databaseFile,
    keyFile: files.keyFile,
    adminToken,
    ca,
    certificateFile: files.certificate,
  };
  const stop = async () => {
    // start.ts stops nginx and the render servers on SIGTERM, then exits.
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    tree.remove();
  };
  return { site, stop };
}
