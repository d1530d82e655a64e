import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readFileSync } from 'node:fs';
import tseslint from 'typescript-eslint';

/** The parts table (shared/src/config/parts.ts explains it); the boundaries below are made from it. */
const TABLE = JSON.parse(readFileSync(new URL('./shared/src/config/parts.json', import.meta.url), 'utf8'));
const REMOTES = Object.values(TABLE.remotes).map((part) => part.folder);
const PARTS = [TABLE.shell.folder, ...REMOTES];

/** shared's public surfaces: the entry points its package.json exports. */
const SHARED_SURFACES = Object.keys(JSON.parse(readFileSync(new URL('./shared/package.json', import.meta.url), 'utf8')).exports)
  .filter((subpath) => subpath !== '.')
  .map((subpath) => `@wenrun/shared${subpath.slice(1)}`);

/** Import patterns that reach into a part's source, by folder or by package name. */
const sourceOf = (part) => [`**/${part}`, `**/${part}/**`, `@wenrun/${part}`, `@wenrun/${part}/**`];

/** MobX is bundled once, inside `@wenrun/shared/stores`, and reached through it: see shared/src/stores/index.ts. */
const MOBX_MESSAGE = 'MobX 只通过 @wenrun/shared/stores 使用（observer、makeObservable 等）：全站一个 MobX，按用到的部分打包。';
const MOBX = [
  { name: 'mobx', message: MOBX_MESSAGE },
  { name: 'mobx-react-lite', message: MOBX_MESSAGE },
];

/**
 * React Router and Semantic UI React are one shared copy each in the page, provided by the shell as a selection of
 * their exports (shared/src/federation/sharedSelections.json, used by webpack.common.ts too): the parts import the
 * package and only the names its selection offers, never the packages beneath the router (each would be a second
 * router).
 */
const SELECTIONS = JSON.parse(readFileSync(new URL('./shared/src/federation/sharedSelections.json', import.meta.url), 'utf8'));
const selectionPaths = Object.entries(SELECTIONS).map(([name, file]) => {
  const names = [...readFileSync(new URL(`./${file}`, import.meta.url), 'utf8').matchAll(/export (?:type )?\{([^}]*)\} from '[^']+'/g)]
    .flatMap((match) => match[1].split(','))
    .map((exported) => exported.trim())
    .filter(Boolean);
  if (!names.length) throw new Error(`eslint.config.mjs: no export of ${name} read from ${file}`);
  return { name, allowImportNames: names, message: `页面里的 ${name} 是 shell 提供的一份共享副本，只含 ${file} 列出的导出；需要别的导出请先加进那个文件。` };
});
const SELECTION_FILES = Object.values(SELECTIONS);
const ROUTER_CORE_MESSAGE = 'React Router 只通过 react-router-dom 使用：页面里只有 shell 提供的那一个路由。';
const SHARED_PACKAGES = [
  ...selectionPaths,
  { name: 'react-router', message: ROUTER_CORE_MESSAGE },
  { name: '@remix-run/router', message: ROUTER_CORE_MESSAGE },
];

/**
 * docs/ARCHITECTURE.md: `shared` <- remotes <- `shell`, at runtime only. A remote never imports another remote or the
 * shell; the shell never imports a remote's source; `shared` imports none of them. Parts reach `shared` only
 * through its public surfaces (the entry points its package.json exports), never a file inside it.
 */
const boundary = (files, forbidden, message) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: forbidden.flatMap(sourceOf), message },
          {
            group: ['**/shared/src/**', '@wenrun/shared/**', ...SHARED_SURFACES.map((surface) => `!${surface}`)],
            message: '只能通过 @wenrun/shared 的公开出口使用 shared。',
          },
        ],
        paths: [...SHARED_PACKAGES, ...MOBX],
      },
    ],
  },
});

const sharedImports = (paths) => [
  'error',
  { patterns: [{ group: PARTS.flatMap(sourceOf), message: 'shared 不依赖任何其他部分。' }], paths },
];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/dist-*/**', '**/node_modules/**', 'e2e/test-results/**', 'e2e/.artifacts/**', 'e2e/playwright-report/**', 'bench/results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info', 'debug'] }],
    },
  },
  {
    files: [`{shared,${PARTS.join(',')}}/src/**/*.{ts,tsx}`],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
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
  ...REMOTES.map((remote) =>
    boundary(
      [`${remote}/src/**/*.{ts,tsx}`],
      PARTS.filter((part) => part !== remote),
      `${remote} 不得引用其他 remote 或 shell 的源码：跨边界的东西放进 shared，或通过暴露组件的 props 传递。`,
    ),
  ),
  boundary([`${TABLE.shell.folder}/src/**/*.{ts,tsx}`], REMOTES, 'shell 只按名称和暴露的模块在运行时加载 remote，不引用其源码。'),
  {
    // Test helpers never ship: only tests and the folders of test helpers may import them.
    files: [`{shared,${PARTS.join(',')}}/src/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "ImportDeclaration[source.value='@wenrun/shared/testing']", message: '@wenrun/shared/testing 只供测试使用，不进入产品代码。' },
      ],
    },
  },
  {
    files: ['deploy/**/*.ts', 'bench/**/*.ts', 'reference-api/**/*.ts', 'e2e/**/*.ts', '*.ts', '*/webpack.config.ts'],
    rules: { 'no-console': 'off' },
  },
);
