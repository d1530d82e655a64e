import fs from 'node:fs';
import path from 'node:path';

/** The latest modification under a file or folder; build output, dependencies and dot-files are not sources. */
function newestChange(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .filter((name) => name !== 'node_modules' && name !== 'dist' && !name.startsWith('.'))
    .reduce((newest, name) => Math.max(newest, newestChange(path.join(target, name))), stat.mtimeMs);
}

/** Whether a build must run again: its output file is missing or older than a change in one of its inputs. */
export function isStale(builtFile: string, inputs: string[]): boolean {
  if (!fs.existsSync(builtFile)) return true;
  return Math.max(...inputs.map(newestChange)) > fs.statSync(builtFile).mtimeMs;
}
