import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { PARTS_TABLE_FILE } from '@wenrun/shared/node';

const ROOT = path.resolve(__dirname, '..');

/** A file inside shared's source (the parts table), and a module beside it, to plant imports in and of. */
const SHARED_FILE = PARTS_TABLE_FILE;
const IN_SHARED = path.posix.join(path.posix.dirname(SHARED_FILE), 'x.ts');

const FORBIDDEN: [string, string][] = [
  ['remote-header/src/x.ts', "import AboutPage from '../../remote-about/src/exposes/AboutPage';"],
  ['remote-auth/src/login/x.ts', "import { App } from '../../../shell/src/app/App';"],
  ['remote-wuyou/src/x.ts', "import Header from '@wenrun/remote-header/src/exposes/Header';"],
  ['shell/src/x.ts', "import Header from '../../remote-header/src/exposes/Header';"],
  [IN_SHARED, "import { App } from '../../../shell/src/app/App';"],
  ['remote-about/src/x.ts', `import table from '@wenrun/${SHARED_FILE}';`],
  ['remote-wuyou/src/x.ts', "import { TEST_ACTIVITY } from '@wenrun/shared/testing';"],
  // The page's React Router and Semantic UI React are the shell's selections of them: a name they do not offer, or
  // the packages beneath the router.
  ['remote-about/src/x.ts', "import { createBrowserRouter } from 'react-router-dom';"],
  ['remote-auth/src/x.ts', "import { Dropdown } from 'semantic-ui-react';"],
  ['remote-auth/src/x.ts', "import Dropdown from 'semantic-ui-react/dist/es/modules/Dropdown/Dropdown.js';"],
  [IN_SHARED, "import Checkbox from 'semantic-ui-react/dist/es/modules/Checkbox/Checkbox.js';"],
  ['remote-about/src/x.ts', "import Form from 'semantic-ui-react/dist/es/collections/Form/Form.js.map';"],
  ['remote-header/src/x.ts', "import { useParams } from 'react-router';"],
  ['shell/src/x.ts', "import { matchPath } from '@remix-run/router';"],
  // Node code (docs/ARCHITECTURE.md, who may import whom): the wrong way between folders.
  ['reference-api/src/x.ts', "import { buildRenderServer } from '../../render-server/src/server/app';"],
  ['reference-api/src/x.ts', "import { REMOTE_MODULES } from '../../shell/src/remotes/modules';"],
  ['render-server/src/server/x.ts', "import { DRAIN_MS } from '../../../deploy/serve/supervisor';"],
  ['render-server/src/x.ts', "import { buildServer } from '../../reference-api/src/server';"],
  ['deploy/x.ts', "import { createPartConfig } from '../webpack.common';"],
  ['deploy/assemble/pages/x.ts', "import { serveFolder } from '../../../e2e/support/site';"],
  // deploy's lifecycles import down: the build nothing that serves or operates, serving nothing of ops.
  ['deploy/assemble/pages/x.ts', "import { readServedConfig } from '../../serve/addresses';"],
  ['deploy/assemble/x.ts', "import { publishFolder } from '../ops/publish';"],
  ['deploy/serve/x.ts', "import { startNginxSite } from '../ops/nginx/site';"],
  ['bench/x.ts', "import { ARTIFACTS } from '../e2e/support/site';"],
  ['e2e/tests/x.ts', "import { startBenchSite } from '../../bench/site';"],
  ['deploy/serve/x.ts', "import { CHROMIUM_PATH } from '@wenrun/e2e/tools/chromium';"],
  ['render-server/src/server/x.ts', "import { nuErrors } from '@wenrun/e2e/tools/nuChecker';"],
  ['webpack.common.ts', "import { buildServer } from './reference-api/src/server';"],
  // The servers' plugins know none of the servers, and no browser code takes them.
  ['server-plugins/src/x.ts', "import { APP_START_SCRIPT_HASH } from '../../render-server/src/render/appStart';"],
  ['server-plugins/src/x.ts', "import { BUILD_FILE } from '../../deploy/serve/headers';"],
  ['shell/src/x.ts', "import { TEXT } from '@wenrun/server-plugins';"],
  [IN_SHARED, "import { buildServer } from '../../../reference-api/src/server';"],
  ['remote-about/src/x.ts', "import { buildServer } from '../../reference-api/src/server';"],
  ['shell/src/x.ts', "import { generateBadPaths } from '../../e2e/support/bad-paths';"],
  ['bench/one-bundle/x.tsx', "import { startPartServer } from '../../deploy/serve/partServer';"],
  // shared from Node: its surface for Node only, never a file inside it nor the browser's surfaces; and the other way.
  ['deploy/x.ts', `import table from '../${SHARED_FILE}';`],
  ['render-server/src/render/x.ts', `import table from '@wenrun/${SHARED_FILE}';`],
  ['e2e/tests/x.ts', "import { MESSAGES } from '@wenrun/shared';"],
  ['reference-api/src/x.ts', "import { loginStore } from '@wenrun/shared/stores';"],
  ['bench/x.ts', "import { MESSAGES } from '../shared';"],
  ['shell/webpack.config.ts', `import table from '../${SHARED_FILE}';`],
  ['remote-header/src/x.ts', "import { API_PORT } from '@wenrun/shared/node';"],
];

