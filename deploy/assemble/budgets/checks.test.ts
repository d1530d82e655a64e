import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkBudgets, checkConsoleOnly, checkForeignHosts, checkIsolation, checkRouteBudget } from './checks';
import { FOOTER_MARKER } from './data';
import { routeReport } from './pageFiles';
import { makeTestBuild } from './testBuild';

const OWN_HOSTS = ['localhost', '127.0.0.1'];
let root: string;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'wenrun-budgets-'));
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('route budget', () => {
  it('passes a route under its budget', () => {
    expect(checkRouteBudget(routeReport(makeTestBuild(root), '/'), { budgetKb: 10 })).toEqual([]);
  });

  it('fails a route over its budget, and says by how much', () => {
    const report = routeReport(makeTestBuild(root, { reactBytes: 20 * 1024 }), '/wuyou/1');
    report.codeSent = 12 * 1024;
    expect(checkRouteBudget(report, { budgetKb: 10 })).toEqual(['/wuyou/1 的 JS + CSS 传输 12.0 KB，超出预算 10.0 KB 2.0 KB']);
  });
});

describe('isolation', () => {
  it('passes when /wuyou/1 loads nothing of header, about, auth or the footer', () => {
    const site = makeTestBuild(root);
    expect(checkIsolation(site, routeReport(site, '/wuyou/1'))).toEqual([]);
  });

  it('fails when the footer lands in a chunk the activity page loads', () => {
    const site = makeTestBuild(root, { appChunk: `var footer="${FOOTER_MARKER}";` });
    expect(checkIsolation(site, routeReport(site, '/wuyou/1'))).toEqual([expect.stringMatching(/^\/wuyou\/1 下载的 shell\/bootstrap\.22222222\.js 含页脚代码/)]);
  });

  it('fails when the activity page loads a file of a remote it does not show', () => {
    const site = makeTestBuild(root);
    const report = routeReport(site, '/wuyou/1');
    const header = site.remotes.find((remote) => remote.name === 'header');
    if (!header) throw new Error('no header in the test build');
    report.files.push({ part: header, file: 'remoteEntry.js', kind: 'js', raw: 1, sent: 1 });
    expect(checkIsolation(site, report)).toEqual(['/wuyou/1 下载了 remote-header/remoteEntry.js']);
  });

  it('lets a page with the layout load the footer and the header', () => {
    const site = makeTestBuild(root);
    expect(checkIsolation(site, routeReport(site, '/'))).toEqual([]);
  });
});

describe('the ops console\u2019s chart library', () => {
  it('passes when no file a visitor may load holds it', () => {
    expect(checkConsoleOnly(makeTestBuild(root))).toEqual([]);
  });

  it('fails when it lands in a chunk the site\u2019s pages load', () => {
    const site = makeTestBuild(root, { appChunk: 'var cursor="u-cursor-pt";' });
    expect(checkConsoleOnly(site)).toEqual(['访客页面可能加载的 shell/bootstrap.22222222.js 含 uPlot（只属于运维控制台）']);
  });
});

describe('foreign hosts', () => {
  it('accepts our own hosts, inert namespace URLs and URLs in CSS comments', () => {
    const site = makeTestBuild(root, { appChunk: 'fetch("http://localhost:3100/x");' });
    expect(checkForeignHosts([site.shell, ...site.remotes], OWN_HOSTS)).toEqual([]);
  });

  it('fails on a web font from Google Fonts in CSS', () => {
    const site = makeTestBuild(root, { css: "@import url('https://fonts.googleapis.com/css?family=Lato');" });
    expect(checkForeignHosts([site.shell], OWN_HOSTS)).toEqual(['shell/bootstrap.22222222.css 含外部地址 https://fonts.googleapis.com/css?family=Lato']);
  });

  it('fails on a CDN address in JS', () => {
    const site = makeTestBuild(root, { appChunk: 'import("https://cdn.example.com/lib.js");' });
    expect(checkForeignHosts([site.shell], OWN_HOSTS)).toEqual(['shell/bootstrap.22222222.js 含外部地址 https://cdn.example.com/lib.js']);
  });
});

describe('checkBudgets', () => {
  it('reports every broken budget at once, for every measured route', () => {
    const site = makeTestBuild(root, { appChunk: `"${FOOTER_MARKER}";"https://cdn.example.com/x.js"` });
    const { reports, problems } = checkBudgets(site, OWN_HOSTS, [
      { path: '/', budgetKb: 0.001, targetKb: 0 },
      { path: '/wuyou/1', budgetKb: 100, targetKb: 0 },
    ]);
    expect(reports.map((report) => report.path)).toEqual(['/', '/wuyou/1']);
    expect(problems).toEqual([
      expect.stringMatching(/^\/ 的 JS \+ CSS 传输/),
      expect.stringMatching(/^\/wuyou\/1 下载的 shell\/bootstrap\.22222222\.js 含页脚代码/),
      'shell/bootstrap.22222222.js 含外部地址 https://cdn.example.com/x.js',
    ]);
  });

  it('measures the four routes of the manifest by default', () => {
    expect(checkBudgets(makeTestBuild(root), OWN_HOSTS).reports.map((report) => report.path)).toEqual(['/', '/about/3', '/search/课程', '/wuyou/1']);
  });
});
