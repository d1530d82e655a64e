/** `npm run compress`, the last step of `npm run build`: `.br` and `.gz` beside every built file worth it. */
import path from 'node:path';
import { REMOTE_PARTS, SHELL_PART } from '@wenrun/shared/node';
import { compressFolder } from './compress';

const ROOT = path.resolve(import.meta.dirname, '../..');

for (const folder of [SHELL_PART.folder, ...Object.values(REMOTE_PARTS).map((part) => part.folder)]) {
  const started = performance.now();
  const count = compressFolder(path.join(ROOT, folder, 'dist'));
  console.log(`[compress] ${folder}：${count} 个文件写出 .br 和 .gz（${Math.round(performance.now() - started)} ms）`);
}
