import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** What the production form never reads: the history, and the browser tests with their artifacts (the site's own). */
const NOT_RUN = new Set(['.git', 'e2e']);

/** The repository as the form's users can read it, and how to take it away again. */
export interface ReadableTree {
  dir: string;
  remove: () => void;
}

/**
 * The repository as the production form's users can read it, whoever runs the tests and wherever the clone is: a
 * tree of hard links (1.4 s, no bytes copied) in a folder of its own under the system's temporary folder, with the
 * form's data and config folders inside. Started as root, the form runs nginx's workers as `www-data`, the API as
 * `wenrun-api` and the render servers as `wenrun-render`, none of which can enter a clone in a folder only its owner
 * can (`mktemp -d`, `/root`): production refuses that with its message (start.ts), and the tests and the bench run
 * this tree instead, as a deploy would leave the code. Files keep their modes; only the tree's own folder is opened.
 */
export function readableTree(root: string): ReadableTree {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wenrun-form-'));
  fs.chmodSync(dir, 0o755);
  const entries = fs.readdirSync(root).filter((name) => !NOT_RUN.has(name)).map((name) => path.join(root, name));
  // Hard links where the temporary folder is on the clone's file system; a copy where it is not.
  const linked = spawnSync('cp', ['-al', ...entries, dir]).status === 0 || spawnSync('cp', ['-a', ...entries, dir]).status === 0;
  if (!linked) throw new Error(`无法在 ${dir} 准备生产形态可读的代码树`);
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The Node the form's users can run: this one, or its copy in the tree when it lives in the clone (a release brought
 * by deploy/node-lines, which a clone only its owner can enter would hide from them).
 */
export function nodeInTree(root: string, treeDir: string): string {
  const inClone = path.relative(root, process.execPath);
  return inClone.startsWith('..') || path.isAbsolute(inClone) ? process.execPath : path.join(treeDir, inClone);
}
