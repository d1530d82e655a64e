/**
 * The production form: serves the built parts with Debian's nginx, as production does: each part on its own origin,
 * the render servers and the API behind proxies, TLS, the security and cache headers of deploy/serve/headers.ts. It
 * starts the render server instances it sends pages to and, unless `--upstream` names another API, the reference
 * API in production mode (no demo accounts, no development routes), and nginx in the foreground with a temporary
 * prefix (config, pid, temp folders), so it needs no system setup and works as root in CI or as any user.
 *
 *   npx tsx deploy/ops/nginx/start.ts [--host localhost] [--listen 127.0.0.1,::1] [--shell 8000 --header 8001 --about 8002
 *     --auth 8003 --wuyou 8004 --api 8100] [--upstream http://… | --reference-api-port 8110 --database FILE]
 *     [--render-ports 8005,8006] [--runtime-config FILE] [--tls-cert cert.pem --tls-key key.pem | --tls-self-signed]
 *     [--http-port 8080] [--check]
 *
 * The runtime config served is the file `--runtime-config` names (a temporary one without it); where there is none
 * yet, the build's is written there, moved onto these origins. The file is watched: an edit reloads nginx with the
 * CSP of the new config. `--check` only renders the config and runs `nginx -t` on it.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  API_PORT,
  REMOTE_NAMES,
  REMOTE_PARTS,
  RENDER_PORT,
  RUNTIME_CONFIG_FILE,
  SHELL_PART,
  VERSION_FILE,
} from '@wenrun/shared/node';
import { productionRoutes } from '../../../reference-api/src/server';
import { readServedConfig } from '../../serve/addresses';
import { siteAddressesOf } from '../../serve/headers';
import { guardProcess } from '../../serve/siteProcesses';
import { Supervisor, type ChildSpec } from '../../serve/supervisor';
import { originOf, remotePortOptions, renderNginxConfig, type NginxSite, type NginxTls } from './config';
import { configOnOrigins, type ServedOrigins } from '../../serve/servedConfig';
import { readPagesConfig } from '../../build/pages/pagesConfig';
import { pagesFitConfig } from '../../serve/writtenPages';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

/** Default ports: the dev layout shifted by 5000, so nginx and `npm start` can run side by side. */
const PORT_SHIFT = 5000;

