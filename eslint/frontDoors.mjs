import path from 'node:path';
import { readJson, REPO } from './repository.mjs';

/**
 * docs/ARCHITECTURE.md, front doors: a workspace (the root package.json's list) is reached by its package name,
 * through the exports its package.json lists, so that list is the whole of what others use of it and Node refuses the
 * rest. A relative path into another workspace's folder would pass both by; a name past its exports is refused here
 * with the list it could use, rather than by a resolver's error. Every workspace declares its exports.
 */
const WORKSPACES = readJson('./package.json').workspaces.map((folder) => {
  const { name, exports } = readJson(`./${folder}/package.json`);
  if (!exports) throw new Error(`eslint/frontDoors.mjs: ${folder}/package.json declares no exports`);
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
export const importByPackageName = {
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

/** Every file of code, in any folder: the rule above, given the project's plugin (`wenrun`). */
export const frontDoors = (wenrun) => ({
  files: ['**/*.{ts,tsx,mjs,cjs}'],
  plugins: { wenrun },
  rules: { 'wenrun/import-by-package-name': 'error' },
});
