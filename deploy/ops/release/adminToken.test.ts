import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const TOKEN = 'a'.repeat(64);
const REFUSED = '管理令牌只经 https 发送：http://127.0.0.1:';

/** `entry` with `args` and the admin token, until it has said `until` (or 30 s); what it said. */
function run(entry: string, args: string[], until: string): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], { cwd: ROOT, env: { PATH: process.env.PATH, ADMIN_TOKEN: TOKEN } });
    let said = '';
    const late = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const hear = (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes(until)) child.kill('SIGKILL');
    };
    child.stdout.on('data', hear);
    child.stderr.on('data', hear);
    child.on('close', () => {
      clearTimeout(late);
      resolve(said);
    });
  });
}

/**
 * A local user (a remote's code in a render server among them) listens where the admin token would go over plain
 * HTTP (issue 51): the demo's API port, which the build's config names and nothing of ours holds in the production
 * form, or any port a config names. Neither the status command nor the guard sends it there.
 */
describe('the admin token and an http: address', () => {
  let dir: string;
  let listener: http.Server;
  let heard: http.IncomingHttpHeaders[];
  let configFile: string;
  let api: string;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-token-'));
    heard = [];
    listener = http.createServer((request, response) => {
      heard.push(request.headers);
      response.end('{}');
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    api = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    configFile = path.join(dir, 'runtime-config.json');
    // The build's config as `npm run build` writes it, on the loopback address the listener holds, with a canary
    // for the guard to judge.
    const remotes = { about: { entries: ['https://cdn.example.cn/about/1.0.0/mf-manifest.json'], canary: { entry: 'https://cdn.example.cn/about/1.1.0/mf-manifest.json', percent: 10 } } };
    fs.writeFileSync(configFile, JSON.stringify({ apiBaseUrl: api, statsBaseUrl: `${api}/stats`, remotes }));
  });
  afterEach(async () => {
    await new Promise((resolve) => listener.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const tokensHeard = () => heard.filter((headers) => headers.authorization !== undefined || JSON.stringify(headers).includes(TOKEN));

  it('npm run release -- status sends none to the config\u2019s http: apiBaseUrl, and says why', async () => {
    const output = await run('deploy/ops/release/main.ts', ['status', '--config', configFile], '最近的发布记录');
    expect(tokensHeard()).toEqual([]);
    expect(output).toContain(`${REFUSED}${new URL(api).port} 不是 https 地址`);
  }, 60_000);

  it('the guard sends none to the config\u2019s http: apiBaseUrl nor to an http: --field-data, and says why', async () => {
    const fromConfig = await run('deploy/ops/release/guardMain.ts', ['--config', configFile], '[guard] about');
    const told = await run('deploy/ops/release/guardMain.ts', ['--config', configFile, '--field-data', api], '[guard] about');
    expect(tokensHeard()).toEqual([]);
    expect([fromConfig, told]).toEqual([expect.stringContaining(REFUSED), expect.stringContaining(REFUSED)]);
  }, 60_000);
});
