/** Writing into a folder that is being served: a reader gets the old file or the new one, never half of one. */
import fs from 'node:fs';
import path from 'node:path';

/** A hidden name beside `file` to write before the rename: servers do not hand out dot-files, nothing names them. */
export function temporaryFor(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
}

/** Writes through a temporary name and renames it over `file` (creating its folder when missing). */
export function writeFileAtomically(file: string, content: string | Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = temporaryFor(file);
  fs.writeFileSync(temporary, content);
  fs.renameSync(temporary, file);
}
