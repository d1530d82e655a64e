import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_PATHS } from '@wenrun/shared/node';
import { beaconFrom, fieldViews, releaseView, type Beacon, type VisitorsSpec } from '@wenrun/reference-api/test/fieldViews';
import { manualClock, postFromProxy, startServer, type TestServer } from '@wenrun/reference-api/test/harness';
import type { EntryChecker } from './entryCheck';
import { createGuard, judgeRelease } from './guard';
import { takeStep } from './release';
import { statusReport } from './status';
import { DEFAULT_THRESHOLDS } from './thresholds';

const STABLE = 'https://cdn.example.cn/wuyou/0.1.0/mf-manifest.json';
const CANARY = 'https://cdn.example.cn/wuyou/0.2.0/mf-manifest.json';
const answers: EntryChecker = async (entry) => ({ entry, version: entry.includes('0.2.0') ? '0.2.0' : '0.1.0' });

/** A beacon as it reaches the API through the proxy it trusts, which names the client in X-Forwarded-For. */
const sendBeacon = (api: TestServer, { client, body }: Beacon) =>
  postFromProxy(api, `/stats${API_PATHS.statsLog}`, { client, payload: body, contentType: 'text/plain;charset=UTF-8' });

/**
 * The threat model of deploy/ops/release/README.md, played as a script would: beacons to
 * /stats/operation/log through the proxy the API trusts, each client its own address in X-Forwarded-For. Real
 * visitors are many addresses with a few views each; the attackers are one address, or ten, or more.
 */
