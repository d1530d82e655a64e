import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MANIFEST_FILE, parseRuntimeConfig, REMOTE_ENTRY_FILE, VERSION_FILE } from '@wenrun/shared/node';
import type { EntryChecker } from './entryCheck';
import { takeStep, type StepRequest } from './release';

/**
 * Issue 51: ops releasing a new version of a remote (a canary, a move to another address) never pin digests by hand:
 * the step records them from the build folder they hand over, and the result is what the shell and the render
 * servers check every file against.
 */

const A = 'https://cdn.example.cn/about/1.0.0/mf-manifest.json';
const B = 'https://cdn.example.cn/about/1.1.0/mf-manifest.json';
const sri = (bytes: Buffer) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/** Every entry answers with the version in its path. */
const answers: EntryChecker = async (entry) => ({ entry, version: /\/(\d[^/]*)\//.exec(entry)?.[1] ?? '0.0.0' });

let dir: string;
let configFile: string;
let build: string;

/** A remote's build as webpack writes it: its manifest naming a chunk and a stylesheet, its container, its version. */
function writeBuild(folder: string, version: string): void {
  const manifest = {
    metaData: { remoteEntry: { name: REMOTE_ENTRY_FILE } },
    exposes: [{ assets: { js: { sync: ['__federation_expose_AboutPage.1a2b.js'], async: [] }, css: { sync: ['css/about.3c4d.css'], async: [] } } }],
  };
  fs.mkdirSync(path.join(folder, 'css'), { recursive: true });
  fs.writeFileSync(path.join(folder, MANIFEST_FILE), JSON.stringify(manifest));
  fs.writeFileSync(path.join(folder, REMOTE_ENTRY_FILE), 'var about;');
  fs.writeFileSync(path.join(folder, '__federation_expose_AboutPage.1a2b.js'), 'export const AboutPage = 1;');
  fs.writeFileSync(path.join(folder, 'css/about.3c4d.css'), '.about-page{color:#222}');
  fs.writeFileSync(path.join(folder, VERSION_FILE), JSON.stringify({ name: 'remote-about', version }));
}

const step = (request: Omit<StepRequest, 'configFile' | 'reason' | 'check'>) => takeStep({ configFile, reason: '测试', check: answers, ...request });
const written = () => JSON.parse(fs.readFileSync(configFile, 'utf8')) as { digests?: Record<string, Record<string, string>> };

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-pins-'));
  configFile = path.join(dir, 'runtime-config.json');
  build = path.join(dir, 'about-1.1.0');
  writeBuild(build, '1.1.0');
  fs.writeFileSync(configFile, JSON.stringify({ apiBaseUrl: 'https://api.example.cn', remotes: { about: [A] }, digests: { [A]: { [MANIFEST_FILE]: sri(Buffer.from('{}')) } } }));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('a release step records the digests of the build it releases', () => {
  it("a canary of a new version: its entry pinned to every file of the build, each digest its file's SHA-384, read as the shell reads them", async () => {
    await step({ verb: 'canary', remote: 'about', entry: B, percent: 10, build });
    const pins = written().digests?.[B] ?? {};
    expect(Object.keys(pins).sort()).toEqual([MANIFEST_FILE, '__federation_expose_AboutPage.1a2b.js', 'css/about.3c4d.css', REMOTE_ENTRY_FILE].sort());
    for (const [file, digest] of Object.entries(pins)) expect(digest).toBe(sri(fs.readFileSync(path.join(build, file))));
    const { config, problems } = parseRuntimeConfig(written());
    expect(problems).toEqual([]);
    expect(config.digests[B]).toEqual(pins);
    // The stable build keeps what its own release pinned.
    expect(config.digests[A]).toEqual({ [MANIFEST_FILE]: sri(Buffer.from('{}')) });
    // Promoted, the canary's build runs for everyone under the same pins.
    await step({ verb: 'promote', remote: 'about' });
    expect(written().digests?.[B]).toEqual(pins);
  });

  it('a rollback to a new address records the build released there', async () => {
    await step({ verb: 'rollback', remote: 'about', to: B, build });
    expect(Object.keys(written().digests?.[B] ?? {})).toContain(REMOTE_ENTRY_FILE);
  });

  it('refuses a build other than the one the entry serves (another version), and writes nothing', async () => {
    writeBuild(build, '1.2.0');
    const before = fs.readFileSync(configFile, 'utf8');
    await expect(step({ verb: 'canary', remote: 'about', entry: B, percent: 10, build })).rejects.toThrow(
      `拒绝执行 canary：--build 目录的 ${VERSION_FILE} 是版本 1.2.0，而 ${B} 回答的是 1.1.0：不是同一个构建`,
    );
    expect(fs.readFileSync(configFile, 'utf8')).toBe(before);
  });

  it('refuses a build folder missing a file its manifest names', async () => {
    fs.rmSync(path.join(build, 'css/about.3c4d.css'));
    await expect(step({ verb: 'canary', remote: 'about', entry: B, percent: 10, build })).rejects.toThrow('引用了不存在的文件：css/about.3c4d.css');
  });

  it("refuses, in the production form, a canary with nothing pinned for it and no build: every visitor's page would refuse it", async () => {
    await expect(step({ verb: 'canary', remote: 'about', entry: B, percent: 10, pinsRequired: true })).rejects.toThrow(
      `拒绝执行 canary：${B} 没有发布时记录的摘要，访客的页面不会运行它：请用 --build 指定交给运维的构建目录`,
    );
    // An entry pinned before (a build released earlier) needs no build again.
    fs.writeFileSync(configFile, JSON.stringify({ ...written(), digests: { [B]: { [MANIFEST_FILE]: sri(Buffer.from('{}')) } } }));
    await step({ verb: 'canary', remote: 'about', entry: B, percent: 10, pinsRequired: true });
  });
});
