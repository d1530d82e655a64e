import fs from 'node:fs';
import path from 'node:path';
import { PAGES_CONFIG_FILE, parseRuntimeConfig, type RuntimeConfig } from '@wenrun/shared/node';
import { writeFileAtomically } from '../../atomicFile';

/**
 * Records the config the pages in `shellDir` are written with. Every page carries the whole config in its state
 * (the browser runs with it: origins, contact details, accounts, canaries), so only that exact config fits them.
 */
export function recordPagesConfig(shellDir: string, config: RuntimeConfig): void {
  writeFileAtomically(path.join(shellDir, PAGES_CONFIG_FILE), `${JSON.stringify(config, null, 2)}\n`);
}

/** The config the written pages were rendered with; none when there is no record (pages of unknown config). */
export function readPagesConfig(shellDir: string): RuntimeConfig | undefined {
  try {
    return parseRuntimeConfig(JSON.parse(fs.readFileSync(path.join(shellDir, PAGES_CONFIG_FILE), 'utf8'))).config;
  } catch {
    return undefined;
  }
}
