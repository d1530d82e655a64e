import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { relayActivityChanges } from './activityChanges';
import { describeWithPostgres } from '../postgres/suiteCluster';


/** A render server as the relay sees it: what it was asked to drop, each heard with its time. */
async function renderServerLike(): Promise<{ url: string; purged: { path: string; at: number }[]; heard: (path: string, times?: number) => Promise<number>; close: () => void }> {
  const purged: { path: string; at: number }[] = [];
  let waiting: { path: string; times: number; resolve: (at: number) => void }[] = [];
  const count = (path: string) => purged.filter((entry) => entry.path === path).length;
  const server = http.createServer((request, response) => {
    if (request.method === 'PURGE') {
      const entry = { path: request.url ?? '', at: performance.now() };
      purged.push(entry);
      waiting = waiting.filter((wait) => (count(wait.path) >= wait.times ? (wait.resolve(entry.at), false) : true));
    }
    response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    purged,
    /** When `path` was asked to be dropped the `times`th time. */
    heard: (path, times = 1) => {
      const seen = purged.filter((entry) => entry.path === path)[times - 1];
      return seen ? Promise.resolve(seen.at) : new Promise((resolve) => waiting.push({ path, times, resolve }));
    },
    close: () => server.close(),
  };
}

describeWithPostgres('activity changes told to every host\'s render servers', 'activityChanges', (postgres) => {
  beforeAll(async () => {
    // The API's table as far as the trigger cares: an id.
    await postgres.client.query('CREATE TABLE activities (id integer PRIMARY KEY, title text NOT NULL, online boolean NOT NULL DEFAULT true)');
    await postgres.client.query("INSERT INTO activities (id, title) VALUES (1, '暑期教师研修'), (3, '校长论坛')");
  });

  it('an edit, a take-down, a new activity and a deletion on any host drop the page on both hosts\' render servers, once each', async () => {
    const [a1, a2, b1] = await Promise.all([renderServerLike(), renderServerLike(), renderServerLike()]);
    const hosts = [a1, a2, b1];
    // Host A with two render servers, host B with one; each host its own relay, and each installs the trigger (twice,
    // then: nothing doubles).
    const relays = [[a1, a2], [b1]].map((servers) => relayActivityChanges({ databaseUrl: postgres.cluster.url, renderServers: servers.map((server) => server.url), log: () => undefined }));
    try {
      await Promise.all(relays.map((relay) => relay.ready));
      const heard = hosts.map((host) => host.heard('/wuyou/3'));
      await postgres.client.query("UPDATE activities SET title = '校长论坛（第二期）' WHERE id = 3");
      const committed = performance.now();
      const delays = (await Promise.all(heard)).map((at) => Math.round(at - committed));
      console.log(`[activities] 活动修改提交后各渲染服务器收到清除：${delays.join(' ms、')} ms`);

      await postgres.client.query('UPDATE activities SET online = false WHERE id = 1');
      await postgres.client.query("INSERT INTO activities (id, title) VALUES (7, '新活动')");
      await postgres.client.query('DELETE FROM activities WHERE id = 7');
      await Promise.all(hosts.flatMap((host) => [host.heard('/wuyou/1'), host.heard('/wuyou/7', 2)]));
      // The insert and the delete of activity 7: two changes, two drops; nothing else was asked. Drops are sent side
      // by side, so on a loaded machine they may arrive in another order than the commits.
      for (const host of hosts) expect(host.purged.map((entry) => entry.path).sort()).toEqual(['/wuyou/1', '/wuyou/3', '/wuyou/7', '/wuyou/7']);
    } finally {
      await Promise.all(relays.map((relay) => relay.stop()));
      for (const host of hosts) host.close();
    }
  }, 30_000);
});
