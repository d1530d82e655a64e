import { API, FOLDERS, importPatterns, NODE_SURFACES, PARTS, RENDER, ROOT, ROOT_CONFIG, SHELL } from './repository.mjs';
import { ONE_BUNDLE_BROWSER } from './browserBoundaries.mjs';

/**
 * docs/ARCHITECTURE.md, "Who may import whom", for Node code: what each folder may import besides itself and shared,
 * which it reaches only through `@wenrun/shared/node`. Every other folder is forbidden to it; nobody imports the
 * bench, and e2e only for its tools (TEST_TOOLS), in tests and the bench. Each is reached by its package name
 * (`wenrun/import-by-package-name`). Every server registers the plugins of `server-plugins`, which import nothing
 * but shared's surface for Node. The render server renders with the shell's server entry; deploy renders pages with the render server's
 * renderer, starts the reference API and checks the parts' builds; the tests and the bench start what deploy starts,
 * and read the parts' source for the exact texts and data they check (the bench also builds the parts as one
 * bundle). Nothing imports back up the list, so the build's config (ROOT) and deploy's pieces of it form no loop.
 */
const PLUGINS = 'server-plugins';
/** e2e's tools, all its package exports: the browsers as the tests start them and the HTML checker. */
const TEST_TOOLS = 'e2e';
const NODE_IMPORTS = {
  [ROOT]: ['deploy'],
  [PLUGINS]: [],
  [RENDER]: [SHELL, PLUGINS],
  [API]: [PLUGINS],
  deploy: [RENDER, API, PLUGINS, ...PARTS],
  bench: ['deploy', RENDER, API, PLUGINS, TEST_TOOLS, ...PARTS],
  e2e: ['deploy', RENDER, API, PLUGINS, ...PARTS],
};
const unruled = FOLDERS.filter((folder) => folder !== 'shared' && !PARTS.includes(folder) && !(folder in NODE_IMPORTS));
const unknown = Object.keys(NODE_IMPORTS).filter((folder) => folder !== ROOT && !FOLDERS.includes(folder));
if (unruled.length || unknown.length) {
  throw new Error(`eslint/nodeBoundaries.mjs: NODE_IMPORTS needs a row for ${unruled.join(', ') || '—'}, and has one for no folder: ${unknown.join(', ') || '—'}`);
}

const NODE_SHARED_MESSAGE = `Node 代码只通过 ${NODE_SURFACES.join('、')} 使用 shared，不引用其中的文件，也不用浏览器的出口。`;

/**
 * deploy/README.md: deploy's lifecycles import down, never up. `build` runs before anything is served and `serve` on
 * a site that is up; neither may depend on what ops run against it, and the build on nothing that serves.
 */
const DEPLOY_LIFECYCLES = { 'deploy/assemble': ['serve', 'ops'], 'deploy/serve': ['ops'] };
const lifecycleRule = (lifecycle) => ({
  group: DEPLOY_LIFECYCLES[lifecycle].flatMap((later) => [`**/deploy/${later}/**`, `@wenrun/deploy/${later}/**`, `../${later}/**`, `../../${later}/**`, `../../../${later}/**`]),
  message: `${lifecycle} 不引用 ${DEPLOY_LIFECYCLES[lifecycle].map((later) => `deploy/${later}`).join('、')}（deploy/README.md：生命周期只向下引用）。`,
});

/** Node code: the folders `folder` may import (`NODE_IMPORTS`), and shared only through its surfaces for Node. */
const nodeBoundary = (files, folder, allowed, ignores = [], extraPatterns = []) => ({
  files,
  ignores,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: [ROOT, ...FOLDERS]
              .filter((other) => other !== folder && other !== 'shared' && !allowed.includes(other))
              .flatMap(importPatterns),
            message: `${folder === ROOT ? '根目录的构建配置' : folder} 只引用 ${[...allowed, 'shared'].join('、')}（docs/ARCHITECTURE.md，谁可以引用谁）。`,
          },
          // Two patterns: one naming shared's folder itself would keep its surface for Node from being allowed back.
          { group: ['**/shared/**', '@wenrun/shared/**', ...NODE_SURFACES.map((surface) => `!${surface}`)], message: NODE_SHARED_MESSAGE },
          { regex: '^(?:@wenrun/|(?:\\.\\.?/)+(?:[^/]+/)*)shared$', message: NODE_SHARED_MESSAGE },
          ...extraPatterns,
        ],
      },
    ],
  },
});

/**
 * A folder's Node code as `nodeBoundary`, and its tests the same but for e2e's tools, which any test may use (a Jest
 * test checks CSS with the HTML checker as the browser tests check pages).
 */
const TESTS = '**/*.test.{ts,tsx}';
const nodeBoundaries = (glob, folder, allowed, ignores = [], extraPatterns = []) => [
  nodeBoundary([glob], folder, allowed, [...ignores, TESTS], extraPatterns),
  nodeBoundary([glob.replace(/\*\.(\{ts,tsx\}|ts)$/, '*.test.$1')], folder, [...new Set([...allowed, TEST_TOOLS])], ignores, extraPatterns),
];

/** Node code, and the parts' webpack configs, which run in Node and call the build's config at the root. */
export const NODE_BOUNDARIES = [
  ...Object.entries(NODE_IMPORTS).flatMap(([folder, allowed]) =>
    folder === ROOT
      ? [nodeBoundary(ROOT_CONFIG, ROOT, allowed)]
      : nodeBoundaries(`${folder}/**/*.{ts,tsx}`, folder, allowed, folder === 'bench' ? [ONE_BUNDLE_BROWSER] : []),
  ),
  ...Object.keys(DEPLOY_LIFECYCLES).flatMap((lifecycle) =>
    nodeBoundaries(`${lifecycle}/**/*.ts`, 'deploy', NODE_IMPORTS.deploy, [], [lifecycleRule(lifecycle)]),
  ),
  ...PARTS.map((part) => nodeBoundary([`${part}/webpack.config.ts`], part, [ROOT])),
];