describe('the guard under forged field data', () => {
  // Each test posts 600 to 3,000 beacons: a bound on a hung test, not on the machine's speed. On a quarter of this
  // machine (.ci/one-core's one core, shared by Jest on two Node lines) one such test took over 60 s.
  jest.setTimeout(240_000);
  let api: TestServer;
  let dir: string;
  let configFile: string;
  const clock = manualClock();
  let serial = 0;

  /** One page view of the activity page, from `client`: clean, or failed (an error and the canary's slot failed). */
  async function view(client: string, side: 'canary' | 'stable', failed: boolean): Promise<void> {
    serial += 1;
    const reply = await sendBeacon(api, beaconFrom(client, releaseView({ id: `forged-or-real-${serial}`, side, failed })));
    expect(reply.status).toBe(200);
  }

  /** `clients` addresses of the /24 `prefix`, each sending `views` views, the first `failing` of each client's failed. */
  async function visitors(prefix: string, clients: number, views: number, side: 'canary' | 'stable', failing = 0): Promise<void> {
    for (let client = 0; client < clients; client += 1) {
      await Promise.all(Array.from({ length: views }, (_, index) => view(`${prefix}.${client + 1}`, side, index < failing)));
    }
  }

  /**
   * Real visitors: 60 addresses a side, 5 views each, and 9 failing stable views of 9 more (a flaky network: 2.9 %).
   * A failing canary fails for a third of its visitors: 2 views of 40 addresses and 1 of the 20 others.
   */
  async function realVisitors(canary: 'good' | 'failing'): Promise<void> {
    await visitors('198.18.1', 60, 5, 'stable');
    await visitors('198.18.9', 9, 1, 'stable', 1);
    await visitors('198.19.1', 40, 5, 'canary', canary === 'failing' ? 2 : 0);
    await visitors('198.19.2', 20, 5, 'canary', canary === 'failing' ? 1 : 0);
  }

  const guard = () => createGuard({ configFile, fieldData: { baseUrl: api.url }, check: answers, now: clock.now, log: () => undefined });
  const canaryOf = () => (JSON.parse(fs.readFileSync(configFile, 'utf8')) as { remotes: { wuyou: { canary?: unknown } } }).remotes.wuyou.canary;

  beforeEach(async () => {
    api = await startServer({ now: clock.now, trustedProxies: ['127.0.0.1'] });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guard-attacks-'));
    configFile = path.join(dir, 'runtime-config.json');
    fs.writeFileSync(configFile, JSON.stringify({ apiBaseUrl: api.url, remotes: { wuyou: [STABLE] } }));
    await takeStep({ configFile, verb: 'canary', remote: 'wuyou', entry: CANARY, percent: 10, reason: '测试', check: answers, now: () => new Date(clock.now()) });
    clock.advance(60_000);
  });
  afterEach(async () => {
    await api.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('260 forged failing views from one address, alone: no verdict, too few visitors', async () => {
    await visitors('203.0.113', 1, 260, 'canary', 260);
    const [judged] = await guard().checkOnce();
    expect(judged?.aborted).toBe(false);
    expect(judged?.verdict).toEqual({ kind: 'not-enough-data', reason: expect.stringMatching(/^灰度只有 1 个访问者（地址），需要 \d+ 个/) });
    expect(canaryOf()).toEqual({ entry: CANARY, percent: 10 });
  });

  it('260 forged failing views from one address beside a good canary: no abort, and `status` says so', async () => {
    await realVisitors('good');
    await visitors('203.0.113', 1, 260, 'canary', 260);
    const [judged] = await guard().checkOnce();
    expect(judged?.verdict.kind).toBe('no-harm-seen');
    expect(judged?.aborted).toBe(false);
    expect(canaryOf()).toEqual({ entry: CANARY, percent: 10 });
    const lines = await statusReport({ configFile, fieldData: { baseUrl: api.url }, check: answers, now: clock.now });
    expect(lines.join('\n')).toMatch(/守卫判定（灰度开始以来 1 分钟）：未见变差/);
    // What arrived (the forger's 260 failing views among 560), and what the guard judged without the ten pushing most.
    expect(lines.join('\n')).toMatch(/灰度 +560 +61 +46\.4% +46\.4%/);
    expect(lines.join('\n')).toMatch(/灰度（每端去掉 10 个） +250 +0\.0% +0\.0% +1200 ms/);
  });

  it('the same forged failures spread over ten addresses: no abort', async () => {
    await realVisitors('good');
    await visitors('203.0.113', 10, 26, 'canary', 26);
    const [judged] = await guard().checkOnce();
    expect(judged?.verdict.kind).toBe('no-harm-seen');
  });

  it('2,000 forged clean views from ten addresses do not hide a canary that fails for a third of its real visitors', async () => {
    await realVisitors('failing');
    await visitors('203.0.113', 10, 200, 'canary');
    const [judged] = await guard().checkOnce();
    expect(judged?.verdict.kind).toBe('abort');
    expect(judged?.aborted).toBe(true);
    expect(canaryOf()).toBeUndefined();
  });

  it('more than twice ten addresses agreeing is beyond the model: the guard refuses a verdict and says why', async () => {
    await realVisitors('good');
    await visitors('203.0.113', 15, 20, 'canary', 20);
    const lines: string[] = [];
    const [judged] = await createGuard({ configFile, fieldData: { baseUrl: api.url }, check: answers, now: clock.now, log: (line) => lines.push(line) }).checkOnce();
    expect(judged?.aborted).toBe(false);
    expect(judged?.verdict).toEqual({ kind: 'refused', reason: expect.stringContaining('结论取决于少数访问者') });
    expect(lines).toEqual([expect.stringMatching(/^\[guard\] wuyou 灰度 .*：拒绝判断（超出威胁模型）（结论取决于少数访问者/)]);
    expect(canaryOf()).toEqual({ entry: CANARY, percent: 10 });
  });
});

/**
 * The figures the guard judges, against ten forgers beside real visitors whose values are spread as real ones are
 * (issue 50): 60 stable and 60 canary clients, five views each, LCP and INP drawn from one log-normal spread on both
 * sides and errors at the same rate. Ten more clients forge at an extreme; the verdict must be the one without them.
 */
describe('the guard\'s figures against ten forgers at the extremes, beside real spread values', () => {
  // As above: each test posts its beacons through the API.
  jest.setTimeout(240_000);
  let api: TestServer;
  const clock = manualClock();
  const since = clock.now();
  const REAL_LCP = { median: 1800, sigma: 0.5 };
  const REAL_INP = { median: 120, sigma: 0.5 };
  const slower = ({ median, sigma }: typeof REAL_LCP) => ({ median: median * 1.4, sigma });

  beforeEach(async () => {
    api = await startServer({ now: clock.now, trustedProxies: ['127.0.0.1'] });
  });
  afterEach(() => api.close());

  async function post(beacons: Beacon[]): Promise<void> {
    for (let start = 0; start < beacons.length; start += 50) {
      const replies = await Promise.all(beacons.slice(start, start + 50).map((beacon) => sendBeacon(api, beacon)));
      for (const reply of replies) expect(reply.body?.header.code).toBe('200');
    }
  }

  const verdict = async () => (await judgeRelease({ baseUrl: api.url }, 'wuyou', since, DEFAULT_THRESHOLDS)).verdict;

  /** The real visitors (127.0.1.x stable, 127.0.2.x canary), then the verdict with and without ten forgers (127.0.250.x). */
  async function verdictsBesideForgers(canary: Partial<VisitorsSpec>, forgers: Omit<VisitorsSpec, 'prefix' | 'count' | 'side'>) {
    const views = fieldViews({ seed: 50 });
    const real = { lcp: REAL_LCP, inp: REAL_INP, errorRate: 0.03 };
    await post([
      ...views.visitors({ prefix: '127.0.1', count: 60, side: 'stable', ...real }),
      ...views.visitors({ prefix: '127.0.2', count: 60, side: 'canary', ...real, ...canary }),
    ]);
    const without = await verdict();
    await post(views.visitors({ prefix: '127.0.250', count: 10, side: 'canary', ...forgers }));
    return { without, beside: await verdict() };
  }

  it('ten clients sending LCP 3,600,000 ms do not abort a healthy canary', async () => {
    const { without, beside } = await verdictsBesideForgers({}, { lcp: 3_600_000, inp: REAL_INP });
    expect(without.kind).toBe('no-harm-seen');
    expect(beside).toEqual(without);
  });

  it('ten clients sending LCP 1 ms do not hide a canary 40 % slower for everyone', async () => {
    const { without, beside } = await verdictsBesideForgers({ lcp: slower(REAL_LCP) }, { lcp: 1, inp: REAL_INP });
    expect(without).toEqual({ kind: 'abort', reasons: [expect.stringMatching(/^LCP p75：灰度 \d+ ms 比稳定版 \d+ ms慢/)] });
    expect(beside.kind).toBe('abort');
  });

  it('ten clients sending INP 3,600,000 ms do not abort a healthy canary; ten at 1 ms do not hide one 40 % slower', async () => {
    const healthy = await verdictsBesideForgers({}, { lcp: REAL_LCP, inp: 3_600_000 });
    expect(healthy.without.kind).toBe('no-harm-seen');
    expect(healthy.beside).toEqual(healthy.without);
    await api.close();
    api = await startServer({ now: clock.now, trustedProxies: ['127.0.0.1'] });
    const slow = await verdictsBesideForgers({ inp: slower(REAL_INP) }, { lcp: REAL_LCP, inp: 1 });
    expect(slow.without).toEqual({ kind: 'abort', reasons: [expect.stringMatching(/^INP p75：灰度 \d+ ms 比稳定版 \d+ ms慢/)] });
    expect(slow.beside.kind).toBe('abort');
  });

  it('ten clients whose every view fails do not abort a healthy canary; ten clean ones do not hide a failing one', async () => {
    const healthy = await verdictsBesideForgers({}, { lcp: REAL_LCP, inp: REAL_INP, errorRate: 1 });
    expect(healthy.without.kind).toBe('no-harm-seen');
    expect(healthy.beside).toEqual(healthy.without);
    await api.close();
    api = await startServer({ now: clock.now, trustedProxies: ['127.0.0.1'] });
    const failing = await verdictsBesideForgers({ errorRate: 0.3 }, { lcp: REAL_LCP, inp: REAL_INP, errorRate: 0, viewsEach: 30 });
    expect(failing.without).toEqual({ kind: 'abort', reasons: [expect.stringMatching(/^错误率：/)] });
    expect(failing.beside.kind).toBe('abort');
  });
});
