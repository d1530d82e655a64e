import type { EntryReport } from './inspect';
import { parseBuildInfo, parseManifest } from './manifestData';
import { sharedSection } from './sharedSection';

const SHELL = [
  { name: 'react', version: '18.3.1', requiredVersion: '18.3.1' },
  { name: '@wenrun/shared', version: '0.1.0', requiredVersion: '^0.1.0' },
];

const report = (remote: string, shared: EntryReport['shared']): EntryReport => ({ remote, entry: `https://cdn.example.cn/${remote}/mf-manifest.json`, role: '主地址', shared, errors: [] });

/** The table's rows as text, by package. */
function rows(node: Node): Record<string, string[]> {
  const trs = [...(node as HTMLElement).querySelectorAll('tbody tr')];
  return Object.fromEntries(trs.map((tr) => [tr.querySelector('td')?.textContent ?? '', [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent ?? '').concat(tr.className)]));
}

describe('the shared singletons, compared from the manifests', () => {
  it('passes a remote whose ranges the shell meets, and marks one built for another React', () => {
    const node = sharedSection(SHELL, [
      report('about', [{ name: 'react', version: '18.3.1', requiredVersion: '18.3.1' }, { name: '@wenrun/shared', version: '0.1.0', requiredVersion: '^0.1.0' }]),
      report('header', [{ name: 'react', version: '19.1.0', requiredVersion: '^19.0.0' }]),
    ]);
    expect(rows(node)).toEqual({
      '@wenrun/shared': ['0.1.0', 'about（主地址） ^0.1.0', '一致', ''],
      react: ['18.3.1', 'about（主地址） 18.3.1，header（主地址） ^19.0.0', '不满足：header（主地址） 要求 ^19.0.0', 'is-failed'],
    });
  });

  it('names a package the shell does not provide', () => {
    const node = sharedSection(SHELL, [report('wuyou', [{ name: 'dayjs', version: '1.11.0', requiredVersion: '1.11.0' }])]);
    expect(rows(node).dayjs).toEqual(['—', 'wuyou（主地址） 1.11.0', '外壳不提供：由 wuyou（主地址） 自带', 'is-failed']);
  });
});

describe('a remote\u2019s files read as data', () => {
  it('keeps only the fields a build writes, of the type and size it writes them', () => {
    const manifest = parseManifest({
      shared: [{ name: 'react', version: '18.3.1', requiredVersion: 18 }, { name: { toString: 'x' } }, 'react-dom'],
      exposes: [{ path: './Header' }, { name: 'HeaderTop' }, { path: 'x'.repeat(1000) }],
    });
    expect(manifest).toEqual({ shared: [{ name: 'react', version: '18.3.1', requiredVersion: undefined }], exposes: ['./Header', './HeaderTop'] });
    expect(() => parseManifest('<script>alert(1)</script>')).toThrow('不是模块联邦清单');
    expect(() => parseManifest({ exposes: [] })).toThrow('不是模块联邦清单');
  });

  it('takes a version.json only whole', () => {
    const build = { name: '@wenrun/remote-about', version: '0.1.0', gitHash: '4694846', builtAt: '2026-11-28T01:17:19.082Z' };
    expect(parseBuildInfo({ ...build, extra: 1 })).toEqual(build);
    expect(() => parseBuildInfo({ ...build, gitHash: 4694846 })).toThrow('缺少');
    expect(() => parseBuildInfo([build])).toThrow('内容不是对象');
  });
});
