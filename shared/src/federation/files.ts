import sharedSelections from './sharedSelections.json';

/*
 * Files of shared that tools name by path rather than import, relative to the repository root: the federation build
 * (webpack.common.ts) compiles some, and the lint and Jest configs, which are plain JavaScript and cannot import
 * TypeScript, read the tables (the tests that plant a table write it there).
 */

/** The parts table as written (config/parts.ts explains it). */
export const PARTS_TABLE_FILE = 'shared/src/config/parts.json';

/** Which shared packages are provided as a selection of their exports, and the module of each selection. */
export const SHARED_SELECTIONS_FILE = 'shared/src/federation/sharedSelections.json';

/** Each shared package provided as a selection of its exports: the module that re-exports them, by package. */
export const SHARED_SELECTION_FILES: Readonly<typeof sharedSelections> = sharedSelections;
