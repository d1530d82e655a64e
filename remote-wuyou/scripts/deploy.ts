/**
 * Deploys remote-wuyou on its own: builds it into a fresh staging folder beside the served one, checks the build,
 * then publishes it (see publish.ts for the order that keeps visitors safe mid-deploy) and says which version is
 * now live. The shell is neither rebuilt nor touched: it reads the no-cache manifest on the next page load.
 *
 *   npx tsx remote-wuyou/scripts/deploy.ts --target <served folder> [--grace-days 7] [--prune]
 *
 * BUILD_VERSION, BUILD_GIT_HASH and BUILD_TIME stamp the build as with `npm run build`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { besideTarget, DEFAULT_GRACE_DAYS, publishBuild } from './publish';
import { VERSION_FILE } from '../../shared/src/config/parts';

const PART_DIR = path.resolve(import.meta.dirname, '..');
const WEBPACK = path.resolve(PART_DIR, '..', 'node_modules', '.bin', 'webpack');

const USAGE = `用法：npx tsx remote-wuyou/scripts/deploy.ts --target <目录> [--grace-days <天数>] [--prune]
  --target      活动页对外服务的目录（不存在时创建）
  --grace-days  旧版本的带哈希文件在下线后保留的天数，默认 ${DEFAULT_GRACE_DAYS}
  --prune       立即删除新版本不再使用的带哈希文件`;

function fail(message: string): never {
  console.error(`[deploy] ${message}`);
  process.exit(1);
}

function readOptions() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        target: { type: 'string' },
        'grace-days': { type: 'string', default: String(DEFAULT_GRACE_DAYS) },
        prune: { type: 'boolean', default: false },
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
  if (!values.target) fail(`缺少 --target\n${USAGE}`);
  const graceDays = Number(values['grace-days']);
  if (!Number.isFinite(graceDays) || graceDays < 0) fail(`--grace-days 应为不小于 0 的数字：${values['grace-days']}`);
  // Under `npm run deploy -w remote-wuyou` the script runs in the part's folder; a relative --target means the
  // folder the command was typed in (npm passes it as INIT_CWD).
  const typedIn = process.env.INIT_CWD ?? process.cwd();
  return { target: path.resolve(typedIn, values.target), graceDays, prune: values.prune };
}

/** The git hash in the version names a commit: say so when the build would include changes that are not in it. */
function warnIfUncommitted(): void {
  const status = spawnSync('git', ['status', '--porcelain', '--', '.', '../shared', '../webpack.common.ts'], {
    cwd: PART_DIR,
    encoding: 'utf8',
  });
  if (status.status === 0 && status.stdout.trim() !== '') {
    console.warn('[deploy] 注意：工作区有未提交的修改，构建会包含它们，版本中的提交哈希不能完全说明所发布的内容');
  }
}

function build(staging: string): void {
  console.info(`[deploy] 构建 remote-wuyou 到 ${staging} …`);
  const result = spawnSync(WEBPACK, ['--mode', 'production'], {
    cwd: PART_DIR,
    stdio: 'inherit',
    env: { ...process.env, OUT_DIR: staging },
  });
  if (result.status !== 0) fail('构建失败，已发布的版本保持不变');
}

function main(): void {
  const { target, graceDays, prune } = readOptions();
  if (fs.existsSync(target) && !fs.statSync(target).isDirectory()) fail(`--target 不是目录：${target}`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  // Beside the target, so that publishing is a rename on the same file system.
  const staging = fs.mkdtempSync(besideTarget(target, 'staging-'));
  try {
    warnIfUncommitted();
    build(staging);
    const { info, added, kept, removed } = publishBuild({ staging, target, graceDays, prune });
    console.info(`[deploy] 新增 ${added} 个文件，保留旧文件 ${kept} 个，删除 ${removed} 个`);
    console.info(`[deploy] 已发布 ${info.name} ${info.version}（${info.gitHash}，构建于 ${info.builtAt}）到 ${target}`);
    console.info(`[deploy] 版本信息：${path.join(target, VERSION_FILE)}`);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

main();
