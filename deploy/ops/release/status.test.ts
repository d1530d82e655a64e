import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

/**
 * A local user (a remote's code in a render server among them) listens where the status command would send the
 * admin token (issue 51): the demo's API port, free in the production form, named by the build's config.
 */
describe('npm run release -- status and the admin token', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-status-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('sends no token to a listener on 127.0.0.1:3100 named by an http: apiBaseUrl, and says why', async () => {
    const heard: http.IncomingHttpHeaders[] = [];
    const listener = http.createServer((request, response) => {
      heard.push(request.headers);
      response.end('{}');
    });
    await new Promise<void>((resolve) => listener.listen(3100, '127.0.0.1', resolve));
    const token = 'a'.repeat(64);
    const configFile = path.join(dir, 'runtime-config.json');
    // The build's config as `npm run build` writes it, on the loopback address the listener holds.
    fs.writeFileSync(configFile, JSON.stringify({ apiBaseUrl: 'http://127.0.0.1:3100', statsBaseUrl: 'http://127.0.0.1:3100/stats', remotes: {} }));
    try {
      const output = await new Promise<string>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'deploy/ops/release/main.ts', 'status', '--config', configFile], {
          cwd: ROOT,
          env: { PATH: process.env.PATH, ADMIN_TOKEN: token },
        });
        let text = '';
        child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
        child.on('close', () => resolve(text));
      });
      expect(heard.filter((headers) => headers.authorization !== undefined || JSON.stringify(headers).includes(token))).toEqual([]);
      expect(output).toContain('管理令牌只经 https 发送：http://127.0.0.1:3100 不是 https 地址');
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  }, 60_000);
});
