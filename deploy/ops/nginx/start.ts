/**
 * The production form: serves the built parts with Debian's nginx, as production does: each part on its own origin,
 * the render servers and the API behind proxies, TLS, the security and cache headers of deploy/serve/headers.ts. It
 * starts the render server instances it sends pages to and, unless `--upstream` names another API, the reference
 * API in production mode (no demo accounts, no development routes), and nginx in the foreground with a temporary
 * prefix (config, pid, temp folders), so it needs no system setup and works as root in CI or as any user.
 *
 *   npx tsx deploy/ops/nginx/start.ts [--host localhost] [--listen 127.0.0.1,::1] [--shell 8000 --header 8001 --about 8002
 *     --auth 8003 --wuyou 8004 --api 8100] [--upstream http://… | --reference-api-port 8110 --database FILE]
 *     [--render-ports 8005,8006] [--runtime-config FILE] [--builds DIR] [--tls-cert cert.pem --tls-key key.pem | --tls-self-signed]
 *     [--http-port 8080] [--unlimited-clients 127.0.0.1] [--balancer 10.0.0.1 --balancer-listen 10.0.0.11] [--check]
 *
 * The runtime config served is the file `--runtime-config` names (a temporary one without it); where there is none
 * yet, the build's is written there, moved onto these origins. The file is watched: an edit reloads nginx with the
 * CSP of the new config. `--check` only renders the config and runs `nginx -t` on it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  API_PORT,
  configDigest,
  GUARD_METRICS_PORT,
  REMOTE_NAMES,
  REMOTE_PARTS,
  RELEASE_HISTORY_FILE,
  RENDER_PORT,
  RUNTIME_CONFIG_FILE,
  SHELL_PART,
  VERSION_FILE,
} from '@wenrun/shared/node';
import { productionRoutes } from '@wenrun/reference-api';
import { readServedConfig } from '../../serve/addresses';
import { siteAddressesOf } from '../../serve/headers';
import { coordinationLogin, coordinationProcesses, sharedDatabaseUrl } from '../../serve/siteProcesses';
import { Supervisor, type ChildSpec } from '../../serve/supervisor';
import { API_SETTINGS_ENV, DATABASE_ENV, pickEnv, RENDER_ENV } from '../../serve/childEnv';
import { configAfterEdit, remotePortOptions, renderNginxConfig } from './config';
import { originOf, type NginxSite, type NginxTls } from './nginxSite';
import { configOnOrigins, type ServedOrigins } from '../../serve/servedConfig';
import { readPagesConfig } from '../../assemble/pages/pagesConfig';
import { pagesFitConfig } from '../../serve/writtenPages';
import { adminTokenEnv } from '@wenrun/reference-api/settings';
import {
  API_USER,
  canRead,
  isRoot,
  keepDatabaseFor,
  keepGateFor,
  letGuardWrite,
  RENDER_USER,
  requireReadable,
  SECRETS_UNSET,
  systemAccount,
  writeNginxSecrets,
  writeSecrets,
  type Account,
} from './accounts';
import { visitorKeyScript, visitorSecret } from './visitorKey';
import { selfSignedCertificate } from './certificate';
import { writeNewFile } from './rootWrites';
import { formGuard, statusCommand } from './formGuard';

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
    /** The canary guard's figures (`/metrics`, loopback); 0 for any free port (the tests' sites, which nobody scrapes). */
    'guard-metrics-port': { type: 'string', default: String(GUARD_METRICS_PORT + PORT_SHIFT + 10) },
    // In a folder of its own, which the API's user is given (accounts.ts), apart from the demo's database.
    database: { type: 'string', default: path.join(ROOT, 'reference-api', '.data', 'production', 'site.db') },
    'render-ports': { type: 'string', default: String(RENDER_PORT + PORT_SHIFT) },
    'runtime-config': { type: 'string' },
    /** The folder holding the built parts (`<part>/dist`): this repository, unless they are deployed elsewhere. */
    builds: { type: 'string', default: ROOT },
    'tls-cert': { type: 'string' },
    'tls-key': { type: 'string' },
    'tls-self-signed': { type: 'boolean', default: false },
    /** Where a self-signed certificate is written (kept after nginx stops, for clients to trust it). */
    'tls-dir': { type: 'string' },
    'http-port': { type: 'string', default: String(SHELL_PART.port + PORT_SHIFT - 1) },
    /** Client addresses nginx does not limit per visitor: a load bench's or a test suite's own (none in production). */
    'unlimited-clients': { type: 'string' },
    /**
     * One host of several behind a load balancer (deploy/ops/hosts): the balancer's addresses, whose PROXY protocol
     * header names the visitor, and the addresses nginx listens on for it (besides `--listen`).
     */
    balancer: { type: 'string' },
    'balancer-listen': { type: 'string' },
    check: { type: 'boolean', default: false },
  },
});

const list = (value: string) => value.split(',').map((item) => item.trim()).filter(Boolean);

