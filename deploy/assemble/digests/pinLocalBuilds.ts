import fs from 'node:fs';
import path from 'node:path';
import { MANIFEST_FILE, parseRuntimeConfig, REMOTE_NAMES, REMOTE_PARTS, RUNTIME_CONFIG_FILE, SHELL_PART, type ReleaseDigests } from '@wenrun/shared/node';
import { buildDigests } from './buildDigests';
import { listedEntries, recordDigests } from './recordDigests';

/** The address `npm start` serves a remote's manifest at: the part's port on loopback. */
const servedManifest = (port: number) => `http://localhost:${port}/${MANIFEST_FILE}`;

/**
 * The release step of `npm run build` and `npm start`: the shell's built `runtime-config.json` pins the digests of
 * each remote it loads from this machine's own build (the parts table's address on loopback), read from the build
 * folder, never from the served origin. An entry elsewhere keeps what its release pinned (`npm run release`).
 * Returns the entries pinned.
 */
export function pinLocalBuilds(root: string): string[] {
  const configFile = path.join(root, SHELL_PART.folder, 'dist', RUNTIME_CONFIG_FILE);
  if (!fs.existsSync(configFile)) return [];
  const { config } = parseRuntimeConfig(JSON.parse(fs.readFileSync(configFile, 'utf8')));
  const pinned: ReleaseDigests = {};
  const entries = listedEntries(config);
  for (const name of REMOTE_NAMES) {
    const part = REMOTE_PARTS[name];
    const manifest = servedManifest(part.port);
    const buildDir = path.join(root, part.folder, 'dist');
    if (entries.includes(manifest) && fs.existsSync(buildDir)) pinned[manifest] = buildDigests(buildDir);
  }
  recordDigests(configFile, pinned);
  return Object.keys({ ...config.digests, ...pinned });
}
