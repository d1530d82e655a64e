/**
 * The first step of `npm run build`: every served part's production build (`buildParts.ts`, as many at a time as
 * the machine has cores). The pages and the compressed copies follow, once all are built.
 */
import path from 'node:path';
import { REMOTE_PARTS, SHELL_PART } from '@wenrun/shared/node';
import { buildAndPrint } from './buildParts';

const ROOT = path.resolve(import.meta.dirname, '../..');

buildAndPrint(ROOT, [SHELL_PART.folder, ...Object.values(REMOTE_PARTS).map((part) => part.folder)]).then(
  (built) => process.exit(built ? 0 : 1),
  (error: unknown) => {
    console.error('[build] 失败：', error);
    process.exit(1);
  },
);
