import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  checkActivityIsolation,
  checkBudgets,
  checkFirstLoad,
  checkForeignHosts,
  FOOTER_MARKER,
  parseWebpackRuntime,
  ROUTES,
  routeFiles,
  routeReport,
  siteBuildAt,
  type RouteNeeds,
  type SiteBuild,
} from './budgets';

/**
 * Small builds in the shape webpack and Module Federation emit them: the shell's `main.js` awaits chunks 1 (a
 * consume-only chunk: react) and 2 (the app); react is chunk 3. Each remote's remoteEntry.js exposes one module.
 */
interface FixtureOptions {
  /** Extra text in the shell's app chunk (e.g. footer code). */
  appChunk?: string;
  /** Size of the shell's react chunk, in bytes of incompressible text. */
  reactBytes?: number;
  /** Extra text in the shell's stylesheet. */
  css?: string;
}

const OWN_HOSTS = ['localhost', '127.0.0.1'];
let root: string;

function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

function page(script: string): string {
  return `<!doctype html><html><head><script defer="defer" src="/${script}"></script><link rel="stylesheet" href="/site.11111111.css"></head><body><div id="root"></div></body></html>`;
}

function shellMain(): string {
  return [
    // The entry module has blocks of its own before its async boundary, and another module follows it.
    '(()=>{var m={100(e,t,r){function n(e){if(e){return}}function c(e){Promise.all([r.e(1),r.e(2)]).then(()=>r(200)).catch(n)}c(1)},',
    '2110(e,t,r){var o={};}};',
    'y.u=e=>e+"."+({2:"aaaaaaaa",3:"bbbbbbbb",4:"eeeeeeee"})[e]+".js",',
    'y.miniCssF=e=>e+"."+({2:"cccccccc"})[e]+".css",',
    'y.federation.initOptions.shared={react:[{version:"18.3.1",get:()=>y.e(3).then(()=>()=>y(3))}],',
    '"qr-lib":[{version:"1.0.0",get:()=>Promise.all([y.e(4)]).then(()=>()=>y(4))}]},',
    'y.consumesLoadingData.moduleIdToConsumeDataMapping={9:{fallback:()=>y.e(3).then(()=>()=>y(3)),shareScope:["default"],singleton:!0,shareKey:"react"}},',
    'u={},y.consumesLoadingData.chunkMapping={1:[9]},y.x(),y(100)})();',
  ].join('');
}

function remoteEntry(name: string, module: string): string {
  const exposed = module.slice(2);
  return [
    `(()=>{var o={"${module}":()=>Promise.all([p.e(1),p.e(5)]).then(()=>()=>p(7))};`,
    `p.u=e=>(({5:"__federation_expose_${exposed}"})[e]||e)+"."+({5:"dddddddd",8:"ffffffff"})[e]+".js",`,
    `p.miniCssF=e=>(({5:"__federation_expose_${exposed}"})[e]||e)+"."+({5:"dddddddd"})[e]+".css",`,
    'p.federation.initOptions.shared={react:[{version:"18.3.1",get:()=>p.e(8).then(()=>()=>p(3))}]},',
    'p.consumesLoadingData.moduleIdToConsumeDataMapping={9:{fallback:()=>p.e(8).then(()=>()=>p(3)),shareKey:"react"}},',
    `u={},p.consumesLoadingData.chunkMapping={1:[9]},p.x(),${name}=p(1)})();`,
  ].join('');
}

