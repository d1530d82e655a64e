/**
 * Who runs what in the production form (issue 41): started as root, none of its Node processes is. The reference API
 * and the canary guard run as `wenrun-api`, the only user that reads the database and the tokens; the render servers,
 * which run each remote's server build fetched at run time, as `wenrun-render`, which reads none of them; nginx's
 * workers as `www-data`; the TLS key stays root's (nginx's master reads it). Started as another user, everything
 * runs as that user, as before.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { VERSION_FILE } from '@wenrun/shared/node';
import { handOver, writeNewFile } from './rootWrites';

export interface Account {
  name: string;
  uid: number;
  gid: number;
}

/** The API's and the guard's user, and the render servers'. */
export const API_USER = 'wenrun-api';
export const RENDER_USER = 'wenrun-render';

export function isRoot(): boolean {
  return process.getuid?.() === 0;
}

function idOf(name: string, flag: '-u' | '-g'): number | undefined {
  const result = spawnSync('id', [flag, name], { encoding: 'utf8' });
  return result.status === 0 ? Number(result.stdout.trim()) : undefined;
}

/** The system user `name`, made now when the machine has none (no home, no login shell). */
export function systemAccount(name: string): Account {
  if (idOf(name, '-u') === undefined) {
    const made = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', name], { encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`无法创建系统用户 ${name}：${made.stderr.trim()}`);
    console.log(`[nginx] 已创建系统用户 ${name}（useradd --system，无家目录、不能登录）`);
  }
  const uid = idOf(name, '-u');
  const gid = idOf(name, '-g');
  if (uid === undefined || gid === undefined) throw new Error(`找不到系统用户 ${name}`);
  return { name, uid, gid };
}

/** Whether `user` can read `file` (and reach it: every folder above it). */
export function canRead(user: string, file: string): boolean {
  return spawnSync('runuser', ['-u', user, '--', 'test', '-r', file]).status === 0;
}

/** Stops the start when `user` cannot read what it runs or serves; the same advice for nginx's workers and the Node processes. */
export function requireReadable(user: string, role: string, files: string[]): void {
  const unreadable = files.filter((file) => !canRead(user, file));
  if (unreadable.length) {
    throw new Error(`${role}以 ${user} 身份运行，但它读不到 ${unreadable.join('、')}：把构建目录放在 ${user} 可读的位置（或 chmod o+rx 其上级目录）`);
  }
}

/**
 * Whom nginx's workers run as when it is started as root: Debian's `www-data`, else `nobody`; never root, whose
 * workers would hand whoever breaks one the whole machine. They must be able to read what they serve.
 */
export function workerUser(roots: string[]): string | undefined {
  if (!isRoot()) return undefined;
  const user = spawnSync('id', ['-u', 'www-data'], { stdio: 'ignore' }).status === 0 ? 'www-data' : 'nobody';
  requireReadable(user, 'nginx 的工作进程', roots.map((root) => path.join(root, VERSION_FILE)));
  return user;
}

/** The users of the form's Node processes: the API's and the guard's, and the render servers'. */
export interface NodeAccounts {
  api: Account;
  render: Account;
}

/**
 * The Node processes' users when started as root, once each can read the code it runs from `root` (and the render
 * server the shell's build); none when started as another user.
 */
export function nodeAccounts(root: string, shellRoot: string, tls: { certificate: string } | undefined): NodeAccounts | undefined {
  if (!isRoot()) return undefined;
  const api = systemAccount(API_USER);
  const render = systemAccount(RENDER_USER);
  const code = ['node_modules/tsx/package.json', 'reference-api/src/main.ts', 'render-server/src/server/main.ts'].map((file) => path.join(root, file));
  // Both trust the site's certificate to fetch through nginx (NODE_EXTRA_CA_CERTS): unreadable, every remote's
  // manifest would fail to load and every page would be the client page.
  const certificate = tls ? [tls.certificate] : [];
  requireReadable(api.name, '参考 API 和灰度守卫', [...code, ...certificate]);
  requireReadable(render.name, '渲染服务器', [...code, ...certificate, path.join(shellRoot, VERSION_FILE)]);
  return { api, render };
}

