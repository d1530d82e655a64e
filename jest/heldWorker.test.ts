import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const JEST = path.resolve(__dirname, '../node_modules/jest/bin/jest.js');
const SWC = path.resolve(__dirname, '../node_modules/@swc/jest');
const HELD_WORKER = path.resolve(__dirname, 'heldWorker.cjs');

/** A Jest run of its own on `files` (two workers, each file a second long so Jest does not run them in band). */
function runJest(files: Record<string, string>): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'held-worker-'));
  try {
    fs.writeFileSync(
      path.join(folder, 'jest.config.js'),
      `process.execArgv.push('--require', ${JSON.stringify(HELD_WORKER)});
module.exports = { rootDir: __dirname, maxWorkers: 2, transform: { '^.+\\\\.js$': [${JSON.stringify(SWC)}, { module: { type: 'commonjs' } }] } };`,
    );
    const slow = 'await new Promise((resolve) => setTimeout(resolve, 1000));';
    for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(folder, name), `test('${name}', async () => { ${slow} ${body} });`);
    const run = spawnSync(process.execPath, [JEST, '-c', path.join(folder, 'jest.config.js'), '--no-cache'], { cwd: folder, encoding: 'utf8' });
    return run.stderr;
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

describe('a Jest worker that does not exit by itself', () => {
  jest.setTimeout(60_000);

  it('names what held it: a server left listening and a timer left running', () => {
    const stderr = runJest({
      'a.test.js': '',
      'b.test.js': '',
      'leak.test.js': "require('node:net').createServer().listen(0, '127.0.0.1'); setInterval(() => {}, 1000);",
    });
    expect(stderr).toContain('failed to exit gracefully');
    expect(stderr).toMatch(/\[jest\] worker \d+ 没有自行退出，被 Jest 结束；仍然存在：server \{"address":"127\.0\.0\.1".*类型 .*TCPServerWrap.*Timeout/);
  });

  it('says nothing when every worker exits by itself', () => {
    const stderr = runJest({ 'a.test.js': '', 'b.test.js': '', 'c.test.js': '' });
    expect(stderr).not.toContain('[jest]');
    expect(stderr).not.toContain('failed to exit');
  });
});