function makeBuild(options: FixtureOptions = {}): SiteBuild {
  const dir = fs.mkdtempSync(path.join(root, 'build-'));
  const shell = path.join(dir, 'shell', 'dist');
  write(path.join(shell, 'index.html'), page('main.12345678.js'));
  write(path.join(shell, 'app.html'), page('main.12345678.js'));
  write(path.join(shell, 'main.12345678.js'), shellMain());
  write(path.join(shell, '2.aaaaaaaa.js'), `console.log("app");${options.appChunk ?? ''}`);
  write(path.join(shell, '2.cccccccc.css'), '.site{margin:0}');
  write(path.join(shell, '3.bbbbbbbb.js'), `var react="${randomBytes(options.reactBytes ?? 3000).toString('base64')}";`);
  write(path.join(shell, '4.eeeeeeee.js'), 'var qr="on demand";');
  write(path.join(shell, 'site.11111111.css'), `/* https://github.com/semantic-org licence */body{color:#222}${options.css ?? ''}`);
  const remotes = { header: ['remote-header', './Header'], about: ['remote-about', './AboutPage'], auth: ['remote-auth', './LoginModal'], wuyou: ['remote-wuyou', './ActivityPage'] };
  for (const [name, [folder, module]] of Object.entries(remotes) as [string, [string, string]][]) {
    const dist = path.join(dir, folder, 'dist');
    const exposed = module.slice(2);
    write(path.join(dist, 'remoteEntry.js'), remoteEntry(name, module));
    write(path.join(dist, 'mf-manifest.json'), `{"name":"${name}"}`);
    write(path.join(dist, `__federation_expose_${exposed}.dddddddd.js`), `var ${name}="<svg xmlns=\\"http://www.w3.org/2000/svg\\"></svg>";`);
    write(path.join(dist, `__federation_expose_${exposed}.dddddddd.css`), `.${name}{padding:0}`);
    write(path.join(dist, '8.ffffffff.js'), 'var reactCopy="the remote\'s own react, unused when the shell provides it";');
  }
  return siteBuildAt(dir);
}

function filesOf(site: SiteBuild, route: RouteNeeds): string[] {
  return routeFiles(site, route).map(({ part, file }) => `${part.folder}/${file}`).sort();
}

const [home, activity] = ROUTES as [RouteNeeds, RouteNeeds];

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'wenrun-budgets-'));
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('routeFiles', () => {
  it('follows the HTML, the entry, the shared singletons from the shell and the header module for /', () => {
    expect(filesOf(makeBuild(), home)).toEqual([
      'remote-header/__federation_expose_Header.dddddddd.css',
      'remote-header/__federation_expose_Header.dddddddd.js',
      'remote-header/mf-manifest.json',
      'remote-header/remoteEntry.js',
      'shell/2.aaaaaaaa.js',
      'shell/2.cccccccc.css',
      'shell/3.bbbbbbbb.js',
      'shell/index.html',
      'shell/main.12345678.js',
      'shell/site.11111111.css',
    ]);
  });

  it('gives /wuyou/1 the client-rendered page and only the activity remote', () => {
    const files = filesOf(makeBuild(), activity);
    expect(files).toContain('shell/app.html');
    expect(files).toContain('remote-wuyou/__federation_expose_ActivityPage.dddddddd.js');
    expect(files.filter((file) => file.startsWith('remote-') && !file.startsWith('remote-wuyou/'))).toEqual([]);
  });

  it('says which file is missing when a part was not built', () => {
    const site = makeBuild();
    fs.rmSync(site.remotes[0]?.dir ?? '', { recursive: true });
    expect(() => routeFiles(site, home)).toThrow(/remote-header.*remoteEntry\.js 不存在/);
  });
});

describe('parseWebpackRuntime', () => {
  it.each([
    ['no names', 'y.u=e=>e+"."+({2:"aaaaaaaa",7:"bbbbbbbb"})[e]+".js",', ['2.aaaaaaaa.js', '7.bbbbbbbb.js']],
    ['several names', 'y.u=e=>(({7:"field-data",9:"other"})[e]||e)+"."+({2:"aaaaaaaa",7:"bbbbbbbb"})[e]+".js",', ['2.aaaaaaaa.js', 'field-data.bbbbbbbb.js']],
    ['one name', 'y.u=e=>(7===e?"field-data":e)+"."+({2:"aaaaaaaa",7:"bbbbbbbb"})[e]+".js",', ['2.aaaaaaaa.js', 'field-data.bbbbbbbb.js']],
  ])('reads the chunk file table with %s', (_form, source, files) => {
    expect([...parseWebpackRuntime(source).jsFile.values()]).toEqual(files);
  });

  it('says so when the table is in a form it cannot read', () => {
    expect(() => parseWebpackRuntime('y.u=e=>"chunk-"+e+".js",')).toThrow('chunk 文件表无法解析');
  });
});

