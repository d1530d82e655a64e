import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PATHS } from '../../shared/src/api/endpoints';
import { SUCCESS_CODE } from '../../shared/src/constants';

const ROOT = path.resolve(__dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become healthy');
}

describe('main.ts', () => {
  it('starts from env (PORT, HOST, DATABASE_PATH), logs JSON, serves the site calls and exits cleanly on SIGTERM', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'reference-api-main-'));
    const databasePath = path.join(dir, 'data', 'site.db');
    const port = await freePort();
    const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['reference-api/src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_PATH: databasePath, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const url = `http://127.0.0.1:${port}`;
      await waitForHealth(url, Date.now() + 20_000);
      expect(existsSync(databasePath)).toBe(true);
      const reply = await fetch(`${url}${API_PATHS.passwordLogin}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'mobile=13800138000&password=Wenrun%402026',
      });
      expect(((await reply.json()) as { header: { code: string } }).header.code).toBe(SUCCESS_CODE);
      // Production: no dev endpoints.
      expect((await fetch(`${url}/__dev/codes/13800138000`)).status).toBe(404);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      const lines = output.trim().split('\n').map((line) => JSON.parse(line) as { msg?: string });
      expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['reference API ready', 'shutting down']));
    } finally {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
