import { FOLDERS, importPatterns, NODE_SURFACES, PARTS, REMOTES, ROOT, SHARED_SURFACES, SHELL, sourceOf } from './repository.mjs';
import { DEEP_IMPORTS, MOBX, SELECTION_FILES, SHARED_PACKAGES } from './sharedPackages.mjs';

/**
 * docs/ARCHITECTURE.md: `shared` <- remotes <- `shell`, at runtime only. A remote never imports another remote or the
 * shell; the shell never imports a remote's source; `shared` imports none of them. Parts reach `shared` only
 * through its public surfaces for the browser (the entry points its package.json exports), never a file inside it,
 * and import no Node code (the servers, deploy, the tests, the bench, the build's config).
 */
const NOT_FOR_THE_BROWSER = [ROOT, ...FOLDERS.filter((folder) => folder !== 'shared' && !PARTS.includes(folder))];
const boundary = (files, forbidden, message) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...(forbidden.length ? [{ group: forbidden.flatMap(sourceOf), message }] : []),
          {
            group: NOT_FOR_THE_BROWSER.flatMap(importPatterns),
            message: '浏览器代码不引用服务器、部署、测试与基准的代码（docs/ARCHITECTURE.md）。',
          },
          {
            group: ['**/shared/src/**', '@wenrun/shared/**', ...SHARED_SURFACES.map((surface) => `!${surface}`)],
            message: `只能通过 @wenrun/shared 的公开出口使用 shared（${NODE_SURFACES.join('、')} 只给 Node 代码）。`,
          },
          ...DEEP_IMPORTS,
        ],
        paths: [...SHARED_PACKAGES, ...MOBX],
      },
    ],
  },
});

const sharedImports = (paths) => [
  'error',
  {
    patterns: [
      { group: [ROOT, ...FOLDERS.filter((folder) => folder !== 'shared')].flatMap(importPatterns), message: 'shared 不依赖任何其他部分。' },
      ...(paths.length ? DEEP_IMPORTS : []),
    ],
    paths,
  },
];

/** shared imports no other part; its stores are where MobX is imported, and its selections name the shared packages. */
export const SHARED_BOUNDARIES = [
  {
    files: ['shared/**/*.{ts,tsx}'],
    ignores: ['shared/src/stores/**'],
    rules: {
      'no-restricted-imports': sharedImports([...SHARED_PACKAGES, ...MOBX]),
    },
  },
  {
    files: ['shared/src/stores/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': sharedImports(SHARED_PACKAGES),
    },
  },
  {
    files: [...SELECTION_FILES, 'shared/src/testing/**'],
    rules: { 'no-restricted-imports': sharedImports([]) },
  },
];

export const PART_BOUNDARIES = [
  ...REMOTES.map((remote) =>
    boundary(
      [`${remote}/src/**/*.{ts,tsx}`],
      PARTS.filter((part) => part !== remote),
      `${remote} 不得引用其他 remote 或 shell 的源码：跨边界的东西放进 shared，或通过暴露组件的 props 传递。`,
    ),
  ),
  boundary([`${SHELL}/src/**/*.{ts,tsx}`], REMOTES, 'shell 只按名称和暴露的模块在运行时加载 remote，不引用其源码。'),
];

/** The one-bundle baseline's page code (its webpack config is Node code of the bench). */
export const ONE_BUNDLE_BROWSER = 'bench/one-bundle/!(webpack.config).{ts,tsx}';
/** The bench's one-bundle baseline is browser code: the parts' source built as one bundle, shared as the parts use it. */
export const ONE_BUNDLE_BOUNDARY = boundary([ONE_BUNDLE_BROWSER], [], '');

export const TEST_HELPERS_NEVER_SHIP = {
  // Test helpers never ship: only tests and the folders of test helpers may import them.
  files: [`{shared,${PARTS.join(',')}}/src/**/*.{ts,tsx}`],
  ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
  rules: {
    'no-restricted-syntax': [
      'error',
      { selector: "ImportDeclaration[source.value='@wenrun/shared/testing']", message: '@wenrun/shared/testing 只供测试使用，不进入产品代码。' },
    ],
  },
};
