/**
 * Serves the built parts with Debian's nginx, as production does: each part on its own origin, the render servers
 * and the API behind proxies, TLS, the security and cache headers of deploy/serve/headers.ts. Starts the render
 * server instances it sends pages to, and nginx in the foreground with a temporary prefix (config, pid, temp
 * folders), so it needs no system setup and works as root in CI or as any user.
 *
 *   npx tsx deploy/nginx/start.ts [--host localhost] [--shell 8000 --header 8001 --about 8002 --auth 8003
 *     --wuyou 8004 --api 8100] [--upstream http://127.0.0.1:3100] [--render-ports 8005,8006]
 *     [--tls-cert cert.pem --tls-key key.pem | --tls-self-signed] [--http-port 8080] [--check]
 *
 * `--check` only renders the config and runs `nginx -t` on it.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { API_PORT, REMOTE_NAMES, REMOTE_PARTS, RENDER_PORT, RUNTIME_CONFIG_FILE, SHELL_PART, VERSION_FILE } from '../../shared/src/config/parts';
import { Supervisor } from '../serve/supervisor';
import { originOf, remotePortOptions, renderNginxConfig, type NginxSite, type NginxTls } from './config';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

/** Default ports: the dev layout shifted by 5000, so nginx and `npm start` can run side by side. */
const PORT_SHIFT = 5000;

const { values: args } = parseArgs({
  options: {
    ...remotePortOptions(PORT_SHIFT),
    host: { type: 'string', default: 'localhost' },
    shell: { type: 'string', default: String(SHELL_PART.port + PORT_SHIFT) },
    api: { type: 'string', default: String(API_PORT + PORT_SHIFT) },
    upstream: { type: 'string', default: `http://127.0.0.1:${API_PORT}` },
    'render-ports': { type: 'string', default: String(RENDER_PORT + PORT_SHIFT) },
    'tls-cert': { type: 'string' },
    'tls-key': { type: 'string' },
    'tls-self-signed': { type: 'boolean', default: false },
    /** Where a self-signed certificate is written (kept after nginx stops, for clients to trust it). */
    'tls-dir': { type: 'string' },
    'http-port': { type: 'string', default: String(SHELL_PART.port + PORT_SHIFT - 1) },
    check: { type: 'boolean', default: false },
  },
});

function port(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > 65535) throw new Error(`端口无效：${value}`);
  return number;
}

function distOf(folder: string): string {
  const dir = path.join(ROOT, folder, 'dist');
  if (!fs.existsSync(path.join(dir, VERSION_FILE))) throw new Error(`${folder} 尚未构建（缺少 ${dir}/${VERSION_FILE}）`);
  return dir;
}

/** Loopback addresses this machine has: [::1] is not there in every container. */
function loopbackAddresses(): string[] {
  const loopback = Object.values(os.networkInterfaces())
    .flat()
    .filter((address) => address?.internal);
  return loopback.some((address) => address?.family === 'IPv6' && address.address === '::1')
    ? ['127.0.0.1', '::1']
    : ['127.0.0.1'];
}