function balancerOf(): NginxSite['balancer'] {
  if (!args.balancer && !args['balancer-listen']) return undefined;
  if (!args.balancer || !args['balancer-listen']) throw new Error('--balancer 和 --balancer-listen 要一起给出：负载均衡器的地址，和 nginx 为它监听的地址');
  return { from: list(args.balancer), listen: list(args['balancer-listen']) };
}

function port(value: string, { anyFree = false } = {}): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < (anyFree ? 0 : 1) || number > 65535) throw new Error(`端口无效：${value}`);
  return number;
}

function distOf(folder: string): string {
  const dir = path.join(path.resolve(args.builds), folder, 'dist');
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
  if (!isRoot()) return undefined;
  const user = spawnSync('id', ['-u', 'www-data'], { stdio: 'ignore' }).status === 0 ? 'www-data' : 'nobody';
  requireReadable(user, 'nginx 的工作进程', roots.map((root) => path.join(root, VERSION_FILE)));
  return user;
}

/**
 * The Node processes' users when started as root (accounts.ts), once each can read the code it runs (and the render
 * server the shell's build); none when started as another user.
 */
function nodeAccounts(shellRoot: string, tls: NginxTls | undefined): { api: Account; render: Account } | undefined {
  if (!isRoot()) return undefined;
  const api = systemAccount(API_USER);
  const render = systemAccount(RENDER_USER);
  const code = ['node_modules/tsx/package.json', 'reference-api/src/main.ts', 'render-server/src/server/main.ts'].map((file) => path.join(ROOT, file));
  // Both trust the site's certificate to fetch through nginx (NODE_EXTRA_CA_CERTS): unreadable, every remote's
  // manifest would fail to load and every page would be the client page.
  const certificate = tls ? [tls.certificate] : [];
  requireReadable(api.name, '参考 API 和灰度守卫', [...code, ...certificate]);
  requireReadable(render.name, '渲染服务器', [...code, ...certificate, path.join(shellRoot, VERSION_FILE)]);
  return { api, render };
}

