import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseRuntimeConfig, RELEASE_HISTORY_FILE } from '@wenrun/shared/node';
import type { EntryChecker } from './entryCheck';
import { readHistory } from './history';
import { takeStep, type StepRequest } from './release';

const A = 'https://cdn.example.cn/about/1.0.0/mf-manifest.json';
const B = 'https://cdn.example.cn/about/1.1.0/mf-manifest.json';
const C = 'https://cdn.example.cn/about/1.2.0/mf-manifest.json';
const DEAD = 'https://gone.example.cn/about/mf-manifest.json';

/** Every entry answers with the version in its path, but those in `dead`. */
function checker(dead: Set<string> = new Set([DEAD])): EntryChecker {
  return async (entry) => (dead.has(entry) ? { entry, problem: 'version.json 无法连接' } : { entry, version: /\/(\d[^/]*)\//.exec(entry)?.[1] ?? '1.0.0' });
}

describe('npm run release: each step on a temporary config', () => {
  let dir: string;
  let configFile: string;
  const read = () => JSON.parse(fs.readFileSync(configFile, 'utf8')) as Record<string, unknown> & { remotes: Record<string, unknown> };
  const history = () => readHistory(path.join(dir, RELEASE_HISTORY_FILE));
  const step = (request: Omit<StepRequest, 'configFile' | 'reason'> & { reason?: string }, dead?: Set<string>) =>
    takeStep({ configFile, reason: '测试', check: checker(dead), now: () => new Date('2026-11-20T04:00:00Z'), ...request });

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-'));
    configFile = path.join(dir, 'runtime-config.json');
    fs.writeFileSync(
      configFile,
      JSON.stringify({ contact: { hotline: '400-123-4567' }, canaryGuard: { minViews: 50 }, remotes: { about: A, header: [DEAD, 'https://cdn.example.cn/header/2.0.0/mf-manifest.json'] } }, null, 2),
    );
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('canary → widen → promote: each written as the shell reads it, the rest of the file as it was, each step in the history', async () => {
    await step({ verb: 'canary', remote: 'about', entry: B, percent: 10, reason: '新版本 1.1.0' });
    expect(read().remotes.about).toEqual({ entries: [A], canary: { entry: B, percent: 10 } });
    await step({ verb: 'widen', remote: 'about', percent: 50 });
    expect(read().remotes.about).toEqual({ entries: [A], canary: { entry: B, percent: 50 } });
    await step({ verb: 'promote', remote: 'about' });
    // The old primary stays behind the new one as its fallback.
    expect(read().remotes.about).toEqual([B, A]);

    const written = read();
    expect(written.contact).toEqual({ hotline: '400-123-4567' });
    expect(written.canaryGuard).toEqual({ minViews: 50 });
    expect(parseRuntimeConfig(written).config.remotes.about).toEqual([B, A]);
    expect(history()).toEqual([
      { time: '2026-11-20T04:00:00.000Z', verb: 'canary', remote: 'about', before: { entries: [A] }, after: { entries: [A], canary: { entry: B, percent: 10 } }, reason: '新版本 1.1.0' },
      expect.objectContaining({ verb: 'widen', before: { entries: [A], canary: { entry: B, percent: 10 } }, after: { entries: [A], canary: { entry: B, percent: 50 } } }),
      expect.objectContaining({ verb: 'promote', after: { entries: [B, A] }, reason: '测试' }),
    ]);
  });

  it('abort removes the canary: every visitor is on the stable build again', async () => {
    await step({ verb: 'canary', remote: 'about', entry: B, percent: 10 });
    await step({ verb: 'abort', remote: 'about', reason: '错误率升高' });
    expect(read().remotes.about).toEqual([A]);
    expect(history().at(-1)).toMatchObject({ verb: 'abort', before: { canary: { entry: B } }, after: { entries: [A] }, reason: '错误率升高' });
  });

  it('rollback puts the last known good entry first, from the history, and never one rolled back from or aborted', async () => {
    await step({ verb: 'canary', remote: 'about', entry: B, percent: 10 });
    await step({ verb: 'promote', remote: 'about' });
    await step({ verb: 'canary', remote: 'about', entry: C, percent: 10 });
    await step({ verb: 'abort', remote: 'about' });
    // B is primary, A behind it: rolled back to A, B dropped.
    await step({ verb: 'rollback', remote: 'about' });
    expect(read().remotes.about).toEqual([A]);
    // Hand-edited meanwhile: B first again; the history still knows A was good, C aborted, B rolled back from.
    fs.writeFileSync(configFile, JSON.stringify({ remotes: { about: [C, B] } }));
    await step({ verb: 'rollback', remote: 'about' });
    expect(read().remotes.about).toEqual([A, B]);
  });

  it('rollback without a history takes the first fallback that answers, and passes over one that does not', async () => {
    fs.writeFileSync(configFile, JSON.stringify({ remotes: { about: [C, DEAD, B] } }));
    await step({ verb: 'rollback', remote: 'about' });
    expect(read().remotes.about).toEqual([B, DEAD]);
  });

  it.each([
    ['an unknown remote', { verb: 'abort', remote: 'footer' }, '不认识的 remote：footer（可选：header、about、auth、wuyou）'],
    ['abort without a canary', { verb: 'abort', remote: 'about' }, '没有正在进行的灰度，无需中止'],
    ['a canary without an entry', { verb: 'canary', remote: 'about', percent: 5 }, 'canary 需要 --entry'],
    ['a share of 0', { verb: 'canary', remote: 'about', entry: B, percent: 0 }, '比例应为 1–100 之间的数，而不是 0'],
    ['a share over 100', { verb: 'canary', remote: 'about', entry: B, percent: 150 }, '比例应为 1–100 之间的数'],
    ['a canary whose version.json does not answer', { verb: 'canary', remote: 'about', entry: DEAD, percent: 5 }, `拒绝执行 canary：${DEAD} 不可用（version.json 无法连接）`],
    ['an entry the shell would not read', { verb: 'canary', remote: 'about', entry: 'ftp://cdn.example.cn/mf-manifest.json', percent: 5 }, '没有通过 shell 的检查：remotes.about.canary: 不是 http(s) 地址'],
    ['a rollback with nowhere to go', { verb: 'rollback', remote: 'about' }, '没有可回滚到的已知良好入口（历史和备用地址中都没有）'],
    ['a rollback to a primary that is already first', { verb: 'rollback', remote: 'about', to: A }, `${A} 已经是主地址，无需回滚`],
  ] as const)('refuses %s in Chinese, and writes nothing', async (_what, request, message) => {
    const before = fs.readFileSync(configFile, 'utf8');
    await expect(step(request)).rejects.toThrow(message);
    expect(fs.readFileSync(configFile, 'utf8')).toBe(before);
    expect(fs.existsSync(path.join(dir, RELEASE_HISTORY_FILE))).toBe(false);
  });

  it('refuses a step that would leave the remote with no working entry', async () => {
    await step({ verb: 'canary', remote: 'about', entry: B, percent: 10 });
    // The stable build's host is gone: aborting would send the canary's visitors to nothing that answers.
    await expect(step({ verb: 'abort', remote: 'about' }, new Set([A]))).rejects.toThrow(`拒绝执行 abort：about 将没有可用的入口（${A}：version.json 无法连接）`);
    expect(read().remotes.about).toEqual({ entries: [A], canary: { entry: B, percent: 10 } });
    // Widening is refused too while the canary itself is down.
    await expect(step({ verb: 'widen', remote: 'about', percent: 20 }, new Set([B]))).rejects.toThrow(`${B} 不可用`);
    await expect(step({ verb: 'widen', remote: 'about', percent: 5 })).rejects.toThrow('扩大后的比例 5% 应大于现在的 10%');
    await expect(step({ verb: 'canary', remote: 'about', entry: C, percent: 10 })).rejects.toThrow(`已有灰度 ${B}（10%）：先 promote 或 abort`);
  });

  it('refuses an http: entry in the production form\'s config (its API on https:), before asking any entry; the demo\'s takes one', async () => {
    const plain = 'http://cdn.example.cn/about/1.1.0/mf-manifest.json';
    const asked: string[] = [];
    const counting: EntryChecker = async (entry) => {
      asked.push(entry);
      return checker()(entry);
    };
    fs.writeFileSync(configFile, JSON.stringify({ apiBaseUrl: 'https://api.example.cn', remotes: { about: [A, 'http://old.example.cn/about/mf-manifest.json'] } }));
    const before = fs.readFileSync(configFile, 'utf8');
    const refusal = `拒绝执行 canary：${plain} 不是 https 地址（生产形态只接受 https:）`;
    await expect(takeStep({ configFile, verb: 'canary', remote: 'about', entry: plain, percent: 10, reason: '测试', check: counting })).rejects.toThrow(refusal);
    await expect(step({ verb: 'rollback', remote: 'about', to: plain })).rejects.toThrow('不是 https 地址');
    expect([fs.readFileSync(configFile, 'utf8'), asked]).toEqual([before, []]);
    // An http: fallback written by hand does not hold up the steps that take no new entry.
    await step({ verb: 'canary', remote: 'about', entry: B, percent: 10 });
    await step({ verb: 'abort', remote: 'about' });

    fs.writeFileSync(configFile, JSON.stringify({ remotes: { about: A } }));
    await step({ verb: 'canary', remote: 'about', entry: plain, percent: 10 });
    expect(read().remotes.about).toEqual({ entries: [A], canary: { entry: plain, percent: 10 } });
  });

  it('refuses to write over a file changed while the entries were being asked (a hand edit, the guard)', async () => {
    const edit = JSON.stringify({ remotes: { about: [A], wuyou: [C] } });
    const meddling: EntryChecker = async (entry) => {
      fs.writeFileSync(configFile, edit);
      return checker()(entry);
    };
    await expect(takeStep({ configFile, verb: 'canary', remote: 'about', entry: B, percent: 10, reason: '测试', check: meddling })).rejects.toThrow(
      'runtime-config.json 在此期间被修改了',
    );
    expect(fs.readFileSync(configFile, 'utf8')).toBe(edit);
  });

  it('refuses a file that is no JSON, pointing at the hand edit to make', async () => {
    fs.writeFileSync(configFile, '{ "remotes": ');
    await expect(step({ verb: 'abort', remote: 'about' })).rejects.toThrow('不是合法的 JSON 对象');
  });
});
