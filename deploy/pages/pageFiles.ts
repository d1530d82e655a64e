import path from 'node:path';
import { writeFileAtomically } from '../atomicFile';

/** Where the page of `pathname` lives in the shell's served folder (`about/3/index.html`). */
export function pageFile(shellDir: string, pathname: string): string {
  return path.join(shellDir, pathname, 'index.html');
}

/** Written while the folder may be served (remote-wuyou's deploy writes into the live shell): atomically. */
export function writePageFile(file: string, content: string | Buffer): void {
  writeFileAtomically(file, content);
}
