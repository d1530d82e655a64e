/**
 * Deploys one remote on its own: builds it into a fresh staging folder beside the served one, checks the build,
 * then publishes it (see publish.ts for the order that keeps visitors safe mid-deploy) and says which version is
 * now live. The shell is not rebuilt: it reads the no-cache manifest on the next page load, and the render server
 * notices the new manifest. For remote-wuyou, `--shell` then renders the activity pages in the shell's served folder
 * again, in Node, from the published build (see deploy/assemble/pages/activityPages.ts); they and their shared-link pictures
 * are the only things written there.
 *
 *   npm run deploy -- --remote <name> --target <served folder> [--entry URL [--config FILE]] [--grace-days 7] [--prune]
 *   npm run deploy -w remote-wuyou -- --target <served folder> [--shell <shell's served folder>] [--pages-only]
 *
 * `--entry`: the address the config lists for the manifest the target serves. The new build's digests, read from
 * the staging folder before it is published, replace that entry's in the runtime config (`--config`, else
 * `--shell`'s, else RUNTIME_CONFIG_FILE), so the shell and the render servers run the new build and nothing else.
 * With DATABASE_URL (several hosts) they go into the config kept in PostgreSQL instead, which every host follows
 * (the file only seeds it), and `--entry` is required.
 *
 * BUILD_VERSION, BUILD_GIT_HASH and BUILD_TIME stamp the build as with `npm run build`; SITE_URL is the site's
 * public address in the pages' canonical links, as with `npm run build`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  APP_PAGE,
  MANIFEST_FILE,
  REMOTE_NAMES,
  REMOTE_PARTS,
  RUNTIME_CONFIG_FILE,
  VERSION_FILE,
  type RemoteName,
} from '@wenrun/shared/node';
import { buildDigests } from '../assemble/digests/buildDigests';
import { writeActivityPages } from '../assemble/pages/activityPages';
import { openLocalRenderer } from '../assemble/pages/localRenderer';
import { SITE_URL } from '../assemble/pages/siteUrl';
import { sharedDatabaseUrl } from '../serve/siteProcesses';
import { configSourceFor, type SharedConfigSource } from './coordination/sharedConfig';
import { besideTarget, checkBuild, DEFAULT_GRACE_DAYS, publishBuild } from './publish';
import { recordPins, unpinnableProblem } from './release/buildPins';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const WEBPACK = path.join(ROOT, 'node_modules', '.bin', 'webpack');
/** The one remote whose deploy also writes pages into the shell's folder: the activity pages. */
const PAGES_REMOTE: RemoteName = 'wuyou';

const USAGE = `用法：npm run deploy -- --remote <${REMOTE_NAMES.join('|')}> --target <目录> [--entry <地址> [--config <文件>]] [--shell <目录>] [--grace-days <天数>] [--prune]
  --remote      要发布的 remote
  --target      该 remote 对外服务的目录（不存在时创建）
  --entry       运行时配置中该目录的 ${MANIFEST_FILE} 地址：发布后用新构建各文件的 SHA-384 摘要替换该入口记录的摘要
                （生产形态只运行摘要相符的文件；不写此项时，新版本要等摘要记录后才会被运行）
  --config      记录摘要的 ${RUNTIME_CONFIG_FILE}，默认 --shell 目录中的，其次环境变量 RUNTIME_CONFIG_FILE；
                有 DATABASE_URL（多主机形态）时摘要记录在数据库的共享配置中，各主机随之更新，此时必须写 --entry
  --shell       （仅 wuyou）官网（shell）对外服务的目录，其中有 ${APP_PAGE}、${RUNTIME_CONFIG_FILE} 和 server/。发布后为 API 列出的
                每个活动用刚发布的版本渲染 /wuyou/{编号}，写入该目录的 wuyou/{编号}/index.html（及分享图片
                cover.png），并删除已下线活动的页面。不写此项时不改动官网目录
  --grace-days  旧版本的带哈希文件在下线后保留的天数，默认 ${DEFAULT_GRACE_DAYS}
  --prune       立即删除新版本不再使用的带哈希文件
  --pages-only  不构建、不发布：只用 --target 中已上线的版本重写 --shell 中的活动页（活动上下线之后用）
环境变量 SITE_URL：官网的对外地址，写入页面的 canonical 链接（现为 ${SITE_URL}）`;

