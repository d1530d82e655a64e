/**
 * The config follower as a process of its own, one per host (README of this folder):
 *
 *   DATABASE_URL=postgres://… npx tsx deploy/ops/coordination/configFollowerMain.ts --config FILE [--resync-seconds 30]
 *
 * The address comes from the environment, not the command line, where `ps` would show its password to every user.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { RESYNC_MS, startConfigFollower } from './configFollower';
import { sharedDatabaseUrl } from './sharedConfig';

const { values: args } = parseArgs({
  options: {
    config: { type: 'string' },
    'resync-seconds': { type: 'string', default: String(RESYNC_MS / 1000) },
  },
});
const databaseUrl = sharedDatabaseUrl();
const configFile = args.config ?? process.env.RUNTIME_CONFIG_FILE;
const resyncMs = Number(args['resync-seconds']) * 1000;
if (!databaseUrl || !configFile || !(resyncMs > 0)) {
  console.error('[config] 用法：DATABASE_URL=postgres://… npx tsx deploy/ops/coordination/configFollowerMain.ts --config 运行时配置文件 [--resync-seconds 30]');
  process.exit(2);
}

const follower = startConfigFollower({ databaseUrl, configFile: path.resolve(configFile), resyncMs });
void follower.ready.then(() => console.log(`[config] 已按数据库中的第 ${follower.version()} 版写入 ${path.resolve(configFile)}，之后每次发布都会写入`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void follower.stop().finally(() => process.exit(0)));
}