/** A child's user and group, when it has one. */
const runAs = (account: Account | undefined) => (account ? { uid: account.uid, gid: account.gid } : {});

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
  // In a folder of its own: the guard, which rewrites it, may write there and nowhere else (accounts.ts).
  const runtimeConfigFile = args['runtime-config'] ? path.resolve(args['runtime-config']) : path.join(prefix, 'config', RUNTIME_CONFIG_FILE);
  fs.mkdirSync(path.dirname(runtimeConfigFile), { recursive: true });
  if (!fs.existsSync(runtimeConfigFile)) {
    const built: unknown = JSON.parse(fs.readFileSync(builtConfigFile, 'utf8'));
    // Never through a dangling link the guard's user left in the folder (rootWrites.ts).
    writeNewFile(runtimeConfigFile, `${JSON.stringify(configOnOrigins(built, origins), null, 2)}\n`);
  }
  const referenceApiPort = port(args['reference-api-port']);
  const upstream = args.upstream ?? `http://127.0.0.1:${referenceApiPort}`;

  const routes = await productionRoutes();
  const user = workerUser([shellRoot, ...Object.values(remoteRoots)]);
  const balancer = balancerOf();
  // The visitor keys are signed with a secret made from the admin token, which the hosts of one site share (a key
  // one host gave holds on the others); the API learns the visitor from nginx only with a secret of this run.
  const operatorToken = adminTokenEnv(process.env);
  const proxySecret = randomBytes(32).toString('hex');
  const secretsFile = writeNginxSecrets(prefix, {
    visitorSecret: visitorSecret(operatorToken ?? randomBytes(32).toString('hex')),
    apiProxySecret: args.upstream ? undefined : proxySecret,
  });
  const visitorScriptFile = path.join(prefix, 'visitor-key.js');
  fs.writeFileSync(visitorScriptFile, visitorKeyScript(Boolean(tls)));
  keepGateFor(prefix, user);
  const siteFor = (): NginxSite => {
    const served = readServedConfig(runtimeConfigFile, { httpsOnly: Boolean(tls) });
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
      servedConfigDigest: configDigest(served),
      ...(tls ? { tls } : {}),
      prefix,
      secretsFile,
      visitorScriptFile,
      ...(user ? { user } : {}),
      ...(args['unlimited-clients'] ? { unlimitedClients: args['unlimited-clients'].split(',').map((address) => address.trim()) } : {}),
      ...(balancer ? { balancer } : {}),
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
  const accounts = nodeAccounts(shellRoot, tls);
  const keyReaders = accounts && tls ? [accounts.api.name, accounts.render.name].filter((name) => canRead(name, tls.key)) : [];
  if (keyReaders.length) throw new Error(`TLS 私钥 ${tls?.key} 能被 ${keyReaders.join('、')} 读取：chmod 600（只有 root，即 nginx 的主进程，需要读它）`);
  const database = path.resolve(args.database);
  keepDatabaseFor(accounts?.api, database);
  const secrets = writeSecrets(prefix, accounts?.api, { adminToken: operatorToken, proxySecret });
  letGuardWrite(accounts?.api, runtimeConfigFile, path.join(path.dirname(runtimeConfigFile), RELEASE_HISTORY_FILE));
  // Another API behind this nginx knows only the operator's token: without one the guard could never judge, and
  // one that logs so every minute is missed; it is not started, and that is said once. Nor without TLS: the token
  // goes over https alone (formGuard.ts).
  const tokenKnown = !args.upstream || operatorToken !== undefined;
  const guarding = tokenKnown && tls ? { runtimeConfigFile, apiOrigin: origins.api, adminTokenFile: secrets.adminTokenFile, certificate: tls.certificate } : undefined;
  if (!tokenKnown) {
    console.error(`[nginx] 未设置 ADMIN_TOKEN（或 ADMIN_TOKEN_FILE）：灰度守卫读不到 ${upstream} 的现场数据，这次不启动守卫，灰度不会被自动中止`);
  } else if (!guarding) {
    console.error('[nginx] 没有 TLS（--tls-cert 和 --tls-key，或 --tls-self-signed）：管理令牌只经 https 发送，灰度守卫读不到现场数据，这次不启动守卫，灰度不会被自动中止');
  } else {
    const where = secrets.madeAdminToken ? `未设置 ADMIN_TOKEN：本次运行的管理令牌已生成在 ${secrets.adminTokenFile}` : `管理令牌在 ${secrets.adminTokenFile}`;
    console.log(`[nginx] ${where}（只有 ${accounts ? API_USER : '本用户'}和 root 可读），灰度守卫用它经 ${origins.api}（TLS，验证本站证书）读取现场数据；查看状态：${statusCommand(guarding)}`);
  }
  // Several hosts on one PostgreSQL (DATABASE_URL): this host's config file follows the database's, its render servers
  // hear of every activity change, and its guard waits for the site's lease (deploy/ops/coordination/).
  const databaseUrl = sharedDatabaseUrl();
  // Its own role when the site gives one (the several-hosts form): the API's role reads none of their tables.
  const coordination = coordinationLogin();
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
              SITE_ORIGINS: [siteOrigin, ...Object.values(origins.remotes)].join(','),
              RENDER_METRICS_URLS: renderPorts.map((renderPort) => `http://127.0.0.1:${renderPort}/metrics`).join(','),
            },
          },
        ]),
    ...(guarding
      ? [
          {
            ...formGuard({
              ...guarding,
              ...(coordination ? { coordination } : {}),
              metricsPort: port(args['guard-metrics-port'], { anyFree: true }),
            }),
            ...runAs(accounts?.api),
          },
        ]
      : []),
    ...(coordination
      ? coordinationProcesses({ runtimeConfigFile, renderServers: renderPorts.map((renderPort) => `http://127.0.0.1:${renderPort}`), databaseUrl: coordination.DATABASE_URL, env: { ...SECRETS_UNSET, ...coordination } }).map(
          (child) => ({ ...child, ...runAs(accounts?.api) }),
        )
      : []),
    // The render server instances nginx balances over, on this site's config (its origins, its API), supervised like
    // npm start's processes: one that dies is started again.
    ...renderPorts.map((renderPort, index) => ({
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
        ...(tls ? { NODE_EXTRA_CA_CERTS: tls.certificate } : {}),
      },
    })),
  ];
  const supervisor = new Supervisor({ cwd: ROOT, log: (line) => console.log(line.replace('[start]', '[nginx]')) });
  // nginx reads no variable of ours: the start script's secrets (ADMIN_TOKEN, DATABASE_URL, PGPASSWORD) stay here.
  const nginx = spawn(NGINX, nginxArgs, { stdio: 'inherit', env: pickEnv(process.env, ['PATH', 'TZ']) });
  let childrenFailed = false;
  supervisor.start(children).catch((error: unknown) => {
    console.error(`[nginx] ${error instanceof Error ? error.message : String(error)}`);
    childrenFailed = true;
    nginx.kill('SIGTERM');
  });

  // The served config is the ops surface: an edit gives every page the CSP of the new config (nginx reloads
  // gracefully), and decides anew whether the written pages still fit it.
  fs.watchFile(runtimeConfigFile, { interval: 250 }, () => {
    const next = configAfterEdit(siteFor, runtimeConfigFile);
    if (!next) return;
    site = next.site;
    fs.writeFileSync(configFile, next.config);
    nginx.kill('SIGHUP');
    console.log(`[nginx] ${runtimeConfigFile} 已更改，已按新配置重新加载（页面来自${site.writtenPages ? '构建时写好的文件' : '渲染服务器，经 nginx 页面缓存'}）`);
  });

  const stopChildren = () => {
    fs.unwatchFile(runtimeConfigFile);
    return supervisor.stop();
  };
  nginx.on('error', (error) => {
    console.error(`[nginx] 无法启动 ${NGINX}（Debian：apt-get install nginx libnginx-mod-http-brotli-static libnginx-mod-http-js）：`, error.message);
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
