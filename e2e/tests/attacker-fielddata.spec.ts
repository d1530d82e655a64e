import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { formGuard } from '@wenrun/deploy/ops/nginx/formGuard';
import type { EntryChecker } from '@wenrun/deploy/ops/release/entryCheck';
import { historyFileBeside } from '@wenrun/deploy/ops/release/history';
import { takeStep } from '@wenrun/deploy/ops/release/release';
import { releaseView } from '@wenrun/reference-api/test/fieldViews';
import { sendBeacon } from '../support/beacons';
import { expect, test } from '../support/fixtures';
import { ROOT } from '../support/site';

/**
 * Issue 41's first attack, against the production form (nginx over TLS, the reference API in production mode
 * behind it, its guard reading the figures with the admin token): one client posts 260 failing page views of a
 * canary to the public statistics call. Before, the guard aborted the canary with 「错误率：灰度 100.0%（260/260）」;
 * now one address is one client, left out of what the guard judges, and the canary its real visitors find fine
 * stays. Each other visitor is another loopback address (127.0.N.M), which nginx passes on to the API.
 */
test.use({ ignoreHTTPSErrors: true });

/** The canary's entry need not answer here: the release step is told it does (entryCheck.ts is tested alone). */
const answers: EntryChecker = async (entry) => ({ entry, version: entry.includes('/canary/') ? '0.2.0' : '0.1.0' });

/**
 * `command` run in the repository with `args` and the environment `env` (besides PATH) until it has said `until`;
 * what it said. How ops run the guard and `status`: processes of their own, trusting the site's certificate.
 */
function saysUntil(command: string, args: string[], env: NodeJS.ProcessEnv, until: RegExp): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env: { PATH: process.env.PATH, ...env }, detached: true });
    let said = '';
    const stop = () => {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    };
    const late = setTimeout(stop, 60_000);
    const hear = (chunk: Buffer) => {
      said += chunk.toString();
      if (until.test(said)) stop();
    };
    child.stdout.on('data', hear);
    child.stderr.on('data', hear);
    child.on('close', () => {
      clearTimeout(late);
      resolve(said);
    });
  });
}

test('260 forged failing views from one address do not make the guard abort a canary its real visitors find fine; `status` shows the verdict', async ({ nginxSite }) => {
  test.setTimeout(120_000);
  const configFile = nginxSite.runtimeConfigFile;
  const historyFile = historyFileBeside(configFile);
  const original = fs.readFileSync(configFile, 'utf8');
  const originalHistory = fs.existsSync(historyFile) ? fs.readFileSync(historyFile, 'utf8') : undefined;
  const canaryEntry = `${nginxSite.remotes.wuyou}/canary/mf-manifest.json`;
  let serial = 0;

  /** One page view of the activity page from `localAddress`, as a beacon sends it through nginx. */
  const beacon = (localAddress: string, side: 'canary' | 'stable', failed: boolean) => {
    serial += 1;
    return sendBeacon(nginxSite.api, releaseView({ id: `forged-${Date.now()}-${serial}`, side, failed }), { ca: nginxSite.ca, localAddress });
  };
  /** `clients` addresses of 127.0.`block`.0/24, each sending `views` views. */
  const visitors = (block: number, clients: number, views: number, side: 'canary' | 'stable', failed = false) =>
    Promise.all(
      Array.from({ length: clients }, async (_, client) => {
        for (let view = 0; view < views; view += 1) expect((await beacon(`127.0.${block}.${client + 1}`, side, failed)).header.code).toBe('200');
      }),
    );

  try {
    await takeStep({ configFile, verb: 'canary', remote: 'wuyou', entry: canaryEntry, percent: 10, reason: '攻击测试', check: answers });
    // Real-looking visitors: 60 addresses a side, 4 clean views each.
    await visitors(141, 60, 4, 'stable');
    await visitors(142, 60, 4, 'canary');
    // The attack: 260 failing canary views from one address, every one accepted as before.
    await visitors(143, 1, 260, 'canary', true);

    // What the production form's guard does every minute: the guard as the form starts it (formGuard.ts), with the
    // token through nginx's API origin over TLS, trusting the site's certificate; its first check is at once.
    const tokenFile = test.info().outputPath('admin-token');
    fs.writeFileSync(tokenFile, `${nginxSite.adminToken}\n`, { mode: 0o600 });
    const guard = formGuard({ runtimeConfigFile: configFile, apiOrigin: nginxSite.api, adminTokenFile: tokenFile, certificate: nginxSite.certificateFile, metricsPort: 0 });
    const guardSaid = await saysUntil(process.execPath, ['--import', 'tsx', guard.entry, ...(guard.args ?? [])], guard.env ?? {}, /\[guard\] wuyou/);
    expect(guardSaid).toMatch(/\[guard\] wuyou 灰度 .*：未见变差/);
    expect(guardSaid).not.toMatch(/已中止|应中止/);
    const served = JSON.parse(fs.readFileSync(configFile, 'utf8')) as { remotes: { wuyou: { canary?: { entry: string } } } };
    expect(served.remotes.wuyou.canary?.entry).toBe(canaryEntry);

    // `status` as ops run it: the command the start printed, word for word (the served config, nginx's API origin,
    // the site's certificate).
    const printed = /查看状态：(.+)$/m.exec(fs.readFileSync(nginxSite.logFile, 'utf8'))?.[1];
    expect(printed).toContain(`--field-data ${nginxSite.api}`);
    const status = await saysUntil('sh', ['-c', printed ?? 'false'], {}, /最近的发布记录/);
    expect(status).toMatch(/守卫判定（灰度开始以来 \d+ 分钟）：未见变差/);
    // The canary side as ops see it: all 500 views, from 61 addresses; the one that sent 260 is left out of the verdict.
    expect(status).toMatch(/灰度\s+500\s+61\s/);
  } finally {
    fs.writeFileSync(configFile, original);
    if (originalHistory === undefined) fs.rmSync(historyFile, { force: true });
    else fs.writeFileSync(historyFile, originalHistory);
  }
});
