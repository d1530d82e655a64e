/**
 * `npm run release -- <verb>`: releases for ops, on the machine that serves `runtime-config.json` (README of this
 * folder). Every step is checked, written atomically and recorded; a refusal exits 1 with its reason in Chinese.
 *
 *   status
 *   canary   --remote R --entry URL --percent P --build DIR
 *   widen    --remote R --percent P
 *   promote  --remote R
 *   abort    --remote R
 *   rollback --remote R [--to URL [--build DIR]]
 *
 * --build: the build folder released at the new entry; the digests of its files are recorded in the config (a
 * step that brings an entry with none is refused in the production form).
 * Every verb: [--config FILE] (default: RUNTIME_CONFIG_FILE, else the shell's build), [--reason 文字];
 * status: [--field-data URL] (default: the config's apiBaseUrl), with ADMIN_TOKEN or ADMIN_TOKEN_FILE in production.
 * With DATABASE_URL=postgres://… (several hosts) a step reads and writes the config kept there (deploy/ops/coordination/);
 * each host's follower writes its file.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { describeRelease, RUNTIME_CONFIG_FILE, SHELL_PART } from '@wenrun/shared/node';
import { tokenFromEnv } from './fieldDataClient';
import { configSourceFor } from '../coordination/sharedConfig';
import { historyFileBeside, HISTORY_VERBS, type HistoryVerb } from './history';
import { takeStep } from './release';
import { ReleaseRefusal } from './remoteSetting';
import { statusReport } from './status';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

const USAGE = `用法：npm run release -- <status|${HISTORY_VERBS.join('|')}> [--remote R] [--entry URL] [--percent P] [--to URL] [--build 目录] [--reason 文字] [--config FILE]`;

async function main(): Promise<void> {
  const { values: args, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      config: { type: 'string' },
      remote: { type: 'string' },
      entry: { type: 'string' },
      percent: { type: 'string' },
      to: { type: 'string' },
      build: { type: 'string' },
      reason: { type: 'string' },
      'field-data': { type: 'string' },
    },
  });
  const [verb] = positionals;
  const configFile = path.resolve(args.config ?? process.env.RUNTIME_CONFIG_FILE ?? path.join(ROOT, SHELL_PART.folder, 'dist', RUNTIME_CONFIG_FILE));
  const token = tokenFromEnv();
  if (verb === 'status') {
    const lines = await statusReport({ configFile, fieldData: { ...(args['field-data'] ? { baseUrl: args['field-data'] } : {}), ...(token ? { token } : {}) } });
    console.log(lines.join('\n'));
    return;
  }
  if (!(HISTORY_VERBS as readonly string[]).includes(verb ?? '')) {
    console.error(USAGE);
    process.exit(2);
  }
  const source = configSourceFor(configFile);
  const { line, states } = await takeStep({
    configFile,
    source,
    verb: verb as HistoryVerb,
    remote: args.remote ?? '',
    ...(args.entry ? { entry: args.entry } : {}),
    ...(args.percent !== undefined ? { percent: Number(args.percent) } : {}),
    ...(args.to ? { to: args.to } : {}),
    ...(args.build ? { build: path.resolve(args.build) } : {}),
    pinsRequired: true,
    reason: args.reason ?? '运维命令',
  }).finally(() => source.close());
  console.log(`[release] ${line.verb} ${line.remote}：${describeRelease(line.before)}`);
  console.log(`[release]   → ${describeRelease(line.after)}`);
  if (args.build) console.log(`[release]   已按 ${path.resolve(args.build)} 中的文件记录新入口的 SHA-384 摘要（runtime-config.json 的 digests）`);
  for (const state of states) console.log(`[release]   ${state.entry}：${state.version ? `版本 ${state.version}` : `不可用（${state.problem}）`}`);
  console.log(
    source.shared
      ? '[release] 已写入共享数据库（含发布记录），各主机的配置跟随进程几秒内写入各自的 runtime-config.json，访客下次打开页面时生效'
      : `[release] 已写入 ${configFile}，访客下次打开页面时生效；记录在 ${historyFileBeside(configFile)}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ReleaseRefusal ? `[release] ${error.message}` : `[release] 失败：${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
