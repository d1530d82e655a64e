import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FieldEvent, GuardVerdicts } from '@wenrun/shared/node';
import { openDatabase } from '@wenrun/reference-api/db/database';
import { createFieldDataStore } from '@wenrun/reference-api/db/fieldData';
import { manualClock, startServer, type TestServer } from '@wenrun/reference-api/test/harness';
import type { EntryChecker } from './entryCheck';
import { createGuard, guardVerdictFileBeside } from './guard';
import { readHistory, historyFileBeside } from './history';
import { takeStep } from './release';
import { MINUTE_MS } from '@wenrun/shared/node';

const STABLE = 'https://cdn.example.cn/about/1.0.0/mf-manifest.json';
const CANARY = 'https://cdn.example.cn/about/1.1.0/mf-manifest.json';
const answers: EntryChecker = async (entry) => ({ entry, version: entry.includes('1.1.0') ? '1.1.0' : '1.0.0' });

interface Seed {
  views: number;
  errors?: number;
  loadFailures?: number;
  lcp?: number;
}

/**
 * The guard against a real reference API (demo mode, its development twin of the release figures), on field data
 * seeded straight into its database, the way beacons would store it.
 */
describe('the canary guard on seeded field data', () => {
  let api: TestServer;
  let dir: string;
  let configFile: string;
  const clock = manualClock();
  let serial = 0;

  /** `seed.views` views of the about remote, canary or stable, the first `errors` with an error, the first `loadFailures` fallen back. */
  async function seed(side: 'canary' | 'stable', { views, errors = 0, loadFailures = 0, lcp = 1000 }: Seed): Promise<void> {
    const db = await openDatabase(api.database);
    const store = createFieldDataStore(db);
    const view = (index: number) => {
      serial += 1;
      const version = side === 'canary' && index >= loadFailures ? '1.1.0' : '1.0.0';
      const events: FieldEvent[] = [
        { kind: 'metric', name: 'LCP', value: lcp },
        { kind: 'slot', remote: 'about', version, loadMs: 120, outcome: index < loadFailures ? 'fallback' : 'loaded' },
        ...(index < errors ? [{ kind: 'error' as const, message: 'TypeError', remote: 'about' }] : []),
      ];
      return store.record({ id: `view-seed-${serial}`, route: '/about/*', versions: { about: version }, canary: side === 'canary' ? ['about'] : [] }, events, clock.now(), `seed-${serial}`);
    };
    for (let index = 0; index < views; index += 1) await view(index);
    await db.close();
  }

  const guard = () => createGuard({ configFile, fieldData: { baseUrl: api.url }, check: answers, now: clock.now, log: () => undefined });
  const remoteSetting = () => (JSON.parse(fs.readFileSync(configFile, 'utf8')) as { remotes: Record<string, unknown> }).remotes.about;

  beforeEach(async () => {
    api = await startServer({ now: clock.now });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guard-'));
    configFile = path.join(dir, 'runtime-config.json');
    // Each seeded view is its own client and none is left out: the statistics alone, here; the clients that push
    // them are guard-attacks.test.ts's.
    fs.writeFileSync(configFile, JSON.stringify({ apiBaseUrl: api.url, remotes: { about: [STABLE] }, canaryGuard: { leaveOutClients: 0 } }));
    await takeStep({ configFile, verb: 'canary', remote: 'about', entry: CANARY, percent: 10, reason: '测试', check: answers, now: () => new Date(clock.now()) });
    clock.advance(MINUTE_MS);
  });
  afterEach(async () => {
    await api.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('leaves a good canary alone, and says it has seen no harm, never that it is good', async () => {
    await seed('stable', { views: 800, errors: 8, loadFailures: 2, lcp: 1000 });
    await seed('canary', { views: 300, errors: 4, loadFailures: 1, lcp: 1050 });
    const [judged] = await guard().checkOnce();
    expect(judged?.verdict.kind).toBe('no-harm-seen');
    expect(judged?.aborted).toBe(false);
    expect(remoteSetting()).toEqual({ entries: [STABLE], canary: { entry: CANARY, percent: 10 } });
    expect(readHistory(historyFileBeside(configFile)).map((line) => line.verb)).toEqual(['canary']);
  });

  it('aborts a canary whose loads fail beyond chance at the first check with enough views, the reason in the history', async () => {
    await seed('stable', { views: 800, loadFailures: 4 });
    await seed('canary', { views: 200, loadFailures: 30 });
    const lines: string[] = [];
    const [judged] = await createGuard({ configFile, fieldData: { baseUrl: api.url }, check: answers, now: clock.now, log: (line) => lines.push(line) }).checkOnce();
    expect(judged?.aborted).toBe(true);
    expect(remoteSetting()).toEqual([STABLE]);
    const last = readHistory(historyFileBeside(configFile)).at(-1);
    expect(last).toMatchObject({ verb: 'abort', remote: 'about', after: { entries: [STABLE] } });
    expect(last?.reason).toMatch(/^守卫：加载失败率：灰度 15\.0%（30\/200）高于稳定版 0\.5%（4\/800），z = \d+\.\d\d > 2\.326（99% 置信）/);
    expect(lines).toEqual([expect.stringMatching(/^\[guard\] 已中止 about 的灰度 https:\/\/cdn\.example\.cn\/about\/1\.1\.0\/mf-manifest\.json：加载失败率/)]);
  });

  it('leaves its verdict, the figures and the test beside the config for the console, and keeps it once the canary is gone', async () => {
    await seed('stable', { views: 800, loadFailures: 4 });
    await seed('canary', { views: 200, loadFailures: 30 });
    await guard().checkOnce();
    const read = () => JSON.parse(fs.readFileSync(guardVerdictFileBeside(configFile), 'utf8')) as GuardVerdicts;
    const written = read();
    expect(written.verdicts).toEqual([
      {
        remote: 'about',
        entry: CANARY,
        since: expect.any(Number),
        checkedAt: clock.now(),
        kind: 'abort',
        label: '已中止',
        details: [expect.stringMatching(/^加载失败率：灰度 15\.0%（30\/200）/)],
        aborted: true,
        test: expect.stringContaining('单侧两比例 z 检验，99% 置信（z > 2.326）'),
        figures: {
          canary: expect.objectContaining({ views: 200, loadFailures: { views: 200, count: 30 } }),
          stable: expect.objectContaining({ views: 800, loadFailures: { views: 800, count: 4 } }),
        },
      },
    ]);
    // The canary is gone from the config: the next check judges nothing and leaves the file as it was.
    await guard().checkOnce();
    expect(read()).toEqual(written);
    expect(fs.readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('aborts a canary whose error rate or p75 LCP is worse', async () => {
    await seed('stable', { views: 1000, errors: 10, lcp: 1000 });
    await seed('canary', { views: 250, errors: 20, lcp: 1300 });
    const [judged] = await guard().checkOnce();
    expect(judged?.verdict).toEqual({
      kind: 'abort',
      reasons: [expect.stringMatching(/^错误率：灰度 8\.0%（20\/250）高于稳定版 1\.0%（10\/1000）/), 'LCP p75：灰度 1300 ms 比稳定版 1000 ms慢 30.0%，超过 20.0%'],
    });
  });

  it('gives no verdict on too few views, however bad they look', async () => {
    await seed('stable', { views: 800 });
    await seed('canary', { views: 199, errors: 199, loadFailures: 199 });
    const [judged] = await guard().checkOnce();
    expect(judged?.verdict).toEqual({ kind: 'not-enough-data', reason: '灰度只有 199 次访问，需要 200 次' });
    expect(judged?.aborted).toBe(false);
  });

  it('does not let a failing stable make a failing canary look fine: the canary is held to the ceiling', async () => {
    // Stable fails for 30 % of its visitors (a broken API, say); the canary for "only" 12 %: better than stable,
    // far above what a release may cost.
    await seed('stable', { views: 800, errors: 240 });
    await seed('canary', { views: 300, errors: 36 });
    const [judged] = await guard().checkOnce();
    expect(judged?.aborted).toBe(true);
    expect(judged?.verdict).toEqual({ kind: 'abort', reasons: [expect.stringContaining('错误率：灰度 12.0%（36/300）高于上限 5.0%（稳定版本身 30.0%，不作基准）')] });
  });

  it('a canary within the ceiling beside a failing stable is left alone, with the baseline it was held to said', async () => {
    await seed('stable', { views: 800, errors: 240 });
    await seed('canary', { views: 300, errors: 6 });
    const [judged] = await guard().checkOnce();
    expect(judged?.verdict).toEqual({ kind: 'no-harm-seen', notes: ['错误率以上限 5.0%（稳定版本身 30.0%，不作基准）为基准'] });
  });

  it('judges a canary on the views since it began, never on those of an earlier canary', async () => {
    // A bad canary's views from before this one began.
    clock.advance(-2 * MINUTE_MS);
    await seed('canary', { views: 300, loadFailures: 300 });
    clock.advance(2 * MINUTE_MS);
    await seed('stable', { views: 800 });
    await seed('canary', { views: 250 });
    const [judged] = await guard().checkOnce();
    expect(judged?.verdict.kind).toBe('no-harm-seen');
  });

  it('judges a hand-edited canary from when it first saw it', async () => {
    fs.writeFileSync(configFile, JSON.stringify({ apiBaseUrl: api.url, remotes: { about: { entries: [STABLE], canary: { entry: CANARY, percent: 5 } } }, canaryGuard: { leaveOutClients: 0 } }));
    fs.rmSync(historyFileBeside(configFile));
    await seed('stable', { views: 800 });
    await seed('canary', { views: 300, loadFailures: 300 });
    clock.advance(MINUTE_MS);
    const watching = guard();
    expect((await watching.checkOnce())[0]?.verdict.kind).toBe('not-enough-data');
    clock.advance(MINUTE_MS);
    await seed('canary', { views: 200, loadFailures: 100 });
    expect((await watching.checkOnce())[0]?.aborted).toBe(true);
  });

  it('says once that a config which is no JSON object must be fixed by hand, judges nothing meanwhile, and goes on once it is', async () => {
    const said: string[] = [];
    const watching = createGuard({ configFile, fieldData: { baseUrl: api.url }, check: answers, now: clock.now, log: (line) => said.push(line) });
    const written = fs.readFileSync(configFile, 'utf8');
    fs.writeFileSync(configFile, '[]');
    expect(await watching.checkOnce()).toEqual([]);
    expect(await watching.checkOnce()).toEqual([]);
    expect(said).toEqual([`[guard] ${configFile} 不是合法的 JSON 对象（不是对象），请先手工修正，稍后再试`]);
    expect(fs.readFileSync(configFile, 'utf8')).toBe('[]');
    fs.writeFileSync(configFile, written);
    expect((await watching.checkOnce()).map((judged) => judged.remote)).toEqual(['about']);
  });

  it('uses the thresholds of the config', async () => {
    fs.writeFileSync(configFile, JSON.stringify({ ...JSON.parse(fs.readFileSync(configFile, 'utf8')), canaryGuard: { minViews: 20, minClients: 20, leaveOutClients: 0 } }));
    await seed('stable', { views: 100 });
    await seed('canary', { views: 20, loadFailures: 10 });
    expect((await guard().checkOnce())[0]?.aborted).toBe(true);
  });
});
