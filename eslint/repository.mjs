import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * What lint reads of the repository: the parts table, the folders of code and shared's surfaces. Every boundary is
 * made from these, so a new part or folder changes the rules without an edit here (deploy/parts.test.ts plants one).
 */
const REPO_URL = new URL('../', import.meta.url);
export const REPO = fileURLToPath(REPO_URL);
export const readText = (file) => readFileSync(new URL(file, REPO_URL), 'utf8');
export const readJson = (file) => JSON.parse(readText(file));

/** The parts table (shared/src/config/parts.ts explains it); the boundaries are made from it. */
export const TABLE = readJson('./shared/src/config/parts.json');
export const REMOTES = Object.values(TABLE.remotes).map((part) => part.folder);
export const PARTS = [TABLE.shell.folder, ...REMOTES];
export const SHELL = TABLE.shell.folder;
export const RENDER = TABLE.render.folder;
export const API = TABLE.api.folder;

/**
 * shared's public surfaces: the entry points its package.json exports. One that only Node resolves (a `node`
 * condition and no other target) is Node code's front door, `@wenrun/shared/node`; the others are the browser's.
 */
const SHARED_EXPORTS = Object.entries(readJson('./shared/package.json').exports)
  .filter(([subpath]) => subpath !== '.')
  .map(([subpath, target]) => ({
    surface: `@wenrun/shared${subpath.slice(1)}`,
    nodeOnly: typeof target === 'object' && 'node' in target && !['default', 'browser', 'import', 'require'].some((key) => key in target),
  }));
export const SHARED_SURFACES = SHARED_EXPORTS.filter((entry) => !entry.nodeOnly).map((entry) => entry.surface);
export const NODE_SURFACES = SHARED_EXPORTS.filter((entry) => entry.nodeOnly).map((entry) => entry.surface);
if (NODE_SURFACES.length === 0) throw new Error('eslint/repository.mjs: shared/package.json exports no surface for Node');

/** Import patterns that reach into a folder's source, by folder or by package name. */
export const sourceOf = (part) => [`**/${part}`, `**/${part}/**`, `@wenrun/${part}`, `@wenrun/${part}/**`];

/**
 * Every folder of code (tsconfig.json's includes, which deploy/parts.test.ts holds to the parts table), less the
 * ambient declarations and Jest's setup, which nothing imports. A folder may import only those its rule allows:
 * a new folder is forbidden to everyone until a rule says otherwise, and has no rule of its own until it is given one.
 */
const NEVER_IMPORTED = ['types', 'jest'];
export const FOLDERS = readJson('./tsconfig.json').include.filter((entry) => !entry.includes('*') && !NEVER_IMPORTED.includes(entry));
/** The build's config at the root (webpack.common.ts): the parts' webpack configs call it. */
export const ROOT_CONFIG = readdirSync(REPO_URL).filter((file) => /\.ts$/.test(file));
export const ROOT = '.';
export const importPatterns = (folder) =>
  folder === ROOT ? ROOT_CONFIG.flatMap((file) => [`**/${file}`, `**/${file.replace(/\.ts$/, '')}`]) : sourceOf(folder);
