import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks these; the field-data collector measures its batches in bytes with them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// webpack.common.ts defines this per bundle; tests see a fixed build.
Object.assign(globalThis, {
  __BUILD_INFO__: { name: 'test', version: '0.0.0-test', gitHash: 'test', builtAt: '2026-01-01T00:00:00.000Z' },
});
