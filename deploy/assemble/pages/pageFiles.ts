import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomically } from '../../atomicFile';
import { compressFile } from '../compress';

/** Where the page of `pathname` lives in the shell's served folder (`about/3/index.html`). */
export function pageFile(shellDir: string, pathname: string): string {
  return path.join(shellDir, pathname, 'index.html');
}

/**
 * Written while the folder may be served (remote-wuyou's deploy writes into the live shell): atomically, and its
 * compressed copies with it, so a server never sends the `.br` of an older page.
 */
export function writePageFile(file: string, content: string | Buffer): void {
  writeFileAtomically(file, content);
  compressFile(file);
}

/** Removes a written file and its compressed copies. */
export function removePageFile(file: string): void {
  fs.rmSync(file, { force: true });
  compressFile(file);
}
