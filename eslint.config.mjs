import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';

/** The parts table (shared/src/config/parts.ts explains it); the boundaries below are made from it. */
const TABLE = JSON.parse(readFileSync(new URL('./shared/src/config/parts.json', import.meta.url), 'utf8'));
const REMOTES = Object.values(TABLE.remotes).map((part) => part.folder);
const PARTS = [TABLE.shell.folder, ...REMOTES];

/**
 * shared's public surfaces: the entry points its package.json exports. One that only Node resolves (a `node`
 * condition and no other target) is Node code's front door, `@wenrun/shared/node`; the others are the browser's.
 */
const SHARED_EXPORTS = Object.entries(JSON.parse(readFileSync(new URL('./shared/package.json', import.meta.url), 'utf8')).exports)
  .filter(([subpath]) => subpath !== '.')
  .map(([subpath, target]) => ({
    surface: `@wenrun/shared${subpath.slice(1)}`,
    nodeOnly: typeof target === 'object' && 'node' in target && !['default', 'browser', 'import', 'require'].some((key) => key in target),
  }));
const SHARED_SURFACES = SHARED_EXPORTS.filter((entry) => !entry.nodeOnly).map((entry) => entry.surface);
const NODE_SURFACES = SHARED_EXPORTS.filter((entry) => entry.nodeOnly).map((entry) => entry.surface);
if (NODE_SURFACES.length === 0) throw new Error('eslint.config.mjs: shared/package.json exports no surface for Node');

/** Import patterns that reach into a folder's source, by folder or by package name. */
const sourceOf = (part) => [`**/${part}`, `**/${part}/**`, `@wenrun/${part}`, `@wenrun/${part}/**`];

/**
 * Every folder of code (tsconfig.json's includes, which deploy/parts.test.ts holds to the parts table), less the
 * ambient declarations and Jest's setup, which nothing imports. A folder may import only those its rule below allows:
 * a new folder is forbidden to everyone until a rule says otherwise, and has no rule of its own until it is given one.
 */
const NEVER_IMPORTED = ['types', 'jest'];
const FOLDERS = JSON.parse(readFileSync(new URL('./tsconfig.json', import.meta.url), 'utf8')).include.filter(
  (entry) => !entry.includes('*') && !NEVER_IMPORTED.includes(entry),
);
/** The build's config at the root (webpack.common.ts): the parts' webpack configs call it. */
const ROOT_CONFIG = readdirSync(new URL('./', import.meta.url)).filter((file) => /\.ts$/.test(file));
const ROOT = '.';
const importPatterns = (folder) =>
  folder === ROOT ? ROOT_CONFIG.flatMap((file) => [`**/${file}`, `**/${file.replace(/\.ts$/, '')}`]) : sourceOf(folder);

/** MobX is bundled once, inside `@wenrun/shared/stores`, and reached through it: see shared/src/stores/index.ts. */
const MOBX_MESSAGE = 'MobX 只通过 @wenrun/shared/stores 使用（observer、makeObservable 等）：全站一个 MobX，按用到的部分打包。';
const MOBX = [
  { name: 'mobx', message: MOBX_MESSAGE },
  { name: 'mobx-react-lite', message: MOBX_MESSAGE },
];

/**
 * React Router and Semantic UI React are one shared copy each in the page, provided by the shell as a selection of
 * their exports (shared/src/federation/sharedSelections.json, used by deploy/assemble/webpack/federationShared.ts too): the parts import the
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
/**
 * Modules of a selected package shared on their own (deploy/assemble/webpack/sharedSingletons.ts: semantic-ui-react's
 * Form), by the paths the singletons table names: any other module inside that package would be the part's own copy.
 */
