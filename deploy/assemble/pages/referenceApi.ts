import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RuntimeConfig } from '@wenrun/shared/node';
import { buildServer } from '@wenrun/reference-api';

export interface PagesApi {
  /** Where the build's API calls go: the configured API, or a reference API of its own. */
  target: string;
  close: () => Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * `configured`: the API of the runtime config, whatever its address (a deploy renders what is live there).
 * `own-when-local`: for a local address (localhost), a reference API of the build's own with a throwaway
 * database, so a build never depends on whatever runs on the developer's port. Pages name the configured address
 * either way (images, links): only where the calls go differs.
 */
export type ApiChoice = 'configured' | 'own-when-local';

export async function connectApi(config: RuntimeConfig, choice: ApiChoice): Promise<PagesApi> {
  if (choice === 'configured' || !LOCAL_HOSTS.includes(new URL(config.apiBaseUrl).hostname)) {
    if (!(await answers(`${config.apiBaseUrl}/healthz`))) throw new Error(`${config.apiBaseUrl} 无响应，无法生成页面`);
    return { target: config.apiBaseUrl, close: async () => undefined };
  }
  const databasePath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wenrun-pages-')), 'site.db');
  const server = await buildServer({ databasePath, logger: false, devEndpoints: false, allowedOrigins: [] });
  const address = await server.listen({ port: 0, host: '127.0.0.1' });
  console.log(`[pages] 使用内置参考 API（${address}）代替 ${config.apiBaseUrl}`);
  return { target: address, close: () => server.close() };
}
