import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseRuntimeConfig } from '@wenrun/shared/node';
import { postgresSource, readStoredConfig, readStoredHistory } from './sharedConfig';
import { describeWithPostgres } from '../postgres/suiteCluster';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

/** `npm run release` as ops run it, in a process of its own: another host. */
function release(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'deploy/ops/release/main.ts', ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describeWithPostgres('the runtime config kept in PostgreSQL', 'sharedConfig', (postgres) => {
  let configFile: string;

  beforeEach(() => {
    configFile = path.join(postgres.dir, 'runtime-config.json');
  });

  it('takes the first host\'s file (and its history) as version 1, and keeps a config already there', async () => {
    fs.writeFileSync(configFile, '{ "remotes": { "about": "https://cdn.example.cn/about/1.0.0/mf-manifest.json" } }\n');
    fs.writeFileSync(path.join(postgres.dir, 'release-history.jsonl'), `${JSON.stringify({ time: '2026-11-20T04:00:00.000Z', verb: 'abort', remote: 'about', before: { entries: [] }, after: { entries: [] }, reason: '旧记录' })}\n`);
    const first = postgresSource({ databaseUrl: postgres.cluster.url, seedFile: configFile });
    expect(await first.read()).toEqual({ text: fs.readFileSync(configFile, 'utf8'), version: '1' });
    expect((await first.history()).map((line) => line.reason)).toEqual(['旧记录']);
    await first.close();

    const other = path.join(postgres.dir, 'other.json');
    fs.writeFileSync(other, '{}');
    const second = postgresSource({ databaseUrl: postgres.cluster.url, seedFile: other });
    expect((await second.read()).text).toContain('about/1.0.0');
    await second.close();
  });

  it('two releases racing from two hosts: exactly one is written, the other is refused in Chinese, one history row', async () => {
    // The entries' version.json answer only once both hosts asked theirs: both have read the config by then, so both
    // hold the same version when they write. That is the race "changed since read" is about.
    const held: http.ServerResponse[] = [];
    const asked = new Set<string>();
    const entries = http.createServer((request, response) => {
      const version = /\/(\d[^/]*)\/version\.json$/.exec(request.url ?? '')?.[1] ?? '0';
      response.setHeader('content-type', 'application/json');
      if (version === '1.0.0') return response.end(JSON.stringify({ version }));
      asked.add(version);
      held.push(response);
      Object.assign(response, { version });
      if (asked.size === 2) for (const waiting of held.splice(0)) waiting.end(JSON.stringify({ version: (waiting as http.ServerResponse & { version: string }).version }));
    });
    await new Promise<void>((resolve) => entries.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(entries.address() as AddressInfo).port}`;
    const entry = (version: string) => `${base}/about/${version}/mf-manifest.json`;
    try {
      fs.writeFileSync(configFile, `${JSON.stringify({ apiBaseUrl: 'http://127.0.0.1:9', remotes: { about: entry('1.0.0') } }, null, 2)}\n`);
      const env = { DATABASE_URL: postgres.cluster.url };
      const runs = await Promise.all(
        ['1.1.0', '1.2.0'].map((version) => release(['canary', '--remote', 'about', '--entry', entry(version), '--percent', '10', '--config', configFile, '--reason', `主机 ${version}`], env)),
      );
      const won = runs.filter((run) => run.code === 0);
      const refused = runs.filter((run) => run.code === 1);
      expect([won.length, refused.length]).toEqual([1, 1]);
      expect(refused[0]?.out).toContain('[release] 运行时配置在此期间被修改了（另一台主机的发布、守卫或手工推送），没有写入：请重新执行');

      const stored = await readStoredConfig(postgres.client);
      const history = await readStoredHistory(postgres.client);
      expect(stored?.version).toBe(2);
      expect(history.lines).toHaveLength(1);
      const canary = parseRuntimeConfig(JSON.parse(stored?.text ?? '{}')).config.canaries.about;
      // The row holds the winner's canary, and the one history row says the same.
      expect(canary?.entry).toBe(history.lines[0]?.after.canary?.entry);
      expect(won[0]?.out).toContain(`灰度 10% → ${canary?.entry ?? '?'}`);
    } finally {
      entries.close();
    }
  }, 60_000);
});
