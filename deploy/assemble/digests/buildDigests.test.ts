import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseRuntimeConfig, pinnedFile } from '@wenrun/shared/node';
import { buildDigests, releasedFiles } from './buildDigests';

const sri = (bytes: string | Buffer) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

let dir: string;

/** A remote's build as webpack writes it: the manifest names the browser's files; the server build sits in server/. */
function writeBuild(files: Record<string, string>): void {
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
}

const manifest = {
  metaData: { ssrRemoteEntry: { name: 'remoteEntry.js', path: 'server' } },
  exposes: [{ assets: { js: { sync: ['__federation_expose_AboutPage.1a2b.js'], async: ['about-lazy.3c4d.js'] }, css: { sync: ['about.5e6f.css'], async: [] } } }],
  shared: [{ assets: { js: { sync: ['shared-react.7a8b.js'], async: [] }, css: { sync: [], async: [] } } }],
};

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wenrun-digests-'));
  writeBuild({
    'mf-manifest.json': JSON.stringify(manifest),
    'remoteEntry.js': 'var about;',
    '__federation_expose_AboutPage.1a2b.js': 'expose',
    'about-lazy.3c4d.js': 'lazy',
    'about.5e6f.css': '.about{}',
    'shared-react.7a8b.js': 'react',
    'server/remoteEntry.js': 'module.exports = {};',
    'server/__federation_expose_AboutPage.js': 'server expose',
    'index.html': '<!doctype html>',
    'remoteEntry.js.br': 'compressed',
  });
});

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('buildDigests', () => {
  it("pins the manifest, the container, every file it names and the server build, and nothing else", () => {
    expect(releasedFiles(dir)).toEqual([
      '__federation_expose_AboutPage.1a2b.js',
      'about-lazy.3c4d.js',
      'about.5e6f.css',
      'mf-manifest.json',
      'remoteEntry.js',
      'server/__federation_expose_AboutPage.js',
      'server/remoteEntry.js',
      'shared-react.7a8b.js',
    ]);
    expect(buildDigests(dir)['remoteEntry.js']).toBe(sri('var about;'));
  });

  it('is a digest of the bytes: one byte changed is another digest', () => {
    const before = buildDigests(dir);
    writeBuild({ 'about-lazy.3c4d.js': 'lazY' });
    const after = buildDigests(dir);
    expect(after['about-lazy.3c4d.js']).not.toBe(before['about-lazy.3c4d.js']);
    expect({ ...after, 'about-lazy.3c4d.js': '' }).toEqual({ ...before, 'about-lazy.3c4d.js': '' });
  });

  it('is what the runtime config keeps and the shell finds a file by', () => {
    const entry = 'https://static.example.cn/about/1.2.0/mf-manifest.json';
    const { config, problems } = parseRuntimeConfig({ digests: { [entry]: buildDigests(dir) } });
    expect(problems).toEqual([]);
    expect(pinnedFile(config.digests, [entry], 'https://static.example.cn/about/1.2.0/server/remoteEntry.js?v=1')).toEqual({
      entry,
      file: 'server/remoteEntry.js',
      digest: sri('module.exports = {};'),
    });
  });

  it('refuses a digest list that is not one (the shell then runs nothing unpinned)', () => {
    const entry = 'https://static.example.cn/about/1.2.0/mf-manifest.json';
    const { config, problems } = parseRuntimeConfig({ digests: { [entry]: { '../remoteEntry.js': sri('x') } } });
    expect(config.digests).toEqual({});
    expect(problems).toEqual([expect.stringContaining('digests')]);
  });
});
