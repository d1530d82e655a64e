import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Worth sending compressed: text, over 1 KB. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|xml|txt)$/;
const MIN_BYTES = 1024;
/** Edited in place by ops: a compressed copy beside it would go stale, so it never gets one. */
const EDITED_IN_PLACE = new Set(['runtime-config.json']);

export const ENCODINGS = [
  { extension: '.br', encode: (data: Buffer) => zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }) },
  { extension: '.gz', encode: (data: Buffer) => zlib.gzipSync(data, { level: 9 }) },
] as const;

function wanted(file: string, size: number): boolean {
  return COMPRESSIBLE.test(file) && size > MIN_BYTES && !EDITED_IN_PLACE.has(path.basename(file));
}

/**
 * Writes `file.br` and `file.gz` beside `file` (through a temporary name: the folder may be served), or removes
 * them when `file` is gone or not worth compressing. Every writer of a served file calls this after writing, so a
 * compressed copy is never older than its source.
 */
export function compressFile(file: string): void {
  const exists = fs.existsSync(file);
  const data = exists ? fs.readFileSync(file) : undefined;
  for (const { extension, encode } of ENCODINGS) {
    const sibling = `${file}${extension}`;
    if (!data || !wanted(file, data.length)) {
      fs.rmSync(sibling, { force: true });
      continue;
    }
    const temporary = path.join(path.dirname(file), `.${path.basename(sibling)}.${process.pid}.tmp`);
    fs.writeFileSync(temporary, encode(data));
    fs.renameSync(temporary, sibling);
  }
}

/** Every file of a built folder that is worth it; returns how many were compressed. */
export function compressFolder(dir: string): number {
  let count = 0;
  for (const file of fs.readdirSync(dir, { recursive: true }) as string[]) {
    const full = path.join(dir, file);
    if (/\.(br|gz)$/.test(file) || !fs.statSync(full).isFile()) continue;
    compressFile(full);
    if (wanted(full, fs.statSync(full).size)) count += 1;
  }
  return count;
}