const SINGLETON_KEYS = [...readFileSync(new URL('./deploy/assemble/webpack/sharedSingletons.ts', import.meta.url), 'utf8').matchAll(/^\s*'([^']+)': '(?:shell|first)',$/gm)].map((match) => match[1]);
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const deepModules = (name) => SINGLETON_KEYS.filter((key) => key.startsWith(`${name}/`));
const DEEP_IMPORTS = Object.keys(SELECTIONS).filter((name) => deepModules(name).length).map((name) => ({
  regex: `^${escapeRegex(name)}/(?!(?:${deepModules(name).map((key) => escapeRegex(key.slice(name.length + 1))).join('|')})$)`,
  message: `${name} 的模块只通过 shell 共享的那一份使用（deploy/assemble/webpack/sharedSingletons.ts）；别的深层路径会在 part 里另打一份。`,
}));
if (deepModules('semantic-ui-react').length === 0) throw new Error('eslint.config.mjs: no module of semantic-ui-react read from sharedSingletons.ts');
const ROUTER_CORE_MESSAGE = 'React Router 只通过 react-router-dom 使用：页面里只有 shell 提供的那一个路由。';
const SHARED_PACKAGES = [
  ...selectionPaths,
  { name: 'react-router', message: ROUTER_CORE_MESSAGE },
  { name: '@remix-run/router', message: ROUTER_CORE_MESSAGE },
];

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

/** The one-bundle baseline's page code (its webpack config is Node code of the bench). */
const ONE_BUNDLE_BROWSER = 'bench/one-bundle/!(webpack.config).{ts,tsx}';

const SHELL = TABLE.shell.folder;
const RENDER = TABLE.render.folder;
const API = TABLE.api.folder;

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
  throw new Error(`eslint.config.mjs: NODE_IMPORTS needs a row for ${unruled.join(', ') || '—'}, and has one for no folder: ${unknown.join(', ') || '—'}`);
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

/**
 * docs/ARCHITECTURE.md: Semantic UI React draws the site's controls (`Input`, `TextArea`, `Button` …), so each looks
 * and behaves as its neighbours do. A raw `<input>`, `<textarea>` or `<button>` is allowed only where a comment on it
 * says why Semantic's would not do: inside its tag, or on the line right above it.
 */
const RAW_CONTROLS = new Set(['input', 'textarea', 'button']);
const rawControlNeedsReason = {
  meta: { type: 'suggestion', schema: [] },
  create(context) {
    const source = context.sourceCode;
    return {
      JSXOpeningElement(node) {
        if (node.name.type !== 'JSXIdentifier' || !RAW_CONTROLS.has(node.name.name)) return;
        const start = node.loc.start.line;
        // Between the attributes, not inside one's value (a comment there explains the value, not the element).
        const inValue = (comment) => node.attributes.some((attribute) => comment.range[0] > attribute.range[0] && comment.range[1] < attribute.range[1]);
        const inTag = (comment) => comment.range[0] > node.range[0] && comment.range[1] < node.range[1] && !inValue(comment);
        const explained = source.getAllComments().some((comment) => inTag(comment) || comment.loc.end.line === start - 1);
        if (!explained) {
          context.report({
            node,
            message: `<${node.name.name}> 请用 Semantic UI React 的组件（Input、TextArea、Button）；确需原生元素时，在它上面或标签内写注释说明原因。`,
          });
        }
      },
    };
  },
};

/**
 * docs/ARCHITECTURE.md, front doors: a workspace (the root package.json's list) is reached by its package name,
 * through the exports its package.json lists, so that list is the whole of what others use of it and Node refuses the
 * rest. A relative path into another workspace's folder would pass both by; a name past its exports is refused here
 * with the list it could use, rather than by a resolver's error. Every workspace declares its exports.
 */
const REPO = fileURLToPath(new URL('./', import.meta.url));
const WORKSPACES = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')).workspaces.map((folder) => {
  const { name, exports } = JSON.parse(readFileSync(new URL(`./${folder}/package.json`, import.meta.url), 'utf8'));
  if (!exports) throw new Error(`eslint.config.mjs: ${folder}/package.json declares no exports`);
  return { folder, name, exports: Object.keys(exports) };
});
const workspaceOf = (file) =>
  WORKSPACES.find((workspace) => {
    const inside = path.relative(path.join(REPO, workspace.folder), file);
    return !inside.startsWith('..') && !path.isAbsolute(inside);
  });
const EXPORTS_HINT = (workspace) => `${workspace.name} 的 package.json 的 exports 列出的出口（${workspace.exports.map((subpath) => `${workspace.name}${subpath.slice(1)}`).join('、')}）`;
/** The calls that take a module's name: CommonJS and Jest's mocks. */
const MODULE_CALLS = new Set(['require', 'require.resolve', 'jest.mock', 'jest.requireActual']);
const calleeName = (callee) =>
  callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && callee.property.type === 'Identifier' ? `${callee.object.name}.${callee.property.name}` : '';
