/**
 * The render server (`npm start` runs it on its port; production runs several behind nginx):
 *
 *   PORT=3005 SHELL_DIR=shell/dist SITE_URL=https://www.example.cn npx tsx render-server/src/server/main.ts
 *
 * RUNTIME_CONFIG_FILE: the runtime config when not the shell folder's own. An https SITE_URL takes only https:
 * entries from it. SERVICE_CREDENTIAL_STDIN=1: the API's credential for the site's own servers comes on standard input
 * (the production form writes it there): never in the environment, which `/proc/self/environ` keeps for the life of
 * the process, for the remotes' code this process runs to read.
 */
import fs from 'node:fs';
import path from 'node:path';
import { closeOnSignals, listenHost, RENDER_PORT } from '@wenrun/shared/node';
import { buildRenderServer } from './app';

const ROOT = path.resolve(import.meta.dirname, '../../..');

function numberFrom(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

async function main(): Promise<void> {
  const siteUrl = process.env.SITE_URL ?? 'http://localhost:3000';
  // Read before any remote's code runs here, and held in this closure alone.
  const serviceToken = process.env.SERVICE_CREDENTIAL_STDIN === '1' ? fs.readFileSync(0, 'utf8').trim() : undefined;
  const app = await buildRenderServer({
    shellDir: path.resolve(ROOT, process.env.SHELL_DIR ?? 'shell/dist'),
    ...(process.env.RUNTIME_CONFIG_FILE ? { configFile: path.resolve(process.env.RUNTIME_CONFIG_FILE) } : {}),
    siteUrl,
    // Pages served over https (the production form over TLS, its SITE_URL) load no code over http:, nor does this
    // server evaluate any: the config's http: entries are reported and left out.
    httpsOnly: siteUrl.startsWith('https:'),
    // SPEC-level promise of the render server: a visitor never waits more than this for the API behind a page.
    dataTimeoutMs: numberFrom('RENDER_DATA_TIMEOUT_MS', 3_000),
    renderTimeoutMs: numberFrom('RENDER_TIMEOUT_MS', 5_000),
    checkIntervalMs: numberFrom('RENDER_CHECK_INTERVAL_MS', 5_000),
    logger: { level: process.env.LOG_LEVEL ?? 'warn' },
    ...(serviceToken ? { serviceToken } : {}),
  });
  closeOnSignals(app);
  await app.listen({ port: numberFrom('PORT', RENDER_PORT), host: listenHost() });
}

main().catch((error: unknown) => {
  console.error('[render-server] 启动失败：', error);
  process.exit(1);
});
