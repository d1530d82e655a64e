import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REMOTE_PARTS, WEB_PART_FOLDERS } from '@wenrun/shared/node';
import { checkCardSingletons, checkCardSources, DESIGN_CARD } from './card';

const ROOT = path.resolve(__dirname, '..', '..');

/** A copy of what the check reads (package.json files and sources), to plant a drift in. */
function copyOfRepository(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'card-'));
  const files = ['package.json', 'webpack.common.ts', ...JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).workspaces.map((workspace: string) => `${workspace}/package.json`)];
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(dir, file));
  }
  for (const part of WEB_PART_FOLDERS) {
    fs.cpSync(path.join(ROOT, part, 'src'), path.join(dir, part, 'src'), { recursive: true });
  }
  return dir;
}

describe('the design card (docs/ARCHITECTURE.md)', () => {
  it('has every package of the card as a dependency, used for its role', () => {
    expect(Object.keys(DESIGN_CARD)).toHaveLength(12);
    expect(checkCardSources(ROOT)).toEqual([]);
  });

  it('fails when a package of the card leaves the dependencies or its role', () => {
    const dir = copyOfRepository();
    try {
      const sharedPackage = path.join(dir, 'shared/package.json');
      const pkg = JSON.parse(fs.readFileSync(sharedPackage, 'utf8'));
      delete pkg.dependencies.axios;
      fs.writeFileSync(sharedPackage, JSON.stringify(pkg));
      // The header's search box drawn without Semantic UI's Input, the remotes' links without the router.
      for (const part of Object.values(REMOTE_PARTS).map((remote) => remote.folder)) {
        for (const file of fs.readdirSync(path.join(dir, part, 'src'), { recursive: true }) as string[]) {
          const full = path.join(dir, part, 'src', file);
          if (!/\.tsx?$/.test(file)) continue;
          const source = fs.readFileSync(full, 'utf8');
          fs.writeFileSync(full, source.replace(/\bInput\b/g, 'TextBox').replace(/from 'react-router-dom'/g, "from 'wouter'"));
        }
      }
      const problems = checkCardSources(dir);
      expect(problems).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^axios：不在任何 package\.json 的依赖中/),
          expect.stringMatching(/^semantic-ui-react：没有用于搜索输入框/),
          expect.stringMatching(/^react-router-dom：没有用于remote 的链接与跳转/),
        ]),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('wants the router, React and the stores as singletons in every built manifest, provided by the shell', () => {
    const singleton = (name: string) => ({ name, singleton: true });
    const shell = ['react', 'react-dom', 'react-router-dom', '@wenrun/shared/stores'].map(singleton);
    expect(checkCardSingletons([{ part: 'shell', shared: shell }, { part: 'remote-wuyou', shared: [singleton('react')] }])).toEqual([]);
    expect(
      checkCardSingletons([
        { part: 'shell', shared: shell.filter((entry) => entry.name !== 'react-router-dom') },
        { part: 'remote-header', shared: [{ name: 'react-router-dom', singleton: false }] },
      ]),
    ).toEqual(['shell：清单中没有共享的 react-router-dom', 'remote-header：react-router-dom 在清单中不是单例']);
  });
});
