/**
 * The product owner's design card (docs/ARCHITECTURE.md, "The design card"): the packages the site is built with,
 * each in its role. Checked three ways, so that no package of the card quietly loses its role to a lighter one:
 * it is a dependency, shipped code (or the build and test tooling, for those) uses it for its role, and the
 * packages that must be one instance in the page are singletons in every built manifest.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_PARTS, WEB_PART_FOLDERS } from '@wenrun/shared/node';

/** Where the card says a package works, as a file and what that file must say. */
interface RoleCheck {
  /** What the package does for the site, in the problem's words. */
  role: string;
  /**
   * Files or folders (relative to the repository), or a workspace package's surface (`@wenrun/shared/stores`: the
   * folder of the module it exports), of which at least one file must say `pattern`.
   */
  files: string[];
  pattern: RegExp;
  /** Read the tests too (a testing library's role); otherwise only code that ships or builds. */
  tests?: true;
}

/** The sources of the parts table's browser code: a new remote is read as soon as it is in the table. */
const SHIPPED = WEB_PART_FOLDERS.map((folder) => `${folder}/src`);
const REMOTES = Object.values(REMOTE_PARTS).map((part) => `${part.folder}/src`);

/** `import { … name … } from 'module'` (or a re-export of it: `export { … } from`), names in any order. */
function imports(module: string, ...names: string[]): RegExp {
  const quoted = module.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`(?:import|export)\\s*\\{[^}]*\\b(?:${names.join('|')})\\b[^}]*\\}\\s*from\\s*'${quoted}'`);
}

