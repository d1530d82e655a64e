import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { REMOTE_NAMES, RUNTIME_CONFIG_FILE, type RemoteName } from '@wenrun/shared/node';

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

/** What the production form never reads: the history, and the browser tests with their artifacts (the site's own). */
const NOT_RUN = new Set(['.git', 'e2e']);

/**
 * The repository as the production form's users can read it, whoever runs the tests and wherever the clone is: a
 * tree of hard links (1.4 s, no bytes copied) in a folder of its own under the system's temporary folder, with the
 * form's data and config folders inside. Started as root, the form runs nginx's workers as `www-data`, the API as
 * `wenrun-api` and the render servers as `wenrun-render`, none of which can enter a clone in a folder only its owner
 * can (`mktemp -d`, `/root`): production refuses that with its message (start.ts), and the tests and the bench run
 * this tree instead, as a deploy would leave the code. Files keep their modes; only the tree's own folder is opened.
 */
export function readableTree(root: string): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wenrun-form-'));
  fs.chmodSync(dir, 0o755);
  const entries = fs.readdirSync(root).filter((name) => !NOT_RUN.has(name)).map((name) => path.join(root, name));
  // Hard links where the temporary folder is on the clone's file system; a copy where it is not.
  const linked = spawnSync('cp', ['-al', ...entries, dir]).status === 0 || spawnSync('cp', ['-a', ...entries, dir]).status === 0;
  if (!linked) throw new Error(`无法在 ${dir} 准备生产形态可读的代码树`);
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The Node the form's users can run: this one, or its copy in the tree when it lives in the clone (a release brought
 * by deploy/node-lines, which a clone only its owner can enter would hide from them).
 */
function nodeInTree(root: string, treeDir: string): string {
  const inClone = path.relative(root, process.execPath);
  return inClone.startsWith('..') || path.isAbsolute(inClone) ? process.execPath : path.join(treeDir, inClone);
}

/**
 * Starts start.ts (beside this file) on `ports` with its own certificate, and resolves once nginx and both render
 * servers answer; `stop` ends nginx and its render servers.
 */
export async function startNginxSite({ root, ports, siteDir, tls, balancer, env, adminToken = randomBytes(32).toString('hex'), unlimitedClients = ['127.0.0.1'] }: NginxSiteOptions): Promise<{ site: NginxSite; stop: () => Promise<void> }> {
  const [shellPort = 0, apiPort = 0, httpPort = 0, apiUpstreamPort = 0, ...rest] = ports;
  const remotePorts = rest.slice(0, REMOTE_NAMES.length);
  const renderPorts = rest.slice(REMOTE_NAMES.length, REMOTE_NAMES.length + 2);
  if (renderPorts.length !== 2) throw new Error(`nginx 站点需要 ${NGINX_SITE_PORTS} 个端口`);
  fs.rmSync(siteDir, { recursive: true, force: true });
  fs.mkdirSync(siteDir, { recursive: true });
  const tree = readableTree(root);
  // Written by the start script from the build's config, moved onto this site's origins; in a folder of its own,
  // which the guard may write.
  const runtimeConfigFile = path.join(tree.dir, 'site', 'config', RUNTIME_CONFIG_FILE);
  // In a folder of its own: started as root, the form gives the database's folder to the API's user alone.
  const databaseFile = path.join(tree.dir, 'site', 'data', 'site.db');
  // Its certificate, which the render servers trust to fetch through nginx (the key stays root's).
  const tlsDir = path.join(tree.dir, 'site', 'tls');
  const logFile = path.join(siteDir, 'site.log');
  // Node itself with tsx's loader, not tsx's command: on SIGTERM that command waits 30 ms for its child to say it
  // got the signal, then SIGKILLs it; on a busy machine start.ts was killed so, before stopping what it started,
  // and the form outlived the test on its ports.
  const child = spawn(
    nodeInTree(root, tree.dir),
    [
      '--import',
      'tsx',
      'deploy/ops/nginx/start.ts',
      ...['--shell', String(shellPort), '--api', String(apiPort), '--http-port', String(httpPort)],
      ...REMOTE_NAMES.flatMap((remote, index) => [`--${remote}`, String(remotePorts[index])]),
      ...['--reference-api-port', String(apiUpstreamPort), '--database', databaseFile, '--guard-metrics-port', '0'],
      ...['--render-ports', renderPorts.join(','), '--runtime-config', runtimeConfigFile],
      ...(tls ? ['--tls-cert', tls.certificate, '--tls-key', tls.key] : ['--tls-self-signed', '--tls-dir', tlsDir]),
      ...(balancer ? ['--balancer', balancer.from.join(','), '--balancer-listen', balancer.listen.join(',')] : []),
      // The tests' and the load bench's own client (browsers, autocannon) is no visitor to limit; any other address
      // is (an attack test's 127.0.0.31 among them).
      ...(unlimitedClients.length ? ['--unlimited-clients', unlimitedClients.join(',')] : []),
    ],
    {
      cwd: tree.dir,
      // What the site's processes write (the API's JSON lines among them), for the tests to read.
      stdio: ['ignore', fs.openSync(logFile, 'w'), 'inherit'],
      // The API's limits as in production: the render servers and the guard are known by their credentials, not
      // by 127.0.0.1 (the attacker suite counts on it).
      env: { ...process.env, ...env, ADMIN_TOKEN: adminToken },
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const shell = `https://localhost:${shellPort}`;
  const deadline = Date.now() + 120_000;
  const certificate = tls?.certificate ?? path.join(tlsDir, 'site.crt');
  let ca: Buffer | undefined;
  for (;;) {
    if (child.exitCode !== null) {
      tree.remove();
      throw new Error(`nginx 站点启动失败（退出码 ${child.exitCode}）`);
    }
    if (Date.now() > deadline) {
      // Stopped before giving up: what it started must not hold the ports the next attempt needs.
      child.kill('SIGTERM');
      await exited;
      tree.remove();
      throw new Error('nginx 站点 120 秒内没有就绪');
    }
    // Read again until nginx answers with it: openssl may still be writing it.
    ca = fs.existsSync(certificate) ? fs.readFileSync(certificate) : undefined;
    const ready =
      ca !== undefined &&
      (await answers(`${shell}/runtime-config.json`, ca)) &&
      (await Promise.all(renderPorts.map((port) => answers(`http://127.0.0.1:${port}/healthz`)))).every(Boolean);
    if (ready && ca) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const site: NginxSite = {
    shell,
    remotes: Object.fromEntries(REMOTE_NAMES.map((remote, index) => [remote, `https://localhost:${remotePorts[index]}`])) as Record<RemoteName, string>,
    api: `https://localhost:${apiPort}`,
    tlsPorts: [shellPort, ...remotePorts, apiPort],
    httpPort,
    renderPorts,
    apiUpstreamPort,
    runtimeConfigFile,
    logFile,
    databaseFile,
    keyFile: tls?.key ?? path.join(tlsDir, 'site.key'),
    adminToken,
    ca,
    certificateFile: certificate,
  };
  return {
    site,
    stop: async () => {
      // start.ts stops nginx and the render servers on SIGTERM, then exits.
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      tree.remove();
    },
  };
}