function fail(message: string): never {
  console.error(`[deploy] ${message}`);
  process.exit(1);
}

function readOptions() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        remote: { type: 'string' },
        target: { type: 'string' },
        shell: { type: 'string' },
        entry: { type: 'string' },
        config: { type: 'string' },
        'grace-days': { type: 'string', default: String(DEFAULT_GRACE_DAYS) },
        prune: { type: 'boolean', default: false },
        'pages-only': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.help) {
    console.info(USAGE);
    process.exit(0);
  }
  const remote = values.remote as RemoteName | undefined;
  if (!remote || !REMOTE_NAMES.includes(remote)) fail(`缺少或不认识 --remote（${REMOTE_NAMES.join('、')}）\n${USAGE}`);
  if (!values.target) fail(`缺少 --target\n${USAGE}`);
  if ((values.shell || values['pages-only']) && remote !== PAGES_REMOTE) fail(`--shell 和 --pages-only 只用于 ${PAGES_REMOTE}（活动页）`);
  const graceDays = Number(values['grace-days']);
  if (!Number.isFinite(graceDays) || graceDays < 0) fail(`--grace-days 应为不小于 0 的数字：${values['grace-days']}`);
  // Under `npm run deploy -w remote-wuyou` the script runs in the part's folder; a relative --target means the
  // folder the command was typed in (npm passes it as INIT_CWD).
  const typedIn = process.env.INIT_CWD ?? process.cwd();
  const shell = values.shell === undefined ? undefined : path.resolve(typedIn, values.shell);
  if (shell) checkShellFolder(shell);
  if (values['pages-only'] && !shell) fail(`--pages-only 需要 --shell\n${USAGE}`);
  const pin = pinTarget(values.entry, values.config === undefined ? undefined : path.resolve(typedIn, values.config), shell);
  return { remote, target: path.resolve(typedIn, values.target), shell, graceDays, prune: values.prune, pagesOnly: values['pages-only'], pin };
}

/**
 * Where the new build's digests go: the runtime config (`configSourceFor`: the file, or on several hosts the one in
 * PostgreSQL). On several hosts a deploy without `--entry` is refused before anything is built: no host would run
 * the build it publishes, and no host's file is where its pins could be recorded by hand.
 */
function pinTarget(entry: string | undefined, config: string | undefined, shell: string | undefined): { entry: string; configFile: string } | undefined {
  if (entry === undefined) {
    if (config !== undefined) fail(`--config 需要 --entry\n${USAGE}`);
    if (sharedDatabaseUrl()) fail(`拒绝部署：多主机形态（DATABASE_URL）下必须写 --entry，新构建的摘要才会记录在共享的运行时配置中；没有摘要的构建任何主机都不会运行\n${USAGE}`);
    return undefined;
  }
  const configFile = config ?? (shell ? path.join(shell, RUNTIME_CONFIG_FILE) : process.env.RUNTIME_CONFIG_FILE);
  if (!configFile || !fs.existsSync(configFile)) fail(`--entry 需要运行时配置（--config、--shell 或 RUNTIME_CONFIG_FILE）：${configFile ?? '未指定'}`);
  return { entry, configFile };
}

/** The config the pins go into, checked before anything is built: the entry must be one it lists. */
async function openPinTarget(pin: { entry: string; configFile: string }): Promise<PinTarget> {
  const source = configSourceFor(pin.configFile);
  const where = source.shared ? '共享数据库中的运行时配置' : pin.configFile;
  const problem = await unpinnableProblem(source, where, pin.entry).catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
  if (problem) {
    await source.close();
    fail(problem);
  }
  return { ...pin, source, where };
}

interface PinTarget {
  entry: string;
  source: SharedConfigSource & { shared: boolean };
  where: string;
}

/** Checked before anything is built or published: a deploy that cannot render its pages does not start. */
function checkShellFolder(shell: string): void {
  for (const file of [APP_PAGE, RUNTIME_CONFIG_FILE, 'server/server.js']) {
    if (!fs.existsSync(path.join(shell, file))) fail(`--shell 目录中没有 ${file}：${shell}`);
  }
}

