import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks these; the field-data collector measures its batches in bytes with them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// webpack.common.ts defines this per bundle; tests see a fixed build.
Object.assign(globalThis, {
  __BUILD_INFO__: { name: 'test', version: '0.0.0-test', gitHash: 'test', builtAt: '2026-01-01T00:00:00.000Z' },
});

// A bound on waiting for what a test expects, not a speed check. The API client fetches axios with its first call,
// so a test file's first request also loads a module: on a loaded CI machine that passed Testing Library's default
// second, and on a quarter of this machine (.ci/one-core: one core, Jest on two Node lines) it passed 3 s
// (ActivityPage.test's first heading).
configure({ asyncUtilTimeout: 10_000 });