export const DESIGN_CARD: Record<string, RoleCheck[]> = {
  react: [{ role: '各部分的组件', files: SHIPPED, pattern: /from 'react'/ }],
  'react-dom': [
    { role: '浏览器里接管服务器渲染的页面（hydrateRoot）', files: ['shell/src'], pattern: imports('react-dom/client', 'hydrateRoot') },
    { role: '服务器渲染页面', files: ['shell/src'], pattern: imports('react-dom/server.browser', 'renderToReadableStream') },
  ],
  'react-router-dom': [
    { role: 'shell 的路由', files: ['shell/src'], pattern: imports('react-router-dom', 'useRoutes', 'Routes') },
    { role: '浏览器里的路由', files: ['shell/src'], pattern: imports('react-router-dom', 'BrowserRouter') },
    { role: '服务器上的路由', files: ['shell/src'], pattern: imports('react-router-dom/server', 'StaticRouter') },
    { role: 'remote 的链接与跳转', files: REMOTES, pattern: imports('react-router-dom', 'Link', 'useNavigate') },
  ],
  '@module-federation/enhanced': [
    { role: '模块联邦的构建', files: ['webpack.common.ts'], pattern: imports('@module-federation/enhanced/webpack', 'ModuleFederationPlugin') },
    { role: '运行时加载 remote', files: ['shell/src'], pattern: imports('@module-federation/enhanced/runtime', 'loadRemote') },
  ],
  webpack: [{ role: '打包', files: ['webpack.common.ts'], pattern: /from 'webpack'/ }],
  'webpack-cli': [{ role: '各部分的构建命令', files: ['shell/package.json', 'remote-header/package.json'], pattern: /"build": "webpack / }],
  mobx: [{ role: '登录 store', files: ['@wenrun/shared/stores'], pattern: imports('mobx', 'makeObservable', 'makeAutoObservable') }],
  'mobx-react-lite': [{ role: '随 store 更新的组件', files: ['@wenrun/shared/stores'], pattern: imports('mobx-react-lite', 'observer') }],
  axios: [{ role: '唯一的 API 客户端', files: ['@wenrun/shared'], pattern: /import\('axios'\)/ }],
  'semantic-ui-react': [
    { role: '按钮', files: SHIPPED, pattern: imports('semantic-ui-react', 'Button') },
    // Form is shared on its own, by its module (deploy/assemble/webpack/sharedSingletons.ts).
    { role: '表单', files: SHIPPED, pattern: /import Form from 'semantic-ui-react\/dist\/es\/collections\/Form\/Form\.js'/ },
    { role: '搜索输入框', files: REMOTES, pattern: imports('semantic-ui-react', 'Input') },
    { role: '菜单与标签页', files: REMOTES, pattern: imports('semantic-ui-react', 'Menu') },
    { role: '提示信息', files: SHIPPED, pattern: imports('semantic-ui-react', 'Message') },
    { role: '占位骨架', files: SHIPPED, pattern: imports('semantic-ui-react', 'Placeholder') },
    { role: '加载指示', files: SHIPPED, pattern: imports('semantic-ui-react', 'Loader') },
    { role: '弹窗', files: SHIPPED, pattern: imports('semantic-ui-react', 'Modal') },
  ],
  jest: [{ role: '单元测试', files: ['package.json'], pattern: /"test:unit": "[^"]*\bjest"/ }],
  '@testing-library/react': [{ role: '组件测试', files: SHIPPED, pattern: /from '@testing-library\/react'/, tests: true }],
};

/** The card's packages that must be one instance in the page: a singleton in every built manifest that lists them. */
export const CARD_SINGLETONS = ['react', 'react-dom', 'react-router-dom', '@wenrun/shared/stores'] as const;

interface PackageJson {
  name?: string;
  workspaces?: string[];
  exports?: Record<string, string | Record<string, string>>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** The root package.json and each workspace's, with the folder of each. */
function packagesOf(root: string): { folder: string; pkg: PackageJson }[] {
  const rootPackage = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as PackageJson;
  return [
    { folder: '', pkg: rootPackage },
    ...(rootPackage.workspaces ?? []).flatMap((workspace) => {
      const file = path.join(root, workspace, 'package.json');
      return fs.existsSync(file) ? [{ folder: workspace, pkg: JSON.parse(fs.readFileSync(file, 'utf8')) as PackageJson }] : [];
    }),
  ];
}

/** Where an entry of a role is: a path as it is, a workspace surface as the folder of the module it exports. */
function locate(root: string, entry: string): string {
  const owner = packagesOf(root).find(({ pkg }) => pkg.name && (entry === pkg.name || entry.startsWith(`${pkg.name}/`)));
  if (!owner?.pkg.name) return path.join(root, entry);
  const target = owner.pkg.exports?.[`.${entry.slice(owner.pkg.name.length)}`];
  const module = typeof target === 'string' ? target : undefined;
  return module ? path.dirname(path.join(root, owner.folder, module)) : path.join(root, entry);
}

function sourceFiles(root: string, entry: string, tests: boolean): string[] {
  const full = locate(root, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [full];
  return (fs.readdirSync(full, { recursive: true }) as string[])
    .filter((file) => /\.(tsx?|json)$/.test(file) && (tests || !/\.test\.tsx?$|(^|[\\/])(testing|dev)[\\/]/.test(file)))
    .map((file) => path.join(full, file));
}

/** Every package.json of the repository: the root and its workspaces. */
function dependencyNames(root: string): Set<string> {
  return new Set(
    packagesOf(root).flatMap(({ pkg }) => [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})]),
  );
}

/** The card's packages missing from the dependencies, or not used for their role: one problem each, in Chinese. */
export function checkCardSources(root: string): string[] {
  const dependencies = dependencyNames(root);
  const problems: string[] = [];
  for (const [packageName, roles] of Object.entries(DESIGN_CARD)) {
    if (!dependencies.has(packageName)) problems.push(`${packageName}：不在任何 package.json 的依赖中`);
    for (const { role, files, pattern, tests } of roles) {
      const used = files
        .flatMap((entry) => sourceFiles(root, entry, tests === true))
        .some((file) => pattern.test(fs.readFileSync(file, 'utf8')));
      if (!used) problems.push(`${packageName}：没有用于${role}（${files.join('、')} 中找不到 ${pattern.source}）`);
    }
  }
  return problems;
}

interface ManifestShared {
  name: string;
  singleton?: boolean;
}

/** The card's singletons each listed, as a singleton, by every built part (the shell provides, remotes consume). */
export function checkCardSingletons(manifests: { part: string; shared: ManifestShared[] }[]): string[] {
  return manifests.flatMap(({ part, shared }) =>
    CARD_SINGLETONS.flatMap((name) => {
      const entry = shared.find((candidate) => candidate.name === name);
      if (!entry) return part === 'shell' ? [`${part}：清单中没有共享的 ${name}`] : [];
      return entry.singleton ? [] : [`${part}：${name} 在清单中不是单例`];
    }),
  );
}