const ALLOWED: [string, string][] = [
  ['remote-header/src/x.ts', "import { MESSAGES } from '@wenrun/shared';"],
  ['remote-about/src/x.ts', "import { Link, useSearchParams } from 'react-router-dom';"],
  ['remote-auth/src/x.ts', "import { Button, Modal } from 'semantic-ui-react';"],
  // Form, shared on its own by its module (deploy/assemble/webpack/sharedSingletons.ts).
  ['remote-about/src/x.ts', "import Form from 'semantic-ui-react/dist/es/collections/Form/Form.js';"],
  [IN_SHARED, "import Form from 'semantic-ui-react/dist/es/collections/Form/Form.js';"],
  ['remote-header/src/x.ts', "import { SearchBox } from './header/SearchBox';"],
  ['shell/src/x.ts', "import { RemoteSlot } from './remotes/RemoteSlot';"],
  ['remote-wuyou/src/x.test.ts', "import { TEST_ACTIVITY } from '@wenrun/shared/testing';"],
  ['render-server/src/server/x.ts', "import { API_PATHS } from '@wenrun/shared/node';"],
  ['render-server/src/server/x.ts', "import { answerRefused, requestHygiene } from '@wenrun/server-plugins';"],
  ['reference-api/src/x.ts', "import { sendSecurityHeaders } from '@wenrun/server-plugins';"],
  ['server-plugins/src/x.ts', "import { APP_PAGE } from '@wenrun/shared/node';"],
  ['e2e/tests/x.ts', "import { ODD_REQUEST_LINES } from '@wenrun/server-plugins';"],
  ['render-server/src/render/x.ts', "import type { RenderSetup } from '@wenrun/shell/server/render';"],
  ['reference-api/src/x.ts', "import { FIELD_METRICS } from '@wenrun/shared/node';"],
  ['deploy/serve/x.ts', "import { APP_START_SCRIPT_HASH } from '@wenrun/render-server/render/appStart';"],
  ['deploy/ops/nginx/x.ts', "import { productionRoutes } from '@wenrun/reference-api';"],
  ['deploy/ops/nginx/x.ts', "import { readServedConfig } from '../../serve/addresses';"],
  ['deploy/serve/x.ts', "import { isStale } from '../assemble/staleness';"],
  ['bench/x.ts', "import { startNginxSite } from '@wenrun/deploy/ops/nginx/site';"],
  ['bench/x.ts', "import { buildRenderServer } from '@wenrun/render-server/server/app';"],
  ['bench/x.ts', "import { CHROMIUM_PATH } from '@wenrun/e2e/tools/chromium';"],
  ['e2e/tests/x.ts', "import { ARTIFACTS } from '../support/site';"],
  ['e2e/tests/x.ts', "import { MESSAGE_FORM_TEXT } from '@wenrun/remote-about/message/texts';"],
  ['e2e/tests/x.ts', "import { CHROMIUM_PATH } from '../tools/chromium';"],
  ['deploy/assemble/webpack/x.test.ts', "import { nuErrors } from '@wenrun/e2e/tools/nuChecker';"],
  ['webpack.common.ts', "import { htmlPage } from '@wenrun/deploy/assemble/webpack/htmlPage';"],
  ['remote-about/webpack.config.ts', "import { createPartConfig } from '../webpack.common';"],
  ['bench/one-bundle/x.tsx', "import { App } from '@wenrun/shell/app/App';"],
  ['bench/one-bundle/webpack.config.ts', "import shellConfig from '@wenrun/shell/webpack.config';"],
];

/**
 * docs/ARCHITECTURE.md: the page's controls are Semantic UI React's; a raw one only with a comment that says why.
 */