/** Stops the start when a Node process's user could read the TLS key, which only nginx's master (root) needs. */
export function requireKeyUnreadable(accounts: NodeAccounts | undefined, tls: { key: string } | undefined): void {
  const keyReaders = accounts && tls ? [accounts.api.name, accounts.render.name].filter((name) => canRead(name, tls.key)) : [];
  if (keyReaders.length) throw new Error(`TLS 私钥 ${tls?.key} 能被 ${keyReaders.join('、')} 读取：chmod 600（只有 root，即 nginx 的主进程，需要读它）`);
}

/** A child's user and group, when it has one. */
export const runAs = (account: Account | undefined) => (account ? { uid: account.uid, gid: account.gid } : {});

/** SQLite's own files beside a database: nothing else may be in the folder the API's user is given. */
const DATABASE_FILE = /\.db(-wal|-shm|-journal)?$/;

/**
 * The database's folder made the API user's alone (0700; SQLite writes its journal beside the file). A folder that
 * holds anything but databases is refused rather than handed over: `--database ./site.db` must not give the
 * repository to that user.
 */
export function keepDatabaseFor(account: Account | undefined, database: string): void {
  const folder = path.dirname(database);
  fs.mkdirSync(folder, { recursive: true });
  if (!account) return;
  const others = fs.readdirSync(folder).filter((name) => !DATABASE_FILE.test(name));
  if (others.length) {
    throw new Error(`数据库目录 ${folder} 里还有其他文件（${others.slice(0, 3).join('、')}）：生产形态把这个目录交给 ${account.name} 独占，请用 --database 把数据库放在单独的目录`);
  }
  // The folder is that user's: whatever it left there is handed over only as what it is, never through a link.
  for (const name of ['', ...fs.readdirSync(folder)]) {
    handOver(path.join(folder, name), account.uid, account.gid, () => (name ? 0o600 : 0o700));
  }
}

/** The secrets' files, the render servers' service token (sent on their standard input), and whether the admin token was made now. */
export interface FormSecrets {
  adminTokenFile: string;
  serviceTokenFile: string;
  proxySecretFile: string;
  serviceToken: string;
  madeAdminToken: boolean;
}

/**
 * The form's secrets, in a folder of the prefix only the API's user reads (0700): the admin token (the operator's,
 * or one made for this run, so that the guard can always read field data), the service token of the site's own
 * servers, and the secret nginx proves itself with (`writeNginxSecrets`). Neither is left in any child's environment, where the render servers would inherit the admin token.
 */
export function writeSecrets(
  prefix: string,
  account: Account | undefined,
  { adminToken, proxySecret }: { adminToken: string | undefined; proxySecret: string },
): FormSecrets {
  const folder = path.join(prefix, 'secrets');
  fs.mkdirSync(folder, { mode: 0o700 });
  const serviceToken = randomBytes(32).toString('hex');
  const files = {
    adminTokenFile: path.join(folder, 'admin-token'),
    serviceTokenFile: path.join(folder, 'service-token'),
    proxySecretFile: path.join(folder, 'proxy-secret'),
  };
  // Each file is the API user's from its making, and the folder becomes that user's last: once it is, that user
  // could swap a name in it for a link.
  const owner = account ? { uid: account.uid, gid: account.gid } : undefined;
  writeNewFile(files.adminTokenFile, `${adminToken ?? randomBytes(32).toString('hex')}\n`, { mode: 0o600, owner });
  writeNewFile(files.serviceTokenFile, `${serviceToken}\n`, { mode: 0o600, owner });
  writeNewFile(files.proxySecretFile, `${proxySecret}\n`, { mode: 0o600, owner });
  if (account) handOver(folder, account.uid, account.gid, () => 0o700);
  return { ...files, serviceToken, madeAdminToken: adminToken === undefined };
}

