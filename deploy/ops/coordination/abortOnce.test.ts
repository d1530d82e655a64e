/**
 * Issue 43: with two hosts, a failing canary is aborted once, not twice. Each host runs a guard on the one config in
 * PostgreSQL and the one field data; the lease lets one act, and the config's row version refuses a second abort even
 * from a guard that believes it holds the lease.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FieldEvent } from '@wenrun/shared/node';
import { openDatabase } from '@wenrun/reference-api/db/database';
import { createFieldDataStore } from '@wenrun/reference-api/db/fieldData';
import { fieldView } from '@wenrun/reference-api/test/fieldViews';
import { manualClock, startServer, type TestServer } from '@wenrun/reference-api/test/harness';
import type { EntryChecker } from '../release/entryCheck';
import { createGuard } from '../release/guard';
import { takeStep } from '../release/release';
import { acquireGuardLease, type Lease } from './guardLease';
import { postgresSource, type SharedConfigSource } from './sharedConfig';
import { describeWithPostgres } from '../postgres/suiteCluster';

const STABLE = 'https://cdn.example.cn/about/1.0.0/mf-manifest.json';
const CANARY = 'https://cdn.example.cn/about/1.1.0/mf-manifest.json';
const answers: EntryChecker = async (entry) => ({ entry, version: entry.includes('1.1.0') ? '1.1.0' : '1.0.0' });

describeWithPostgres('two hosts\' guards on one site: a failing canary is aborted once', 'abortOnce', (postgres) => {
  let api: TestServer;
  const clock = manualClock();
  const sources: SharedConfigSource[] = [];
  const leases: Lease[] = [];
  let serial = 0;

  /** Views of the about remote, each from a postgres.client of its own, the canary's failing to load. */
  async function seed(side: 'canary' | 'stable', views: number, failing: number): Promise<void> {
    const db = await openDatabase(api.database);
    const store = createFieldDataStore(db);
    for (let index = 0; index < views; index += 1) {
      serial += 1;
      const fails = index < failing;
      const version = side === 'canary' && !fails ? '1.1.0' : '1.0.0';
      const events: FieldEvent[] = [{ kind: 'slot', remote: 'about', version, loadMs: 120, outcome: fails ? 'fallback' : 'loaded' }];
      await store.record(fieldView({ id: `view-${serial}`, route: '/about/*', versions: { about: version }, canary: side === 'canary' ? ['about'] : [] }), events, clock.now(), `postgres.client-${serial}`);
    }
    await db.close();
  }

  /** A host: its own config file, its own connection to the shared config. */
  function host(name: string) {
    const configFile = path.join(postgres.dir, name, 'runtime-config.json');
    fs.mkdirSync(path.dirname(configFile), { recursive: true });
    fs.writeFileSync(configFile, `${JSON.stringify({ apiBaseUrl: api.url, remotes: { about: [STABLE] }, canaryGuard: { leaveOutClients: 0 } })}\n`);
    const source = postgresSource({ databaseUrl: postgres.cluster.url, seedFile: configFile });
    sources.push(source);
    return { configFile, source };
  }

  beforeEach(async () => {
    api = await startServer({ now: clock.now });
  });
  afterEach(async () => {
    await Promise.all(leases.splice(0).map((lease) => lease.release()));
    await Promise.all(sources.splice(0).map((source) => source.close()));
    await api.close();
  });

  async function failingCanary(first: { configFile: string; source: SharedConfigSource }) {
    await takeStep({ configFile: first.configFile, source: first.source, verb: 'canary', remote: 'about', entry: CANARY, percent: 10, reason: '测试', check: answers, now: () => new Date(clock.now()) });
    clock.advance(60_000);
    await seed('stable', 400, 2);
    await seed('canary', 250, 40);
  }

  const guardOf = (side: { configFile: string; source: SharedConfigSource }, mayAct: () => boolean, log: string[]) =>
    createGuard({ configFile: side.configFile, source: side.source, fieldData: { baseUrl: api.url }, check: answers, now: clock.now, mayAct, log: (line) => log.push(line) });

  const aborts = async (source: SharedConfigSource) => (await source.history()).filter((line) => line.verb === 'abort');

  it('the lease holder aborts; the other host\'s guard, judging the same figures, leaves it to the holder', async () => {
    const [first, second] = [host('a'), host('b')];
    await failingCanary(first);
    const [a, b] = meetAtRead(1, [first, second]) as [typeof first, typeof second];
    const lease = await acquireGuardLease({ databaseUrl: postgres.cluster.url, holder: 'host a', periodMs: 3_000 });
    leases.push(lease);
    const saidA: string[] = [];
    const saidB: string[] = [];
    const [judgedA, judgedB] = await Promise.all([guardOf(a, () => lease.held(), saidA).checkOnce(), guardOf(b, () => false, saidB).checkOnce()]);
    expect(judgedA.map((one) => [one.verdict.kind, one.aborted])).toEqual([['abort', true]]);
    expect(judgedB.map((one) => [one.verdict.kind, one.aborted])).toEqual([['abort', false]]);
    expect(saidB.join('\n')).toContain('不再持有全站守卫的租约');
    expect(await aborts(b.source)).toHaveLength(1);
  });

  /**
   * Each guard reads the config twice: to find the canaries (read 1), then to abort one (read 2). Held at read `n`
   * until every guard has made it, none is ahead: at read 1 each sees the canary; at read 2 none has written yet, and
   * only the config's row version stands between them and two aborts.
   */
  function meetAtRead(n: 1 | 2, sides: { configFile: string; source: SharedConfigSource }[]) {
    let arrived = 0;
    let open: () => void = () => undefined;
    const allRead = new Promise<void>((resolve) => {
      open = resolve;
    });
    return sides.map((side) => {
      let reads = 0;
      const read = async () => {
        const config = await side.source.read();
        reads += 1;
        if (reads === n) {
          arrived += 1;
          if (arrived === sides.length) open();
          await allRead;
        }
        return config;
      };
      return { ...side, source: { ...side.source, read } };
    });
  }

  it('two guards that both believe they may act, reading at the same moment: one abort is written, the other refused', async () => {
    const [first, second] = [host('a'), host('b')];
    await failingCanary(first);
    const [a, b] = meetAtRead(2, [first, second]) as [typeof first, typeof second];
    const saidA: string[] = [];
    const saidB: string[] = [];
    const judged = await Promise.all([guardOf(a, () => true, saidA).checkOnce(), guardOf(b, () => true, saidB).checkOnce()]);
    expect(judged.flat().filter((one) => one.aborted)).toHaveLength(1);
    expect(await aborts(a.source)).toHaveLength(1);
    expect([...saidA, ...saidB].join('\n')).toMatch(/应中止，但没有中止/);
  });
});
