import { createRequire } from 'node:module';
import path from 'node:path';
import { SHARED_SELECTION_FILES } from '@wenrun/shared/node';
import { readPackageJson, type PackageJson } from './packageInfo';
import { SHARED_SINGLETONS } from './sharedSingletons';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const require = createRequire(import.meta.url);

/**
 * Shared packages provided as a selection of their exports (the module that re-exports them, by package): a shared
 * module is not tree-shaken by the parts that consume it, so the whole package would travel otherwise. Lint allows
 * the parts only the names a selection offers (eslint/sharedPackages.mjs reads the same table).
 */
export const SHARED_SELECTIONS = Object.fromEntries(
  Object.entries(SHARED_SELECTION_FILES).map(([packageName, file]) => [packageName, path.join(ROOT, file)]),
) as Partial<Record<keyof typeof SHARED_SINGLETONS, string>>;

/** The version of a package as installed (what a selection of it provides). */
function installedVersion(packageName: string): string {
  return readPackageJson(path.dirname(require.resolve(`${packageName}/package.json`))).version;
}

/** What a part shares, as Module Federation's `shared` option: a remote leaves out its copy of what the shell brings. */
export function sharedConfig(pkg: PackageJson, role: 'shell' | 'remote') {
  const sharedPkg = readPackageJson(path.join(ROOT, 'shared'));
  return Object.fromEntries(
    Object.entries(SHARED_SINGLETONS).map(([dep, provider]) => {
      const isWorkspace = dep === sharedPkg.name || dep.startsWith(`${sharedPkg.name}/`);
      const packageName = isWorkspace ? sharedPkg.name : dep.replace(/^((?:@[^/]+\/)?[^/]+).*$/, '$1');
      const requiredVersion = pkg.dependencies?.[packageName];
      if (!requiredVersion) {
        throw new Error(`${pkg.name}: shared singleton "${dep}" needs "${packageName}" in its package.json dependencies`);
      }
      const consumesOnly = role === 'remote' && provider === 'shell';
      const selection = consumesOnly ? undefined : SHARED_SELECTIONS[dep as keyof typeof SHARED_SINGLETONS];
      // A single module of a package (semantic-ui-react's Form) is offered by its file: webpack offers a module named
      // by its request only where the part's own code imports it, and the shell offers Form without drawing one.
      const moduleFile = consumesOnly || selection || !dep.endsWith('.js') ? undefined : require.resolve(dep);
      return [
        dep,
        {
          singleton: true,
          requiredVersion: isWorkspace ? `^${sharedPkg.version}` : requiredVersion,
          ...(isWorkspace ? { version: sharedPkg.version } : {}),
          // A selection's module is no package of its own: the version it provides is the package's.
          ...(selection ?? moduleFile ? { import: selection ?? moduleFile, version: installedVersion(packageName) } : {}),
          ...(consumesOnly ? { import: false as const } : {}),
        },
      ];
    }),
  );
}
