/**
 * One process per served part (the supervisor of `npm start` starts one per part): `--part shell` serves the
 * shell's folder on its port, and so on for each remote. `--port`, `--render-port` and `--builds` (the folder that
 * holds each part's build as `<builds>/<folder>`) place a second copy of the site beside the first (siteProcesses.ts).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  closeOnSignals,
  configDigest,
  listenHost,
  REMOTE_PARTS,
  RENDER_PORT,
  RUNTIME_CONFIG_FILE,
  SHELL_PART,
  type RemoteName,
} from '@wenrun/shared/node';
import { fallbackPageIn } from '@wenrun/server-plugins';
import { siteOrigins } from './siteOrigins';
import { followingFiles, headersFollowing, readServedConfig } from './addresses';
import { buildPartServer } from './partServer';
import { writtenPagesFollowing } from './writtenPages';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The render server's own limit (3 s for data, 5 s a render) and a little more. */
const RENDER_TIMEOUT_MS = 6_000;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { part: { type: 'string' }, port: { type: 'string' }, 'render-port': { type: 'string' }, builds: { type: 'string' } },
  });
  const part = values.part === 'shell' ? SHELL_PART : REMOTE_PARTS[values.part as RemoteName];
  if (!part) throw new Error(`不认识的部分：${String(values.part)}`);
  const isShell = part === SHELL_PART;
  const buildOf = (folder: string) => (values.builds ? path.resolve(values.builds, folder) : path.join(ROOT, folder, 'dist'));
  const shellDir = buildOf(SHELL_PART.folder);
  const root = buildOf(part.folder);
  const servedConfigFile = path.join(shellDir, RUNTIME_CONFIG_FILE);
  const app = await buildPartServer({
    name: values.part,
    root,
    spa: fallbackPageIn(root),
    allowedOrigins: isShell ? [] : siteOrigins(),
    // Every part's pages and documents name the origins of the runtime config the shell serves, as it is now.
    headers: headersFollowing(servedConfigFile),
    ...(isShell
      ? {
          renderServer: { origin: `http://127.0.0.1:${values['render-port'] ?? RENDER_PORT}`, timeoutMs: RENDER_TIMEOUT_MS },
          // Ops edit the config in place here: from then on pages are rendered for it.
          writtenPagesFit: writtenPagesFollowing(shellDir, servedConfigFile),
          // Pages kept once rendered are kept per config: an edit is a new page at once.
          servedConfigDigest: followingFiles([servedConfigFile], () => configDigest(readServedConfig(servedConfigFile))),
        }
      : {}),
  });
  closeOnSignals(app);
  await app.listen({ port: Number(values.port ?? part.port), host: listenHost() });
}

main().catch((error: unknown) => {
  console.error(`[serve] 启动失败：${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
