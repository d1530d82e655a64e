/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

/**
 * Every file Node loads for `@wenrun/shared/node`, as the servers and scripts load it (tsx, through the workspace's
 * package), in a process of its own: Jest's module registry would hide what a plain require loads.
 */
function filesLoaded(): string[] {
  const script = "require('@wenrun/shared/node'); console.log(JSON.stringify(Object.keys(require.cache)));";
  const run = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['-e', script], { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as string[];
}

/** The package a file in node_modules belongs to. */
const packageOf = (file: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1];

describe('@wenrun/shared/node', () => {
  const loaded = filesLoaded();

  it("loads none of the browser's side: no component, stylesheet or store of shared, nor the packages they use", () => {
    const ownFiles = loaded.filter((file) => !packageOf(file)).map((file) => path.relative(ROOT, file));
    expect(ownFiles).toContain(path.join('shared', 'src', 'node.ts'));
    expect(ownFiles.filter((file) => /\.(tsx|css)$|[\\/](stores|styles|ui|feedback|forms|a11y|dev|testing)[\\/]|[\\/]api[\\/]client\.ts$/.test(file))).toEqual([]);
    const packages = new Set(loaded.map(packageOf));
    for (const browserOnly of ['mobx', 'mobx-react-lite', 'semantic-ui-react', 'semantic-ui-css', 'react-hot-toast', 'axios']) {
      expect(packages).not.toContain(browserOnly);
    }
  });
});
