import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

const FORBIDDEN: [string, string][] = [
  ['remote-header/src/x.ts', "import AboutPage from '../../remote-about/src/exposes/AboutPage';"],
  ['remote-auth/src/login/x.ts', "import { App } from '../../../shell/src/app/App';"],
  ['remote-wuyou/src/x.ts', "import Header from '@wenrun/remote-header/src/exposes/Header';"],
  ['shell/src/x.ts', "import Header from '../../remote-header/src/exposes/Header';"],
  ['shared/src/x.ts', "import { App } from '../../shell/src/app/App';"],
  ['remote-about/src/x.ts', "import { MESSAGES } from '@wenrun/shared/src/constants';"],
  ['remote-wuyou/src/x.ts', "import { TEST_ACTIVITY } from '@wenrun/shared/testing';"],
  // The page's React Router and Semantic UI React are the shell's selections of them: a name they do not offer, or
  // the packages beneath the router.
  ['remote-about/src/x.ts', "import { createBrowserRouter } from 'react-router-dom';"],
  ['remote-auth/src/x.ts', "import { Dropdown } from 'semantic-ui-react';"],
  ['remote-header/src/x.ts', "import { useParams } from 'react-router';"],
  ['shell/src/x.ts', "import { matchPath } from '@remix-run/router';"],
];

const ALLOWED: [string, string][] = [
  ['remote-header/src/x.ts', "import { MESSAGES } from '@wenrun/shared';"],
  ['remote-about/src/x.ts', "import { Link, useSearchParams } from 'react-router-dom';"],
  ['remote-auth/src/x.ts', "import { Button, Modal } from 'semantic-ui-react';"],
  ['remote-header/src/x.ts', "import { SearchBox } from './header/SearchBox';"],
  ['shell/src/x.ts', "import { RemoteSlot } from './remotes/RemoteSlot';"],
  ['remote-wuyou/src/x.test.ts', "import { TEST_ACTIVITY } from '@wenrun/shared/testing';"],
];

/**
 * Lints every case with the project's own ESLint config in one child process (ESLint loads its flat config with
 * a dynamic import, which Jest's module sandbox cannot do). Returns the boundary errors per case.
 */
function lintCases(cases: [string, string][]): string[][] {
  const script = `
    import { ESLint } from 'eslint';
    const cases = JSON.parse(process.argv[1]);
    const eslint = new ESLint({ cwd: process.cwd() });
    const out = [];
    for (const [file, source] of cases) {
      const [result] = await eslint.lintText(source, { filePath: file });
      out.push(result.messages.filter((m) => ['no-restricted-imports', 'no-restricted-syntax'].includes(m.ruleId)).map((m) => m.message));
    }
    console.log(JSON.stringify(out));
  `;
  const sources = cases.map(([file, source]) => [path.join(ROOT, file), `${source}\nexport const used = 1;\n`]);
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(sources)], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as string[][];
}

const results = lintCases([...FORBIDDEN, ...ALLOWED]);
const errorsOf = (index: number) => results[index] ?? [];

describe('import boundaries (docs/ARCHITECTURE.md: shared <- remotes <- shell)', () => {
  it.each(FORBIDDEN.map(([file, source], index) => [file, source, index] as const))('%s may not: %s', (_file, _source, index) => {
    expect(errorsOf(index)).not.toEqual([]);
  });

  it.each(ALLOWED.map(([file, source], index) => [file, source, FORBIDDEN.length + index] as const))(
    '%s may: %s',
    (_file, _source, index) => {
      expect(errorsOf(index)).toEqual([]);
    },
  );
});
