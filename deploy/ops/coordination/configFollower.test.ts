import fs from 'node:fs';
import path from 'node:path';
import { RELEASE_HISTORY_FILE } from '@wenrun/shared/node';
import { readHistory } from '../release/history';
import { takeStep } from '../release/release';
import { startConfigFollower, type ConfigFollower } from './configFollower';
import { postgresSource, readStoredConfig } from './sharedConfig';
import { describeWithPostgres } from '../postgres/suiteCluster';

const A = 'https://cdn.example.cn/about/1.0.0/mf-manifest.json';
const B = 'https://cdn.example.cn/about/1.1.0/mf-manifest.json';

/** Resolves with the time `file` first satisfies `holds`, looking at every change of its folder (rename included). */
function whenFile(file: string, holds: (text: string) => boolean, timeoutMs = 10_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const look = () => {
      const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
      if (!holds(text)) return false;
      watcher.close();
      clearTimeout(timer);
      resolve(performance.now());
      return true;
    };
    const watcher = fs.watch(path.dirname(file), () => look());
    const timer = setTimeout(() => {
      watcher.close();
      reject(new Error(`${file} 在 ${timeoutMs} ms 内没有变成预期的内容：${fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '（不存在）'}`));
    }, timeoutMs);
    look();
  });
}

describeWithPostgres('the config follower: each host\'s file written from the database', 'configFollower', (postgres) => {
  let followers: ConfigFollower[] = [];
  const hostFile = (host: string) => path.join(postgres.dir, host, 'runtime-config.json');
  const follow = (host: string, extra: Partial<Parameters<typeof startConfigFollower>[0]> = {}) => {
    const follower = startConfigFollower({ databaseUrl: postgres.cluster.url, configFile: hostFile(host), log: () => undefined, ...extra });
    followers.push(follower);
    return follower;
  };

  beforeEach(() => {
    fs.mkdirSync(path.join(postgres.dir, 'a'));
    fs.writeFileSync(hostFile('a'), `${JSON.stringify({ remotes: { about: A } }, null, 2)}\n`);
  });
  afterEach(async () => {
    await Promise.all(followers.map((follower) => follower.stop()));
    followers = [];
  });

  it('a release taken on host A is in host A\'s and host B\'s files by its notification, history included', async () => {
    const changed: Record<string, number> = {};
    const lines: string[] = [];
    const onChange = (host: string) => () => (changed[host] = performance.now());
    // No periodic read within the test: only the notification can bring the release. How soon it does depends on the
    // machine, so it is printed, not judged.
    const noPeriodicRead = { resyncMs: 3_600_000, log: (line: string) => lines.push(line) };
    // Host A brings its file into the empty database; host B has no file yet and gets A's.
    await follow('a', { onChange: onChange('a'), ...noPeriodicRead }).ready;
    await follow('b', { onChange: onChange('b'), ...noPeriodicRead }).ready;
    expect(fs.readFileSync(hostFile('b'), 'utf8')).toBe(fs.readFileSync(hostFile('a'), 'utf8'));

    const source = postgresSource({ databaseUrl: postgres.cluster.url });
    const both = Promise.all(['a', 'b'].map((host) => whenFile(hostFile(host), (text) => text.includes(B))));
    await takeStep({ configFile: hostFile('a'), source, verb: 'canary', remote: 'about', entry: B, percent: 10, reason: '新版本', check: async (entry) => ({ entry, version: '1' }) });
    const committed = performance.now();
    const seen = await both;
    await source.close();
    const delays = seen.map((at) => Math.round(at - committed));
    console.log(`[propagation] 发布提交后写入各主机文件：${delays.join(' ms、')} ms`);
    expect(changed.a && changed.b).toBeTruthy();
    expect(lines.filter((line) => line.includes('已更新到')).map((line) => /（(.+?)）/.exec(line)?.[1])).toEqual(['收到通知', '收到通知']);
    for (const host of ['a', 'b']) {
      expect(JSON.parse(fs.readFileSync(hostFile(host), 'utf8'))).toEqual({ remotes: { about: { entries: [A], canary: { entry: B, percent: 10 } } } });
      await whenFile(path.join(postgres.dir, host, RELEASE_HISTORY_FILE), (text) => text.includes('新版本'));
      expect(readHistory(path.join(postgres.dir, host, RELEASE_HISTORY_FILE)).map((line) => line.verb)).toEqual(['canary']);
    }
  }, 30_000);

  it('a follower whose connection was cut connects again and writes what changed meanwhile', async () => {
    const follower = follow('a', { resyncMs: 3_600_000 });
    await follower.ready;
    await postgres.client.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'wenrun wenrun_runtime_config'");
    const stored = await readStoredConfig(postgres.client);
    // Written while nobody listened: no notification reaches the follower, its reconnection reads it.
    await postgres.client.query('UPDATE runtime_config SET body = $1, version = version + 1', [`${JSON.stringify({ remotes: { about: B } })}\n`]);
    await whenFile(hostFile('a'), (text) => text.includes(B));
    expect(follower.version()).toBe((stored?.version ?? 0) + 1);
  }, 30_000);

  it('the periodic read catches a write that notified nobody, and puts back a hand edit of a host\'s file', async () => {
    await follow('a', { resyncMs: 300 }).ready;
    await postgres.client.query('UPDATE runtime_config SET body = $1, version = version + 1', [`${JSON.stringify({ remotes: { about: B } })}\n`]);
    await whenFile(hostFile('a'), (text) => text.includes(B));
    fs.writeFileSync(hostFile('a'), '{ "remotes": {} }');
    await whenFile(hostFile('a'), (text) => text.includes(B));
  }, 30_000);
});
