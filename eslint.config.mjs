import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { NODE_BOUNDARIES } from './eslint/nodeBoundaries.mjs';
import { ONE_BUNDLE_BOUNDARY, PART_BOUNDARIES, SHARED_BOUNDARIES, TEST_HELPERS_NEVER_SHIP } from './eslint/browserBoundaries.mjs';
import { frontDoors, importByPackageName } from './eslint/frontDoors.mjs';
import { rawControlNeedsReason, reactRules } from './eslint/reactRules.mjs';
import { smallRooms } from './eslint/smallRooms.mjs';

/**
 * The project's lint: JavaScript's and TypeScript's recommended rules, then the project's own families, each in a
 * module of eslint/ that says why: the React rules (reactRules.mjs), the front doors (frontDoors.mjs), who may import
 * whom in the browser (browserBoundaries.mjs) and in Node (nodeBoundaries.mjs), all made from what the repository
 * says of itself (repository.mjs, sharedPackages.mjs), and the small rooms (smallRooms.mjs). Order matters where two
 * entries set one rule for one file: the later wins (a deploy lifecycle's boundary over deploy's).
 */

/**
 * Small rooms (issue 54, eslint/smallRooms.mjs): no file over 300 lines and no function over 80. A migration (a
 * schema) and the seed catalogue read top to bottom and are excused.
 */
const SIZE_EXCUSED = ['reference-api/src/db/migrations/**', 'reference-api/src/seed/courses.ts'];

/** The project's own rules, one plugin object: flat config refuses two different objects under one plugin name. */
const WENRUN_PLUGIN = { rules: { 'raw-control-needs-reason': rawControlNeedsReason, 'import-by-package-name': importByPackageName } };

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/dist-*/**', '**/node_modules/**', 'e2e/test-results/**', 'e2e/.artifacts/**', 'e2e/playwright-report/**', 'bench/results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info', 'debug'] }],
    },
  },
  ...reactRules(WENRUN_PLUGIN),
  frontDoors(WENRUN_PLUGIN),
  ...SHARED_BOUNDARIES,
  ...PART_BOUNDARIES,
  ...NODE_BOUNDARIES,
  ONE_BUNDLE_BOUNDARY,
  TEST_HELPERS_NEVER_SHIP,
  {
    files: ['deploy/**/*.ts', 'bench/**/*.ts', 'reference-api/**/*.ts', 'e2e/**/*.ts', '*.ts', '*/webpack.config.ts'],
    rules: { 'no-console': 'off' },
  },
  ...smallRooms(SIZE_EXCUSED),
);
