import { readJson, readText } from './repository.mjs';

/**
 * Packages the page holds one copy of, shared by the shell: importing them any other way would put a second copy (a
 * second router, a second MobX) in a part's bundle. Both the browser's boundaries and shared's own use these lists.
 */

/** MobX is bundled once, inside `@wenrun/shared/stores`, and reached through it: see shared/src/stores/index.ts. */
const MOBX_MESSAGE = 'MobX 只通过 @wenrun/shared/stores 使用（observer、makeObservable 等）：全站一个 MobX，按用到的部分打包。';
export const MOBX = [
  { name: 'mobx', message: MOBX_MESSAGE },
  { name: 'mobx-react-lite', message: MOBX_MESSAGE },
];

/**
 * React Router and Semantic UI React are one shared copy each in the page, provided by the shell as a selection of
 * their exports (shared/src/federation/sharedSelections.json, used by deploy/assemble/webpack/federationShared.ts too): the parts import the
 * package and only the names its selection offers, never the packages beneath the router (each would be a second
 * router).
 */
const SELECTIONS = readJson('./shared/src/federation/sharedSelections.json');
const selectionPaths = Object.entries(SELECTIONS).map(([name, file]) => {
  const names = [...readText(`./${file}`).matchAll(/export (?:type )?\{([^}]*)\} from '[^']+'/g)]
    .flatMap((match) => match[1].split(','))
    .map((exported) => exported.trim())
    .filter(Boolean);
  if (!names.length) throw new Error(`eslint/sharedPackages.mjs: no export of ${name} read from ${file}`);
  return { name, allowImportNames: names, message: `页面里的 ${name} 是 shell 提供的一份共享副本，只含 ${file} 列出的导出；需要别的导出请先加进那个文件。` };
});
export const SELECTION_FILES = Object.values(SELECTIONS);
/**
 * Modules of a selected package shared on their own (deploy/assemble/webpack/sharedSingletons.ts: semantic-ui-react's
 * Form), by the paths the singletons table names: any other module inside that package would be the part's own copy.
 */
const SINGLETON_KEYS = [...readText('./deploy/assemble/webpack/sharedSingletons.ts').matchAll(/^\s*'([^']+)': '(?:shell|first)',$/gm)].map((match) => match[1]);
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const deepModules = (name) => SINGLETON_KEYS.filter((key) => key.startsWith(`${name}/`));
export const DEEP_IMPORTS = Object.keys(SELECTIONS).filter((name) => deepModules(name).length).map((name) => ({
  regex: `^${escapeRegex(name)}/(?!(?:${deepModules(name).map((key) => escapeRegex(key.slice(name.length + 1))).join('|')})$)`,
  message: `${name} 的模块只通过 shell 共享的那一份使用（deploy/assemble/webpack/sharedSingletons.ts）；别的深层路径会在 part 里另打一份。`,
}));
if (deepModules('semantic-ui-react').length === 0) throw new Error('eslint/sharedPackages.mjs: no module of semantic-ui-react read from sharedSingletons.ts');
const ROUTER_CORE_MESSAGE = 'React Router 只通过 react-router-dom 使用：页面里只有 shell 提供的那一个路由。';
export const SHARED_PACKAGES = [
  ...selectionPaths,
  { name: 'react-router', message: ROUTER_CORE_MESSAGE },
  { name: '@remix-run/router', message: ROUTER_CORE_MESSAGE },
];
