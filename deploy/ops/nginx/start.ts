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
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RELEASE_HISTORY_FILE } from '@wenrun/shared/node';
import { productionRoutes } from '@wenrun/reference-api';
import { adminTokenEnv } from '@wenrun/reference-api/settings';
import { coordinationLogin, sharedDatabaseUrl } from '../../serve/siteProcesses';
import {
  keepDatabaseFor,
  keepGateFor,
  letGuardWrite,
  nodeAccounts,
  requireKeyUnreadable,
  workerUser,
  writeNginxSecrets,
  writeSecrets,
  type Account,
  type FormSecrets,
} from './accounts';
import { renderNginxConfig } from './config';
import { formArguments, port, renderPortsOf, ROOT } from './formArguments';
import { formChildren } from './formChildren';
import { formGuarding } from './formGuard';
import { builtRoots, formTls, servedConfigFile, servedOrigins, siteDescriber } from './formSite';
import { checkNginxConfig, nginxPrefix, runNginx } from './nginxProcess';
import { originOf, type NginxSite, type NginxTls } from './nginxSite';
import { visitorKeyScript, visitorSecret } from './visitorKey';

/** The run's prefix (config, pid, temp folders, secrets), removed when nginx stops. */
function makePrefix(): string {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'wenrun-nginx-'));
  // Workers that are not root read the served runtime config from here.
  fs.chmodSync(prefix, 0o755);
  return prefix;
}

/** The admin token the operator gave (`ADMIN_TOKEN`, `ADMIN_TOKEN_FILE`), and the secret nginx proves itself to the API with. */
interface FormTokens {
  operatorToken: string | undefined;
  proxySecret: string;
}

/**
 * nginx's own files in the prefix: its secrets, the visitor key's njs module, the page gate's folder. The visitor keys
 * are signed with a secret made from the admin token, which the hosts of one site share (a key one host gave holds on
 * the others); the API learns the visitor from nginx only with a secret of this run, sent to no other API.
 */
function writeNginxFiles(prefix: string, { operatorToken, proxySecret }: FormTokens, otherApi: string | undefined, tls: NginxTls | undefined, user: string | undefined) {
  const secretsFile = writeNginxSecrets(prefix, {
    visitorSecret: visitorSecret(operatorToken ?? randomBytes(32).toString('hex')),
    apiProxySecret: otherApi ? undefined : proxySecret,
  });
  const visitorScriptFile = path.join(prefix, 'visitor-key.js');
  fs.writeFileSync(visitorScriptFile, visitorKeyScript(Boolean(tls)));
  keepGateFor(prefix, user);
  return { secretsFile, visitorScriptFile };
}

/** What the API's user is given: the database's folder, the secrets, and the runtime config's folder the guard writes. */
function keepForApiUser(prefix: string, api: Account | undefined, database: string, runtimeConfigFile: string, { operatorToken, proxySecret }: FormTokens): FormSecrets {
  keepDatabaseFor(api, database);
  const secrets = writeSecrets(prefix, api, { adminToken: operatorToken, proxySecret });
  letGuardWrite(api, runtimeConfigFile, path.join(path.dirname(runtimeConfigFile), RELEASE_HISTORY_FILE));
  return secrets;
}

/** What the start says once everything is started. */
function announce(site: NginxSite, apiOrigin: string, runtimeConfigFile: string): void {
  console.log(`[nginx] 网站：${originOf(site, site.shell.port)}/ ，API 代理：${apiOrigin} → ${site.api.upstream}（只转发参考 API 生产形态的 ${site.api.routes.length} 条路由）`);
  console.log(`[nginx] 运行时配置：${runtimeConfigFile}（修改后自动生效）；页面来自${site.writtenPages ? '构建时写好的文件' : '渲染服务器（构建时的页面是为其他地址写的）'}`);
}

async function main(): Promise<void> {
  const args = formArguments();
  const files = nginxPrefix(makePrefix());
  const { prefix } = files;
  const roots = builtRoots(args.builds);
  const tls = formTls(args, prefix);
  const renderPorts = renderPortsOf(args);
  const origins = servedOrigins(args, tls);
  const runtimeConfigFile = servedConfigFile(args, prefix, roots.shell, origins);
  const referenceApiPort = port(args['reference-api-port']);
  const upstream = args.upstream ?? `http://127.0.0.1:${referenceApiPort}`;
  const routes = await productionRoutes();
  const user = workerUser([roots.shell, ...Object.values(roots.remotes)]);
  const tokens: FormTokens = { operatorToken: adminTokenEnv(process.env), proxySecret: randomBytes(32).toString('hex') };
  const nginxFiles = writeNginxFiles(prefix, tokens, args.upstream, tls, user);
  const describeSite = siteDescriber(args, { roots, tls, runtimeConfigFile, renderPorts, upstream, routes, prefix, ...nginxFiles, user });
  const site = describeSite();
  fs.writeFileSync(files.configFile, renderNginxConfig(site));
  if (args.check) checkNginxConfig(files);

  const accounts = nodeAccounts(ROOT, roots.shell, tls);
  requireKeyUnreadable(accounts, tls);
  const database = path.resolve(args.database);
  const secrets = keepForApiUser(prefix, accounts?.api, database, runtimeConfigFile, tokens);
  const guarding = formGuarding({
    runtimeConfigFile,
    apiOrigin: origins.api,
    adminTokenFile: secrets.adminTokenFile,
    madeAdminToken: secrets.madeAdminToken,
    certificate: tls?.certificate,
    otherApi: args.upstream,
    operatorToken: tokens.operatorToken,
    asApiUser: accounts !== undefined,
  });
  const children = formChildren({
    accounts,
    secrets,
    otherApi: Boolean(args.upstream),
    referenceApiPort,
    database,
    // Several hosts on one PostgreSQL (DATABASE_URL): this host's config file follows the database's, its render
    // servers hear of every activity change, and its guard waits for the site's lease (deploy/ops/coordination/).
    databaseUrl: sharedDatabaseUrl(),
    siteOrigin: originOf(site, site.shell.port),
    remoteOrigins: Object.values(origins.remotes),
    renderPorts,
    shellRoot: roots.shell,
    runtimeConfigFile,
    certificate: tls?.certificate,
    guard: guarding && { ...guarding, metricsPort: port(args['guard-metrics-port'], { anyFree: true }) },
    // Its own role when the site gives one (the several-hosts form): the API's role reads none of their tables.
    coordination: coordinationLogin(),
  });
  runNginx({ files, children, runtimeConfigFile, describeSite });
  announce(site, origins.api, runtimeConfigFile);
}

main().catch((error: unknown) => {
  console.error(`[nginx] 启动失败：${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
