import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { MANIFEST_FILE, parseRuntimeConfig, pinnedFile } from '@wenrun/shared/node';
import { buildDigests, releasedFiles, sha384Of } from '../../assemble/digests/buildDigests';
import { startConfigFollower, type ConfigFollower } from './configFollower';
import { readStoredConfig } from './sharedConfig';
import { describeWithPostgres } from '../postgres/suiteCluster';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
/** The entry every host's config lists for the about remote's served folder. */
const ENTRY = 'https://about.example.cn/mf-manifest.json';
const OLD_PINS = { 'remoteEntry.js': `sha384-${'a'.repeat(64)}` };

/** `npm run deploy` as ops run it on one host of several: a process of its own, with the site's DATABASE_URL. */
function deploy(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'deploy/ops/deployRemote.ts', '--remote', 'about', ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

/** The pins `file` holds for ENTRY, once it holds `expected` (polled: each host's follower writes its own file). */
async function pinsOnceEqual(file: string, expected: Record<string, string>, timeoutMs = 10_000): Promise<Record<string, string> | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pins = parseRuntimeConfig(JSON.parse(fs.readFileSync(file, 'utf8'))).config.digests[ENTRY];
    if (JSON.stringify(pins) === JSON.stringify(expected) || Date.now() > deadline) return pins;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describeWithPostgres('npm run deploy on several hosts (issue 51): the pins go into the shared config, every host runs only them', 'deployDigests', (postgres) => {
  let followers: ConfigFollower[] = [];
  const hostFile = (host: string) => path.join(postgres.dir, host, 'runtime-config.json');

  beforeEach(async () => {
    for (const host of ['a', 'b']) fs.mkdirSync(path.join(postgres.dir, host));
    // The production form's config (its API on https): host a's file becomes the shared config's first version.
    fs.writeFileSync(hostFile('a'), `${JSON.stringify({ apiBaseUrl: 'https://api.example.cn', remotes: { about: [ENTRY] }, digests: { [ENTRY]: OLD_PINS } }, null, 2)}\n`);
    for (const host of ['a', 'b']) followers.push(startConfigFollower({ databaseUrl: postgres.cluster.url, configFile: hostFile(host), log: () => undefined }));
    await Promise.all(followers.map((follower) => follower.ready));
  });
  afterEach(async () => {
    await Promise.all(followers.map((follower) => follower.stop()));
    followers = [];
  });

  it("records the published build's digests once, in the database, and every host's config pins them: a byte changed on the origin is refused by each", async () => {
    const target = path.join(postgres.dir, 'served-about');
    const run = await deploy(['--target', target, '--entry', ENTRY, '--config', hostFile('a')], { DATABASE_URL: postgres.cluster.url });
    expect(run.code).toBe(0);
    const published = buildDigests(target);
    for (const host of ['a', 'b']) expect(await pinsOnceEqual(hostFile(host), published)).toEqual(published);
    expect(parseRuntimeConfig(JSON.parse((await readStoredConfig(postgres.client))?.text ?? '{}')).config.digests[ENTRY]).toEqual(published);

    // The attacker changes one byte of a chunk the manifest names, on the origin, after the release.
    const chunk = releasedFiles(target).find((file) => file.endsWith('.js') && file !== 'remoteEntry.js' && !file.startsWith('server/'));
    if (!chunk) throw new Error('构建里没有 manifest 列出的脚本');
    const bytes = fs.readFileSync(path.join(target, chunk));
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    fs.writeFileSync(path.join(target, chunk), bytes);
    const url = new URL(chunk, ENTRY).href;
    for (const host of ['a', 'b']) {
      const { digests } = parseRuntimeConfig(JSON.parse(fs.readFileSync(hostFile(host), 'utf8'))).config;
      const pinned = pinnedFile(digests, [ENTRY], url);
      // What the integrity plugin compares on every host (browser and render server): the pin is the released bytes'.
      expect(pinned?.file).toBe(chunk);
      expect(pinned?.digest).not.toBe(sha384Of(bytes));
      expect(pinned?.digest).toBe(published[chunk]);
    }
  }, 240_000);

  it('refuses a deploy with no --entry before it builds or publishes anything: no host would run it', async () => {
    const target = path.join(postgres.dir, 'served-about');
    const before = await readStoredConfig(postgres.client);
    const run = await deploy(['--target', target], { DATABASE_URL: postgres.cluster.url });
    expect([run.code, run.out]).toEqual([1, expect.stringContaining('[deploy] 拒绝部署：多主机形态（DATABASE_URL）下必须写 --entry')]);
    expect(fs.existsSync(path.join(target, MANIFEST_FILE))).toBe(false);
    expect(await readStoredConfig(postgres.client)).toEqual(before);
  }, 240_000);
});