const importByPackageName = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const here = workspaceOf(context.filename);
    const check = (node) => {
      if (node?.type !== 'Literal' || typeof node.value !== 'string') return;
      const specifier = node.value;
      if (specifier.startsWith('.')) {
        const there = workspaceOf(path.resolve(path.dirname(context.filename), specifier));
        if (there && there !== here) {
          context.report({ node, message: `${specifier} 用相对路径进入了另一个工作区（${there.folder}/）：请按包名引用 ${EXPORTS_HINT(there)}。` });
        }
        return;
      }
      const there = WORKSPACES.find((workspace) => specifier === workspace.name || specifier.startsWith(`${workspace.name}/`));
      if (there && !there.exports.includes(`.${specifier.slice(there.name.length)}`)) {
        context.report({ node, message: `${specifier} 不是 ${there.name} 的出口：只能引用 ${EXPORTS_HINT(there)}。` });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.argument?.literal),
      CallExpression: (node) => {
        if (MODULE_CALLS.has(calleeName(node.callee))) check(node.arguments[0]);
      },
    };
  },
};
/**
 * Small rooms (issue 54): no file over 300 lines and no function over 80, so a reader can hold each. A test file keeps
 * only the file limit: its describe block is a list of cases, not a function to hold. A migration (a schema) and the
 * seed catalogue read top to bottom and are excused.
 */
const SIZE_EXCUSED = ['reference-api/src/db/migrations/**', 'reference-api/src/seed/courses.ts'];
/** Over a limit until split along what they do (issue 54 item 1). The list only shrinks: nothing new joins it. */
const NOT_YET_SPLIT = [
  'eslint.config.mjs',
  'remote-about/src/message/MessageForm.tsx',
  'remote-auth/src/exposes/LoginModal.test.tsx',
  'shell/src/remotes/integrityPlugin.ts',
  'shell/src/remotes/remoteLoader.ts',
];
const SMALL_ROOMS = [
  { files: ['**/*.{ts,tsx,mjs}'], ignores: [...SIZE_EXCUSED, ...NOT_YET_SPLIT], rules: { 'max-lines': ['error', 300] } },
  {
    files: ['**/*.{ts,tsx,mjs}'],
    ignores: [...SIZE_EXCUSED, ...NOT_YET_SPLIT, '**/*.test.{ts,tsx}', 'e2e/**/*.spec.ts'],
    rules: { 'max-lines-per-function': ['error', 80] },
  },
];

const WENRUN_PLUGIN = { rules: { 'raw-control-needs-reason': rawControlNeedsReason, 'import-by-package-name': importByPackageName } };

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
    // The page's code; a test's fixture (shared/src/pageData/testGreeting.tsx) draws what it checks, nothing a visitor sees.
    files: [`{shared,${PARTS.join(',')}}/src/**/*.tsx`, 'bench/one-bundle/**/*.tsx'],
    ignores: ['**/*.test.tsx', '**/testing/**', 'shared/src/pageData/testGreeting.tsx'],
    plugins: { wenrun: WENRUN_PLUGIN },
    rules: { 'wenrun/raw-control-needs-reason': 'error' },
  },
  {
    files: ['**/*.{ts,tsx,mjs,cjs}'],
    plugins: { wenrun: WENRUN_PLUGIN },
    rules: { 'wenrun/import-by-package-name': 'error' },
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
  // Node code, and the parts' webpack configs, which run in Node and call the build's config at the root.
  ...Object.entries(NODE_IMPORTS).flatMap(([folder, allowed]) =>
    folder === ROOT
      ? [nodeBoundary(ROOT_CONFIG, ROOT, allowed)]
      : nodeBoundaries(`${folder}/**/*.{ts,tsx}`, folder, allowed, folder === 'bench' ? [ONE_BUNDLE_BROWSER] : []),
  ),
  ...Object.keys(DEPLOY_LIFECYCLES).flatMap((lifecycle) =>
    nodeBoundaries(`${lifecycle}/**/*.ts`, 'deploy', NODE_IMPORTS.deploy, [], [lifecycleRule(lifecycle)]),
  ),
  ...PARTS.map((part) => nodeBoundary([`${part}/webpack.config.ts`], part, [ROOT])),
  // The bench's one-bundle baseline is browser code: the parts' source built as one bundle, shared as the parts use it.
  boundary([ONE_BUNDLE_BROWSER], [], ''),
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
  ...SMALL_ROOMS,
);