/** The git hash in the version names a commit: say so when the build would include changes that are not in it. */
function warnIfUncommitted(partDir: string): void {
  const status = spawnSync('git', ['status', '--porcelain', '--', '.', '../shared', '../webpack.common.ts', '../deploy/assemble/webpack'], {
    cwd: partDir,
    encoding: 'utf8',
  });
  if (status.status === 0 && status.stdout.trim() !== '') {
    console.warn('[deploy] 注意：工作区有未提交的修改，构建会包含它们，版本中的提交哈希不能完全说明所发布的内容');
  }
}

function build(partDir: string, staging: string): void {
  console.info(`[deploy] 构建 ${path.basename(partDir)} 到 ${staging} …`);
  const result = spawnSync(WEBPACK, ['--mode', 'production'], {
    cwd: partDir,
    stdio: 'inherit',
    env: { ...process.env, OUT_DIR: staging },
  });
  if (result.status !== 0) throw new Error('构建失败，已发布的版本保持不变');
}

/** The activity pages of the site, rendered again from the build now live. */
async function writePages(shell: string, target: string): Promise<void> {
  console.info(`[deploy] 渲染活动页到 ${shell} …`);
  let failed: string[];
  try {
    const { renderer, apiTarget, close } = await openLocalRenderer(shell, { wuyou: target }, 'configured');
    try {
      const result = await writeActivityPages(renderer, shell, apiTarget);
      for (const { pathname, title } of result.written) console.info(`[deploy] ${pathname}（${title}）`);
      for (const pathname of result.removed) console.info(`[deploy] 活动已下线，删除了 ${pathname} 的页面`);
      console.info(`[deploy] 渲染了 ${result.written.length} 个活动页，删除 ${result.removed.length} 个`);
      failed = result.failed;
    } finally {
      await close();
    }
  } catch (error) {
    failed = [error instanceof Error ? error.message : String(error)];
  }
  if (failed.length) fail(`新版本已发布，但有活动页没有写成（原有页面保持原样）：${failed.join('；')}`);
}

async function main(): Promise<void> {
  const options = readOptions();
  const { remote, target, shell, graceDays, prune, pagesOnly } = options;
  const pin = options.pin && (await openPinTarget(options.pin));
  const partDir = path.join(ROOT, REMOTE_PARTS[remote].folder);
  if (pagesOnly && shell) {
    await writePages(shell, target);
    process.exit(0);
  }
  if (fs.existsSync(target) && !fs.statSync(target).isDirectory()) fail(`--target 不是目录：${target}`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  // Beside the target, so that publishing is a rename on the same file system.
  const staging = fs.mkdtempSync(besideTarget(target, 'staging-'));
  // Failures are reported after the staging folder is gone: process.exit inside the try would skip the finally.
  let failure: string | undefined;
  try {
    warnIfUncommitted(partDir);
    build(partDir, staging);
    // Read from the build before it is served: what the origin serves afterwards is what the digests guard.
    const digests = pin ? (checkBuild(staging), buildDigests(staging)) : undefined;
    const { info, added, kept, removed } = publishBuild({ staging, target, graceDays, prune });
    if (pin && digests) {
      await recordPins(pin.source, pin.where, { [pin.entry]: digests }).catch((error: unknown) => {
        throw new Error(`新版本已发布，但摘要没有记录（在记录之前不会被运行）：${error instanceof Error ? error.message : String(error)}`);
      });
      console.info(`[deploy] 已在${pin.where}记录 ${pin.entry} 的 ${Object.keys(digests).length} 个文件摘要`);
      if (pin.source.shared) console.info('[deploy] 各主机的配置跟随进程几秒内写入各自的 runtime-config.json');
    } else {
      console.warn(`[deploy] 注意：没有 --entry，运行时配置没有记录新版本的摘要；生产形态在记录之前不会运行它（再次部署时加 --entry）`);
    }
    console.info(`[deploy] 新增 ${added} 个文件，保留旧文件 ${kept} 个，删除 ${removed} 个`);
    console.info(`[deploy] 已发布 ${info.name} ${info.version}（${info.gitHash}，构建于 ${info.builtAt}）到 ${target}`);
    console.info(`[deploy] 版本信息：${path.join(target, VERSION_FILE)}`);
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    await pin?.source.close();
  }
  if (failure !== undefined) fail(failure);
  if (shell) await writePages(shell, target);
  // The federation runtime and the API client may keep handles open once the pages are written.
  process.exit(0);
}

void main();
