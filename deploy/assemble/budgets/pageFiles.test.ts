import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pageOf, remoteCopies, routeFiles, routeReport, sizeOf, type SiteBuild } from './pageFiles';
import { makeTestBuild } from './testBuild';

let root: string;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'wenrun-budgets-'));
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function filesOf(site: SiteBuild, pathname: string): string[] {
  return routeFiles(site, pathname)
    .map(({ part, file }) => `${part.folder}/${file}`)
    .sort();
}

describe('routeFiles', () => {
  it('gives / its page, the entry, the app, layout and home page groups, the shell’s shared packages and the header module', () => {
    expect(filesOf(makeTestBuild(root), '/')).toEqual([
      'remote-header/170.aaaaaaaa.js',
      'remote-header/__federation_expose_Header.88888888.css',
      'remote-header/__federation_expose_Header.88888888.js',
      'remote-header/remoteEntry.js',
      'shell/696.55555555.js',
      'shell/74.66666666.js',
      'shell/8.77777777.js',
      'shell/bootstrap.22222222.css',
      'shell/bootstrap.22222222.js',
      'shell/home.bbbbbbbb.css',
      'shell/home.bbbbbbbb.js',
      'shell/index.html',
      'shell/layout.33333333.css',
      'shell/layout.33333333.js',
      'shell/main.11111111.js',
    ]);
  });

  it('gives /wuyou/1 the render server’s template, no layout and only the activity remote', () => {
    const files = filesOf(makeTestBuild(root), '/wuyou/1');
    expect(files).toContain('shell/app.html');
    expect(files).toContain('remote-wuyou/__federation_expose_ActivityPage.88888888.js');
    expect(files.filter((file) => file.startsWith('shell/layout.') || file.startsWith('shell/home.'))).toEqual([]);
    expect(files.filter((file) => file.startsWith('remote-') && !file.startsWith('remote-wuyou/'))).toEqual([]);
  });

  it('does not count what loads on demand (field data) nor a remote’s copy of a package already provided', () => {
    const files = filesOf(makeTestBuild(root), '/about/3');
    expect(files).not.toContain('shell/field-data.44444444.js');
    expect(files).not.toContain('remote-about/696.99999999.js');
    // The shell has no copy of the package: the first shown remote's (the layout's header) is counted.
    expect(files).toContain('remote-header/170.aaaaaaaa.js');
    expect(files).not.toContain('remote-about/170.aaaaaaaa.js');
  });

  it('names every shown remote’s copy of a package the shell lacks, since the page runs whichever registers first', () => {
    const site = makeTestBuild(root);
    const copies = (pathname: string) =>
      [...remoteCopies(site, pathname)].map(([key, options]) => [key, options.map((copy) => copy.map(({ part, file }) => `${part.folder}/${file}`))]);
    expect(copies('/about/3')).toEqual([['@wenrun/shared/ui/modal', [['remote-header/170.aaaaaaaa.js'], ['remote-about/170.aaaaaaaa.js']]]]);
    expect(copies('/')).toEqual([]);
    // Two modules of one remote: one copy.
    expect(copies('/search/课程')).toEqual([]);
  });

  it('says which file is missing when a part was not built', () => {
    const site = makeTestBuild(root);
    fs.rmSync(site.remotes[0]?.dir ?? '', { recursive: true });
    expect(() => routeFiles(site, '/')).toThrow(/remote-header.*entry-assets\.json 不存在/);
  });

  it('says which chunk group is missing when the shell’s stats file lacks it', () => {
    const site = makeTestBuild(root);
    const statsFile = path.join(site.shell.dir, 'entry-assets.json');
    const stats = JSON.parse(fs.readFileSync(statsFile, 'utf8')) as { main: { groups: Record<string, unknown> } };
    delete stats.main.groups.layout;
    fs.writeFileSync(statsFile, JSON.stringify(stats));
    expect(() => routeFiles(site, '/')).toThrow('没有块组 layout');
  });
});

describe('pageOf', () => {
  it.each([
    ['/', 'index.html'],
    ['/about/3', 'about/3/index.html'],
    ['/search/课程', 'app.html'],
    ['/wuyou/1', 'app.html'],
  ])('serves %s from %s', (pathname, page) => expect(pageOf(pathname)).toBe(page));
});

describe('sizes', () => {
  it('counts a file as sent in its brotli copy, and a small file without one as it is', () => {
    const site = makeTestBuild(root, { reactBytes: 5000 });
    expect(sizeOf({ part: site.shell, file: '696.55555555.js' })).toMatchObject({ kind: 'js', raw: 5000, sent: 100 });
    expect(sizeOf({ part: site.shell, file: '8.77777777.js' })).toMatchObject({ kind: 'js', raw: 12, sent: 12 });
  });

  it('adds up the JS and CSS only', () => {
    const report = routeReport(makeTestBuild(root), '/');
    const code = report.files.filter((file) => file.kind === 'js' || file.kind === 'css');
    expect(report.codeSent).toBe(code.reduce((sum, file) => sum + file.sent, 0));
    expect(report.files.some((file) => file.kind === 'html')).toBe(true);
  });
});