const { values: args } = parseArgs({
  options: {
    ...remotePortOptions(PORT_SHIFT),
    host: { type: 'string', default: 'localhost' },
    /** Addresses nginx listens on; loopback by default (a test machine), `0.0.0.0,::` to face the internet. */
    listen: { type: 'string' },
    shell: { type: 'string', default: String(SHELL_PART.port + PORT_SHIFT) },
    api: { type: 'string', default: String(API_PORT + PORT_SHIFT) },
    upstream: { type: 'string' },
    'reference-api-port': { type: 'string', default: String(API_PORT + PORT_SHIFT + 10) },
    database: { type: 'string', default: path.join(ROOT, 'reference-api', '.data', 'production.db') },
    'render-ports': { type: 'string', default: String(RENDER_PORT + PORT_SHIFT) },
    'runtime-config': { type: 'string' },
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

/** A certificate for this host (and this machine's loopback address), made now (CI and local runs; production passes its own). */
function selfSignedCertificate(prefix: string, host: string): { certificate: string; key: string } {
  const certificate = path.join(prefix, 'site.crt');
  const key = path.join(prefix, 'site.key');
  const made = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=${host}`, '-addext', `subjectAltName=DNS:${host},IP:127.0.0.1`, '-keyout', key, '-out', certificate],
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

/**
 * Whom nginx's workers run as when it is started as root: Debian's `www-data`, else `nobody`; never root, whose
 * workers would hand whoever breaks one the whole machine. They must be able to read what they serve.
 */
function workerUser(roots: string[]): string | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const user = spawnSync('id', ['-u', 'www-data'], { stdio: 'ignore' }).status === 0 ? 'www-data' : 'nobody';
  const unreadable = roots.filter((root) => spawnSync('runuser', ['-u', user, '--', 'test', '-r', path.join(root, VERSION_FILE)]).status !== 0);
  if (unreadable.length) {
    throw new Error(`nginx 的工作进程以 ${user} 身份运行，但它读不到 ${unreadable.join('、')}：把构建目录放在 ${user} 可读的位置（或 chmod o+rx 其上级目录）`);
  }
  return user;
}

async function main(): Promise<void> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'wenrun-nginx-'));
  // Workers that are not root read the served runtime config from here.
  fs.chmodSync(prefix, 0o755);
  const shellRoot = distOf(SHELL_PART.folder);
  const remoteRoots = Object.fromEntries(REMOTE_NAMES.map((name) => [name, distOf(REMOTE_PARTS[name].folder)]));
  const tls = tlsOf(prefix);
  const renderPorts = args['render-ports'].split(',').map((value) => port(value.trim()));
  const origins: ServedOrigins = {
    api: originOf({ host: args.host, tls }, port(args.api)),
    remotes: Object.fromEntries(REMOTE_NAMES.map((name) => [name, originOf({ host: args.host, tls }, port(args[name]))])) as ServedOrigins['remotes'],
  };
  const builtConfigFile = path.join(shellRoot, RUNTIME_CONFIG_FILE);
  const runtimeConfigFile = args['runtime-config'] ? path.resolve(args['runtime-config']) : path.join(prefix, RUNTIME_CONFIG_FILE);
  if (!fs.existsSync(runtimeConfigFile)) {
    const built: unknown = JSON.parse(fs.readFileSync(builtConfigFile, 'utf8'));
    fs.writeFileSync(runtimeConfigFile, `${JSON.stringify(configOnOrigins(built, origins), null, 2)}\n`);
  }
  const referenceApiPort = port(args['reference-api-port']);
  const upstream = args.upstream ?? `http://127.0.0.1:${referenceApiPort}`;

  const routes = await productionRoutes();
  const user = workerUser([shellRoot, ...Object.values(remoteRoots)]);
  const siteFor = (): NginxSite => {
    const served = readServedConfig(runtimeConfigFile);
    return {
      host: args.host,
      listen: args.listen ? args.listen.split(',').map((address) => address.trim()) : loopbackAddresses(),
      shell: { port: port(args.shell), root: shellRoot },
      remotes: Object.fromEntries(REMOTE_NAMES.map((name) => [name, { port: port(args[name]), root: remoteRoots[name] ?? '' }])) as NginxSite['remotes'],
      api: { port: port(args.api), upstream, routes },
      renderServers: renderPorts.map((renderPort) => `127.0.0.1:${renderPort}`),
      runtimeConfigFile,
      addresses: siteAddressesOf(served),
      writtenPages: pagesFitConfig(readPagesConfig(shellRoot), served),
      ...(tls ? { tls } : {}),
      prefix,
      ...(user ? { user } : {}),
    };
  };
  const configFile = path.join(prefix, 'nginx.conf');
  let site = siteFor();
  fs.writeFileSync(configFile, renderNginxConfig(site));

  // -e: Debian's build opens /var/log/nginx/error.log before reading the config, which a normal user cannot.
  const nginxArgs = ['-p', prefix, '-c', configFile, '-e', 'stderr'];
  const cleanUp = () => fs.rmSync(prefix, { recursive: true, force: true });

  if (args.check) {
    const result = spawnSync(NGINX, [...nginxArgs, '-t'], { stdio: 'inherit' });
    console.log(fs.readFileSync(configFile, 'utf8'));
    cleanUp();
    process.exit(result.status ?? 1);
  }

  const siteOrigin = originOf(site, site.shell.port);
  const children: ChildSpec[] = [
    // The reference API in production mode, unless another API stands behind this nginx: it trusts this nginx (and
    // nothing else) to say who the visitor is, and answers the site's own origins.
    ...(args.upstream
      ? []
      : [
          {
            name: 'reference-api',
            entry: 'reference-api/src/main.ts',
            readyUrl: `${upstream}/healthz`,
            env: {
              API_MODE: 'production',
              PORT: String(referenceApiPort),
              HOST: '127.0.0.1',
              TRUST_PROXY: '127.0.0.1',
              DATABASE_PATH: path.resolve(args.database),
              SITE_ORIGINS: [siteOrigin, ...Object.values(origins.remotes)].join(','),
              RENDER_METRICS_URLS: renderPorts.map((renderPort) => `http://127.0.0.1:${renderPort}/metrics`).join(','),
            },
          },
        ]),
    // The canary guard, on the served config, reading field data from the API behind this nginx directly (the token
    // comes from this process's environment, as the API's does). It asks each entry's version.json before it aborts,
    // through this nginx: it trusts the certificate nginx shows.
    guardProcess(runtimeConfigFile, upstream, tls ? { NODE_EXTRA_CA_CERTS: tls.certificate } : undefined),
    // The render server instances nginx balances over, on this site's config (its origins, its API), supervised like
    // npm start's processes: one that dies is started again.
    ...renderPorts.map((renderPort, index) => ({
      name: `render-server-${index + 1}`,
      entry: 'render-server/src/server/main.ts',
      readyUrl: `http://127.0.0.1:${renderPort}/healthz`,
      env: {
        PORT: String(renderPort),
        HOST: '127.0.0.1',
        SHELL_DIR: shellRoot,
        RUNTIME_CONFIG_FILE: runtimeConfigFile,
        SITE_URL: siteOrigin,
        // It reads the remotes and the API through this nginx: it trusts the certificate nginx shows.
        ...(tls ? { NODE_EXTRA_CA_CERTS: tls.certificate } : {}),
      },
    })),
  ];
  const supervisor = new Supervisor({ cwd: ROOT, log: (line) => console.log(line.replace('[start]', '[nginx]')) });
  const nginx = spawn(NGINX, nginxArgs, { stdio: 'inherit' });
  let childrenFailed = false;
  supervisor.start(children).catch((error: unknown) => {
    console.error(`[nginx] ${error instanceof Error ? error.message : String(error)}`);
    childrenFailed = true;
    nginx.kill('SIGTERM');
  });

  // The served config is the ops surface: an edit gives every page the CSP of the new config (nginx reloads
  // gracefully), and decides anew whether the written pages still fit it.
  fs.watchFile(runtimeConfigFile, { interval: 250 }, () => {
    site = siteFor();
    fs.writeFileSync(configFile, renderNginxConfig(site));
    nginx.kill('SIGHUP');
    console.log(`[nginx] ${runtimeConfigFile} 已更改，已按新配置重新加载（页面来自${site.writtenPages ? '构建时写好的文件' : '渲染服务器'}）`);
  });

  const stopChildren = () => {
    fs.unwatchFile(runtimeConfigFile);
    return supervisor.stop();
  };
  nginx.on('error', (error) => {
    console.error(`[nginx] 无法启动 ${NGINX}（Debian：apt-get install nginx libnginx-mod-http-brotli-static）：`, error.message);
    void stopChildren().then(() => {
      cleanUp();
      process.exit(1);
    });
  });
  nginx.on('exit', (code, signal) => {
    void stopChildren().then(() => {
      cleanUp();
      process.exit(childrenFailed ? 1 : (code ?? (signal ? 0 : 1)));
    });
  });
  // nginx's fast shutdown is SIGTERM; its graceful one (SIGQUIT) waits for open connections, which tests keep.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      void stopChildren();
      nginx.kill('SIGTERM');
    });
  }

  console.log(`[nginx] 网站：${siteOrigin}/ ，API 代理：${origins.api} → ${upstream}（只转发参考 API 生产形态的 ${site.api.routes.length} 条路由）`);
  console.log(`[nginx] 运行时配置：${runtimeConfigFile}（修改后自动生效）；页面来自${site.writtenPages ? '构建时写好的文件' : '渲染服务器（构建时的页面是为其他地址写的）'}`);
}

main().catch((error: unknown) => {
  console.error(`[nginx] 启动失败：${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