const RAW_CONTROLS_REFUSED: [string, string][] = [
  ['remote-auth/src/x.tsx', 'export const X = () => <input type="text" />;'],
  ['shell/src/x.tsx', 'export const X = () => (\n  <form>\n    <button type="submit">登录</button>\n  </form>\n);'],
  ['remote-about/src/x.tsx', 'export const X = () => <textarea rows={6} />;'],
  // A comment inside an attribute's value explains that value, not the element.
  ['remote-header/src/x.tsx', 'export const X = () => (\n  <button\n    onClick={() => {\n      // why the click does this\n    }}\n  />\n);'],
];
const RAW_CONTROLS_ALLOWED: [string, string][] = [
  ['remote-auth/src/x.tsx', "import { Button, Input } from 'semantic-ui-react';\nexport const X = () => (\n  <>\n    <Input />\n    <Button type=\"submit\">登录</Button>\n  </>\n);"],
  ['shell/src/x.tsx', 'export const X = () => (\n  <div>\n    {/* Why Semantic\'s Button would not do here. */}\n    <button type="button" />\n  </div>\n);'],
  ['remote-about/src/x.tsx', 'export const X = () => (\n  <input\n    // Why Semantic\'s Input would not do here.\n    type="text"\n  />\n);'],
  // Tests draw what they check.
  ['shell/src/x.test.tsx', 'export const X = () => <button type="button" />;'],
];

/**
 * docs/ARCHITECTURE.md: a workspace is reached by its package name, through the exports its package.json lists, never
 * by a relative path into its folder, and never by a name it does not export. Each of these goes a way the table
 * above allows: only the front door refuses them.
 */
const THROUGH_THE_FRONT_DOOR: [string, string][] = [
  ['render-server/src/render/x.ts', "import type { RenderSetup } from '../../../shell/src/server/render';"],
  ['deploy/assemble/pages/x.ts', "import { buildServer } from '../../../reference-api/src/server';"],
  ['deploy/serve/x.ts', "export { APP_START_SCRIPT_HASH } from '../../render-server/src/render/appStart';"],
  ['webpack.common.ts', "import { htmlPage } from './deploy/assemble/webpack/htmlPage';"],
  ['e2e/tests/x.ts', "const texts = import('../../remote-about/src/message/texts');"],
  ['bench/x.ts', "import { startNginxSite } from '../deploy/ops/nginx/site';"],
  ['bench/one-bundle/x.tsx', "import { App } from '../../shell/src/app/App';"],
  ['deploy/assemble/x.test.ts', "const tools = require('../../e2e/tools/chromium') as typeof import('../../e2e/tools/chromium');"],
  // By name, but past the exports.
  ['e2e/tests/x.ts', "import { ACTIVITIES } from '@wenrun/reference-api/src/seed/activities';"],
  ['deploy/assemble/pages/x.ts', "import { openSiteRenderer } from '@wenrun/render-server/src/render/siteRenderer';"],
  ['bench/x.ts', "import { startBenchSite } from '@wenrun/e2e/support/site';"],
];

/**
 * Lints every case with the project's own ESLint config in one child process (ESLint loads its flat config with
 * a dynamic import, which Jest's module sandbox cannot do). Returns the boundary errors per case.
 */
function lintCases(cases: [string, string][]): string[][] {
  const script = `
    import { ESLint } from 'eslint';
    const RULES = ['no-restricted-imports', 'no-restricted-syntax', 'wenrun/raw-control-needs-reason', 'wenrun/import-by-package-name'];
    const cases = JSON.parse(process.argv[1]);
    const eslint = new ESLint({ cwd: process.cwd() });
    const out = [];
    for (const [file, source] of cases) {
      const [result] = await eslint.lintText(source, { filePath: file });
      out.push(result.messages.filter((m) => RULES.includes(m.ruleId)).map((m) => m.message));
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

const results = lintCases([...FORBIDDEN, ...ALLOWED, ...RAW_CONTROLS_REFUSED, ...RAW_CONTROLS_ALLOWED, ...THROUGH_THE_FRONT_DOOR]);
const errorsOf = (index: number) => results[index] ?? [];

describe('import boundaries (docs/ARCHITECTURE.md: who may import whom)', () => {
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

describe('raw controls (docs/ARCHITECTURE.md: one UI library)', () => {
  const offset = FORBIDDEN.length + ALLOWED.length;
  it.each(RAW_CONTROLS_REFUSED.map(([file, source], index) => [file, source, offset + index] as const))('%s may not: %s', (_file, _source, index) => {
    expect(errorsOf(index).join('\n')).toMatch(/Semantic UI React/);
  });

  it.each(RAW_CONTROLS_ALLOWED.map(([file, source], index) => [file, source, offset + RAW_CONTROLS_REFUSED.length + index] as const))(
    '%s may: %s',
    (_file, _source, index) => {
      expect(errorsOf(index)).toEqual([]);
    },
  );
});

describe('front doors (docs/ARCHITECTURE.md: a workspace by its name and its exports)', () => {
  const offset = FORBIDDEN.length + ALLOWED.length + RAW_CONTROLS_REFUSED.length + RAW_CONTROLS_ALLOWED.length;
  it.each(THROUGH_THE_FRONT_DOOR.map(([file, source], index) => [file, source, offset + index] as const))('%s may not: %s', (_file, _source, index) => {
    expect(errorsOf(index).join('\n')).toMatch(/package\.json 的 exports/);
  });
});