/**
 * nginx's secrets, as config lines its http block includes (nginxSite.ts `secretsFile`): the visitor keys' signing
 * secret and the API proxy's. In a folder of the prefix only root reads when started as root (nginx's master reads
 * its config as root; the workers get the values, never the file), else only this user: the prefix itself is
 * readable by every user of the form, the render servers' among them.
 */
export function writeNginxSecrets(prefix: string, { visitorSecret, apiProxySecret }: { visitorSecret: string; apiProxySecret: string | undefined }): string {
  const folder = path.join(prefix, 'nginx-secrets');
  fs.mkdirSync(folder, { mode: 0o700 });
  const file = path.join(folder, 'secrets.conf');
  const lines = [
    `js_var $visitor_secret "${visitorSecret}";`,
    // Empty when another API stands behind nginx: the header is then not sent at all.
    `map $host $api_proxy_secret { default "${apiProxySecret ?? ''}"; }`,
  ];
  fs.writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  return file;
}

/**
 * The folder of the page gate's socket (visitors.ts `pageGateSocket`): nginx's workers' alone (0700), so that no
 * other process of the machine reaches the render servers past the visitors' budgets.
 */
export function keepGateFor(prefix: string, workerUser: string | undefined): void {
  const folder = path.join(prefix, 'gate');
  fs.mkdirSync(folder, { mode: 0o700 });
  if (!workerUser) return;
  const uid = idOf(workerUser, '-u');
  const gid = idOf(workerUser, '-g');
  if (uid === undefined || gid === undefined) throw new Error(`找不到用户 ${workerUser}`);
  fs.chownSync(folder, uid, gid);
}

/**
 * The guard aborts a canary by rewriting the runtime config (a new file moved over it) and appending to the release
 * history beside it: the folder and the history are given the API user's group, writable by it. Only a folder that
 * holds nothing else: in one shared with nginx's config or a key, that user could put its own in their place.
 */
export function letGuardWrite(account: Account | undefined, runtimeConfigFile: string, historyFile: string): void {
  if (!account) return;
  const folder = path.dirname(runtimeConfigFile);
  const own = new Set([path.basename(runtimeConfigFile), path.basename(historyFile)]);
  const others = fs.readdirSync(folder).filter((name) => !own.has(name) && !/^\..*\.tmp$/.test(name));
  if (others.length) {
    throw new Error(`运行时配置所在目录 ${folder} 里还有其他文件（${others.slice(0, 3).join('、')}）：灰度守卫（${account.name}）要能写这个目录，请用 --runtime-config 把运行时配置放在单独的目录`);
  }
  // That user may have written both names already (the guard moves a new config over the old): each is changed
  // only as the file it is, never through a link (rootWrites.ts).
  if (!fs.existsSync(historyFile)) writeNewFile(historyFile, '');
  handOver(folder, -1, account.gid, (mode) => mode | 0o070);
  for (const file of [runtimeConfigFile, historyFile]) handOver(file, -1, account.gid, (mode) => mode | 0o060);
}


/**
 * What the API, the guard and the coordination processes must not take from start.ts's environment, whatever lists
 * of names they inherit (deploy/serve/childEnv.ts): the tokens go by file instead, and the database's address only as
 * start.ts gives it to each by name. The render servers inherit none of these names at all.
 */
export const SECRETS_UNSET: NodeJS.ProcessEnv = {
  DATABASE_URL: undefined,
  ADMIN_TOKEN: undefined,
  ADMIN_TOKEN_FILE: undefined,
  SERVICE_TOKEN: undefined,
  SERVICE_TOKEN_FILE: undefined,
  PROXY_SECRET: undefined,
  PROXY_SECRET_FILE: undefined,
};
