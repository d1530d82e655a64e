/**
 * Serves what the benchmark measures on its own ports: copies of the built parts (so a rebuild during a run
 * cannot change what is measured), a reference API with a throwaway database, and the one-bundle baseline.
 * Every part is served by deploy/serve/partServer.ts, as `npm start` serves it: same cache and security headers, and
 * compression.
 */
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { API_PORT, REMOTE_PARTS, SHELL_PART, VERSION_FILE, type RemoteName } from '@wenrun/shared/node';
import { buildServer } from '@wenrun/reference-api';
import type { FastifyInstance } from 'fastify';
import { compressFile, compressFolder } from '@wenrun/deploy/assemble/compress';
import { siteHeaders } from '@wenrun/deploy/serve/headers';
import { startPartServer } from '@wenrun/deploy/serve/partServer';
import { buildRenderServer } from '@wenrun/render-server/server/app';
import { BENCH_PORTS, localOrigin } from './ports';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const ONE_BUNDLE_DIST = path.join(ROOT, 'bench', 'one-bundle', 'dist');

export type Variant = 'federated' | 'federated-csr' | 'one-bundle';

export const VARIANT_LABELS: Record<Variant, string> = {
  federated: '联邦（预渲染，线上形态）',
  'federated-csr': '联邦（客户端渲染）',
  'one-bundle': '单包基线（客户端渲染）',
};

export interface BenchSite {
  origins: Record<Variant, string>;
  close(): Promise<void>;
}

const ALL_ORIGINS = Object.values(BENCH_PORTS).flatMap((port) => [localOrigin(port), `http://127.0.0.1:${port}`]);

/** Default local port → the benchmark's port, for the addresses baked into the shell's pages and config. */
const PORT_MAP = new Map<number, number>([
  [SHELL_PART.port, BENCH_PORTS.shell],
  [API_PORT, BENCH_PORTS.api],
  ...(Object.entries(REMOTE_PARTS) as [RemoteName, { port: number }][]).map(
    ([name, part]): [number, number] => [part.port, BENCH_PORTS[name]],
  ),
]);

/** Points every local address of a copied shell (runtime config, prerendered pages) at the benchmark's ports. */
function retargetLocalAddresses(dir: string): void {
  const files = (fs.readdirSync(dir, { recursive: true }) as string[]).filter((file) =>
    /(\.html|runtime-config\.json)$/.test(file),
  );
  for (const file of files) {
    const full = path.join(dir, file);
    const text = fs.readFileSync(full, 'utf8');
    const retargeted = text.replace(/\/\/(localhost|127\.0\.0\.1):(\d+)\b/g, (whole, host: string, port: string) => {
      const mapped = PORT_MAP.get(Number(port));
      return mapped ? `//${host}:${mapped}` : whole;
    });
    if (retargeted === text) continue;
    fs.writeFileSync(full, retargeted);
    // The build's compressed copies hold the old addresses: made again, as the server sends them.
    compressFile(full);
  }
}

/** The federated shell without its pages written at build: every path gets the client-rendered app.html. */
function removePrerenderedPages(dir: string): void {
  const appPage = path.join(dir, 'app.html');
  if (!fs.existsSync(appPage)) return;
  fs.copyFileSync(appPage, path.join(dir, 'index.html'));
  compressFile(path.join(dir, 'index.html'));
  for (const folder of ['about', 'wuyou']) fs.rmSync(path.join(dir, folder), { recursive: true, force: true });
}

function copyDir(from: string, to: string): string {
  if (!fs.existsSync(path.join(from, VERSION_FILE))) throw new Error(`${from} 未构建：先运行 npm run build`);
  fs.cpSync(from, to, { recursive: true });
  return to;
}

export async function startBenchSite(variants: Variant[]): Promise<BenchSite> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wenrun-bench-'));
  const servers: http.Server[] = [];
  let renderServer: FastifyInstance | undefined;
  const api = await buildServer({
    databasePath: path.join(work, 'site.db'),
    logger: false,
    devEndpoints: false,
    allowedOrigins: ALL_ORIGINS,
  });
  await api.listen({ port: BENCH_PORTS.api, host: 'localhost' });

  // The headers `npm start` sends, so that "as sent" counts them.
  const headers = siteHeaders({ parts: ALL_ORIGINS, api: [localOrigin(BENCH_PORTS.api)] });
  const serve = async (root: string, port: number, spa: boolean | string, allowedOrigins: string[] = []) => {
    servers.push(await startPartServer({ root, port, spa, allowedOrigins, headers }));
  };
  const federated = variants.includes('federated') || variants.includes('federated-csr');
  if (federated) {
    for (const [name, part] of Object.entries(REMOTE_PARTS) as [RemoteName, { folder: string }][]) {
      const dir = copyDir(path.join(ROOT, part.folder, 'dist'), path.join(work, part.folder));
      await serve(dir, BENCH_PORTS[name], false, ALL_ORIGINS);
    }
  }
  if (variants.includes('federated')) {
    const dir = copyDir(path.join(ROOT, SHELL_PART.folder, 'dist'), path.join(work, 'shell'));
    retargetLocalAddresses(dir);
    // As deployed: pages the build did not write (search, activities) are rendered per request.
    renderServer = await buildRenderServer({
      shellDir: dir,
      siteUrl: localOrigin(BENCH_PORTS.shell),
      dataTimeoutMs: 3_000,
      renderTimeoutMs: 5_000,
      checkIntervalMs: 60_000,
    });
    await renderServer.listen({ port: BENCH_PORTS.render, host: '127.0.0.1' });
    servers.push(
      await startPartServer({
        root: dir,
        port: BENCH_PORTS.shell,
        spa: 'app.html',
        headers,
        renderServer: { origin: `http://127.0.0.1:${BENCH_PORTS.render}`, timeoutMs: 6_000 },
      }),
    );
  }
  if (variants.includes('federated-csr')) {
    const dir = copyDir(path.join(ROOT, SHELL_PART.folder, 'dist'), path.join(work, 'shell-csr'));
    removePrerenderedPages(dir);
    retargetLocalAddresses(dir);
    await serve(dir, BENCH_PORTS.shellClientRendered, 'app.html');
  }
  if (variants.includes('one-bundle')) {
    const dir = copyDir(ONE_BUNDLE_DIST, path.join(work, 'one-bundle'));
    retargetLocalAddresses(dir);
    // Served as the site is: with compressed copies of every file worth it.
    compressFolder(dir);
    await serve(dir, BENCH_PORTS.oneBundle, true);
  }

  return {
    origins: {
      federated: localOrigin(BENCH_PORTS.shell),
      'federated-csr': localOrigin(BENCH_PORTS.shellClientRendered),
      'one-bundle': localOrigin(BENCH_PORTS.oneBundle),
    },
    async close() {
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
      await renderServer?.close();
      await api.close();
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}
