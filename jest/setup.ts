import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks these; the field-data collector measures its batches in bytes with them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// webpack.common.ts defines this per bundle; tests see a fixed build.
Object.assign(globalThis, {
  __BUILD_INFO__: { name: 'test', version: '0.0.0-test', gitHash: 'test', builtAt: '2026-01-01T00:00:00.000Z' },
});

// The API client fetches axios with its first call, so a test file's first request also loads a module: on a
// loaded CI machine that can pass Testing Library's default second of waiting.
configure({ asyncUtilTimeout: 3000 });
