import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { recordDigests } from './recordDigests';

const A = 'https://cdn.example.cn/wuyou/mf-manifest.json';
const OTHER = 'https://cdn.example.cn/about/mf-manifest.json';
const pin = (letter: string) => `sha384-${letter.repeat(64)}`;

describe('recordDigests (a deploy pinning the build it published)', () => {
  let file: string;
  beforeEach(() => {
    file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'record-digests-')), 'runtime-config.json');
    fs.writeFileSync(file, JSON.stringify({ contact: { hotline: '400' }, remotes: { wuyou: [A], about: [OTHER] }, digests: { [A]: { 'old.js': pin('a') }, [OTHER]: { 'x.js': pin('b') } } }));
  });
  afterEach(() => fs.rmSync(path.dirname(file), { recursive: true, force: true }));

  it("replaces the entry's pins with the new build's, keeping every other field and entry", () => {
    recordDigests(file, { [A]: { 'remoteEntry.js': pin('c') } });
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({
      contact: { hotline: '400' },
      remotes: { wuyou: [A], about: [OTHER] },
      digests: { [A]: { 'remoteEntry.js': pin('c') }, [OTHER]: { 'x.js': pin('b') } },
    });
  });

  it('refuses an entry the config lists nowhere, writing nothing', () => {
    const before = fs.readFileSync(file, 'utf8');
    expect(() => recordDigests(file, { 'https://typo.example.cn/mf-manifest.json': {} })).toThrow('不是');
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
  });
});