describe('first-load budget', () => {
  it('passes a small build', () => {
    const report = routeReport(makeBuild(), home);
    expect(report.firstLoadGzip).toBeLessThan(10 * 1024);
    expect(checkFirstLoad(report)).toEqual([]);
  });

  it('fails when the JS + CSS of / is over 175 KB gzip, and says by how much', () => {
    const report = routeReport(makeBuild({ reactBytes: 175 * 1024 }), home);
    expect(report.firstLoadGzip).toBeGreaterThan(175 * 1024);
    expect(checkFirstLoad(report)).toEqual([expect.stringMatching(/^\/ 首次加载的 JS \+ CSS 为 \d+\.\d KB（gzip），超出预算 175\.0 KB \d+\.\d KB$/)]);
  });

  it('does not count chunks loaded only on demand', () => {
    const files = filesOf(makeBuild(), home);
    expect(files).not.toContain('shell/4.eeeeeeee.js');
    expect(files).not.toContain('remote-header/8.ffffffff.js');
  });
});

describe('activity isolation', () => {
  it('passes when /wuyou/1 loads nothing of header, about, auth or the footer', () => {
    const site = makeBuild();
    expect(checkActivityIsolation(site, routeReport(site, activity), ['header', 'about', 'auth'])).toEqual([]);
  });

  it('fails when the footer is in a chunk the activity page loads', () => {
    const site = makeBuild({ appChunk: `var footer="${FOOTER_MARKER}";` });
    expect(checkActivityIsolation(site, routeReport(site, activity), ['header', 'about', 'auth'])).toEqual([
      expect.stringMatching(/^\/wuyou\/1 下载的 shell\/2\.aaaaaaaa\.js 含页脚代码/),
    ]);
  });

  it('fails when the activity page loads a file of another remote', () => {
    const site = makeBuild();
    const route: RouteNeeds = { ...activity, modules: [...activity.modules, { remote: 'auth', module: './LoginModal' }] };
    expect(checkActivityIsolation(site, routeReport(site, route), ['header', 'about', 'auth'])).toEqual(
      expect.arrayContaining(['/wuyou/1 下载了 remote-auth/remoteEntry.js']),
    );
  });
});

describe('foreign hosts', () => {
  it('accepts our own hosts, inert namespace URLs and URLs in CSS comments', () => {
    const site = makeBuild({ appChunk: 'fetch("http://localhost:3100/x");' });
    expect(checkForeignHosts([site.shell, ...site.remotes], OWN_HOSTS)).toEqual([]);
  });

  it('fails on a web font from Google Fonts in CSS', () => {
    const site = makeBuild({ css: "@import url('https://fonts.googleapis.com/css?family=Lato');" });
    expect(checkForeignHosts([site.shell], OWN_HOSTS)).toEqual([
      'shell/site.11111111.css 含外部地址 https://fonts.googleapis.com/css?family=Lato',
    ]);
  });

  it('fails on a CDN address in JS', () => {
    const site = makeBuild({ appChunk: 'import("https://cdn.example.com/lib.js");' });
    expect(checkForeignHosts([site.shell], OWN_HOSTS)).toEqual(['shell/2.aaaaaaaa.js 含外部地址 https://cdn.example.com/lib.js']);
  });
});

describe('checkBudgets', () => {
  it('reports every broken budget at once', () => {
    const site = makeBuild({ reactBytes: 200 * 1024, appChunk: `"${FOOTER_MARKER}";"https://cdn.example.com/x.js"` });
    const { reports, problems } = checkBudgets(site, OWN_HOSTS);
    expect(reports.map((report) => report.route)).toEqual(['/', '/wuyou/1']);
    expect(problems).toHaveLength(3);
  });
});
