import fs from 'node:fs/promises';
import path from 'node:path';
import { MANIFEST_FILE, REMOTE_NAMES, type RemoteName, type RuntimeConfig } from '@wenrun/shared/node';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/**
 * At build, nothing serves the parts yet: the addresses the runtime config gives each remote are answered from the
 * local build folders, so pages are rendered with the very addresses the browser will use (asset URLs in the
 * markup are the published ones). A remote without a folder here answers 404, as if it were down. Only this
 * process's `fetch` is changed (the federation runtime on Node loads through it); the returned function undoes it.
 */
export function answerFromFolders(config: RuntimeConfig, folders: Partial<Record<RemoteName, string>>): () => void {
  const bases = REMOTE_NAMES.flatMap((remote) => {
    const entry = config.remotes[remote][0];
    if (!entry) return [];
    const dir = folders[remote];
    return [{ base: entry.slice(0, entry.length - MANIFEST_FILE.length), dir: dir ? path.resolve(dir) : undefined }];
  });
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const served = bases.find(({ base }) => url.startsWith(base));
    if (!served) return original(input, init);
    if (!served.dir) return new Response('', { status: 404 });
    const relative = decodeURIComponent(new URL(url).pathname.slice(new URL(served.base).pathname.length));
    const file = path.resolve(served.dir, relative);
    if (!file.startsWith(`${served.dir}${path.sep}`)) return new Response('', { status: 404 });
    try {
      const body = await fs.readFile(file);
      return new Response(body, { headers: { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' } });
    } catch {
      return new Response('', { status: 404 });
    }
  };
  return () => {
    globalThis.fetch = original;
  };
}