/** A certificate for this host alone, made now (CI and local runs; production passes its own). */
function selfSignedCertificate(prefix: string, host: string): { certificate: string; key: string } {
  const certificate = path.join(prefix, 'site.crt');
  const key = path.join(prefix, 'site.key');
  const made = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=${host}`, '-addext', `subjectAltName=DNS:${host}`, '-keyout', key, '-out', certificate],
    { stdio: 'ignore' },
  );
  if (made.status !== 0) throw new Error('openssl 无法生成自签名证书');
  return { certificate, key };
}

function tlsOf(prefix: string): NginxTls | undefined {
  const redirectPort = port(args['http-port']);
  if (args['tls-self-signed']) {
    const dir = args['tls-dir'] ? path.resolve(ROOT, args['tls-dir']) : prefix;
    fs.mkdirSync(dir, { recursive: true });
    return { ...selfSignedCertificate(dir, args.host), redirectPort };
  }
  if (args['tls-cert'] && args['tls-key']) return { certificate: path.resolve(args['tls-cert']), key: path.resolve(args['tls-key']), redirectPort };
  return undefined;
}

/** The shell's runtime config pointed at the nginx origins: the ops surface, edited, not rebuilt. */
function renderRuntimeConfig(site: Omit<NginxSite, 'runtimeConfigFile'>, built: Record<string, unknown>): string {
  const config = { ...built };
  const api = originOf(site, site.api.port);
  config.apiBaseUrl = api;
  config.statsBaseUrl = `${api}/stats`;
  config.trainingSystemUrl = `${api}/training-system/`;
  config.remotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, `${originOf(site, site.remotes[name].port)}/mf-manifest.json`]),
  );
  return JSON.stringify(config, null, 2);
}

function main(): void {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'wenrun-nginx-'));
  const shellRoot = distOf(SHELL_PART.folder);
  const builtConfig = JSON.parse(fs.readFileSync(path.join(shellRoot, 'runtime-config.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  const tls = tlsOf(prefix);
  const renderPorts = args['render-ports'].split(',').map((value) => port(value.trim()));
  const apiOrigin = originOf({ host: args.host, tls }, port(args.api));
  const prerenderedApi = typeof builtConfig.apiBaseUrl === 'string' ? new URL(builtConfig.apiBaseUrl).origin : apiOrigin;
  const partial: Omit<NginxSite, 'runtimeConfigFile'> = {
    host: args.host,
    listen: loopbackAddresses(),
    shell: { port: port(args.shell), root: shellRoot },
    remotes: Object.fromEntries(
      REMOTE_NAMES.map((name) => [name, { port: port(args[name]), root: distOf(REMOTE_PARTS[name].folder) }]),
    ) as NginxSite['remotes'],
    api: { port: port(args.api), upstream: args.upstream },
    renderServers: renderPorts.map((renderPort) => `127.0.0.1:${renderPort}`),
    imageOrigins: prerenderedApi === apiOrigin ? [] : [prerenderedApi],
    ...(tls ? { tls } : {}),
    prefix,
    // As root the workers would drop to `nobody`, who may not read a checkout under /root (CI).
    user: process.getuid?.() === 0 ? 'root' : undefined,
  };
  const runtimeConfigFile = path.join(prefix, RUNTIME_CONFIG_FILE);
  fs.writeFileSync(runtimeConfigFile, renderRuntimeConfig(partial, builtConfig));
  const configFile = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(configFile, renderNginxConfig({ ...partial, runtimeConfigFile }));

  // -e: Debian's build opens /var/log/nginx/error.log before reading the config, which a normal user cannot.
  const nginxArgs = ['-p', prefix, '-c', configFile, '-e', 'stderr'];
  const cleanUp = () => fs.rmSync(prefix, { recursive: true, force: true });

  if (args.check) {
    const result = spawnSync(NGINX, [...nginxArgs, '-t'], { stdio: 'inherit' });
    console.log(fs.readFileSync(configFile, 'utf8'));
    cleanUp();
    process.exit(result.status ?? 1);
  }

  // The render server instances nginx balances over, on this site's config (its origins, its API), supervised
  // like npm start's processes: one that dies is started again.
  const renderServers = new Supervisor({ cwd: ROOT, log: (line) => console.log(line.replace('[start]', '[nginx]')) });
  const stopRenderServers = () => void renderServers.stop();
  const nginx = spawn(NGINX, nginxArgs, { stdio: 'inherit' });
  void renderServers.start(
    renderPorts.map((renderPort, index) => ({
      name: `render-server-${index + 1}`,
      entry: 'render-server/src/server/main.ts',
      readyUrl: `http://127.0.0.1:${renderPort}/healthz`,
      env: {
        PORT: String(renderPort),
        HOST: '127.0.0.1',
        SHELL_DIR: shellRoot,
        RUNTIME_CONFIG_FILE: runtimeConfigFile,
        SITE_URL: originOf(partial, partial.shell.port),
        // It reads the remotes and the API through this nginx: it trusts the certificate nginx shows.
        ...(tls ? { NODE_EXTRA_CA_CERTS: tls.certificate } : {}),
      },
    })),
  );
  nginx.on('error', (error) => {
    console.error(`[nginx] 无法启动 ${NGINX}（Debian：apt-get install nginx libnginx-mod-http-brotli-static）：`, error.message);
    stopRenderServers();
    cleanUp();
    process.exit(1);
  });
  nginx.on('exit', (code, signal) => {
    stopRenderServers();
    cleanUp();
    process.exit(code ?? (signal ? 0 : 1));
  });
  // nginx's fast shutdown is SIGTERM; its graceful one (SIGQUIT) waits for open connections, which tests keep.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      stopRenderServers();
      nginx.kill('SIGTERM');
    });
  }

  console.log(`[nginx] 网站：${originOf(partial, partial.shell.port)}/ ，API 代理：${originOf(partial, partial.api.port)} → ${args.upstream}`);
}

main();
