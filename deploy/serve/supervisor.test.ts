import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { RUNTIME_ENV } from './childEnv';
import { Supervisor } from './supervisor';

const ROOT = path.resolve(__dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A child that serves on PORT and, asked to stop, takes DRAIN_MS to finish its last request (as the reference API
 * may, for up to 10 s), then writes how it ended to OUT.
 */
const DRAINING_CHILD = `
import fs from 'node:fs';
import http from 'node:http';
const server = http.createServer((_request, response) => response.end('ok'));
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  setTimeout(() => {
    fs.writeFileSync(process.env.OUT, 'drained');
    process.exit(0);
  }, Number(process.env.DRAIN_MS));
});
`;

describe('the supervisor of npm start', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'supervisor-'));
    fs.writeFileSync(path.join(dir, 'child.ts'), DRAINING_CHILD);
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('lets a child finish its drain when stopping, longer than the 3 s it once allowed, instead of killing it', async () => {
    const port = await freePort();
    const out = path.join(dir, 'out');
    const supervisor = new Supervisor({ cwd: ROOT, log: () => undefined });
    await supervisor.start([
      { name: 'draining', entry: path.join(dir, 'child.ts'), env: { PORT: String(port), OUT: out, DRAIN_MS: '4500' }, readyUrl: `http://127.0.0.1:${port}/` },
    ]);
    const started = Date.now();
    await supervisor.stop();
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_500);
    expect(fs.readFileSync(out, 'utf8')).toBe('drained');
  }, 30_000);

  it('refuses a port someone else holds rather than take that server for its child, and starts nothing', async () => {
    const orphan = net.createServer((socket) => {
      // The supervisor's look at the port hangs up at once.
      socket.on('error', () => undefined);
      socket.end('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
    });
    const port = await new Promise<number>((resolve) => orphan.listen(0, '127.0.0.1', () => resolve((orphan.address() as net.AddressInfo).port)));
    try {
      const supervisor = new Supervisor({ cwd: ROOT, log: () => undefined });
      const started = supervisor.start([
        { name: 'part', entry: path.join(dir, 'child.ts'), env: { PORT: String(port), OUT: path.join(dir, 'out'), DRAIN_MS: '0' }, readyUrl: `http://127.0.0.1:${port}/` },
      ]);
      await expect(started).rejects.toThrow(`part 的端口已被其他进程占用（127.0.0.1:${port}）`);
      expect(supervisor.pidOf('part')).toBeUndefined();
    } finally {
      await new Promise((resolve) => orphan.close(resolve));
    }
  }, 30_000);

  it('starts a child marked together with the one before it, and the next group once both answer', async () => {
    // Writes when it started, then takes DELAY_MS before it listens, as a render server loading its builds does.
    fs.writeFileSync(
      path.join(dir, 'slow.ts'),
      `import fs from 'node:fs';\nimport http from 'node:http';\nfs.writeFileSync(process.env.OUT, String(Date.now()));\nsetTimeout(() => http.createServer((_q, r) => r.end('ok')).listen(Number(process.env.PORT), '127.0.0.1'), Number(process.env.DELAY_MS));\n`,
    );
    const [first, second, third] = [await freePort(), await freePort(), await freePort()];
    const child = (name: string, port: number | undefined, delayMs: number, together = false) => ({
      name,
      entry: path.join(dir, 'slow.ts'),
      env: { PORT: String(port), OUT: path.join(dir, name), DELAY_MS: String(delayMs) },
      readyUrl: `http://127.0.0.1:${port}/`,
      ...(together ? { together } : {}),
    });
    const supervisor = new Supervisor({ cwd: ROOT, log: () => undefined });
    const asked = Date.now();
    await supervisor.start([child('render-1', first, 1_500), child('render-2', second, 0, true), child('after', third, 0)]);
    const ready = Date.now();
    await supervisor.stop();
    const startedAt = (name: string) => Number(fs.readFileSync(path.join(dir, name), 'utf8'));
    // The second did not wait the first one's 1.5 s; the next group did.
    expect(Math.abs(startedAt('render-2') - startedAt('render-1'))).toBeLessThan(1_000);
    expect(startedAt('after') - startedAt('render-1')).toBeGreaterThanOrEqual(1_500);
    expect(ready - asked).toBeGreaterThanOrEqual(1_500);
  }, 30_000);

  it('runs a child that serves nothing (the canary guard): ready once it runs, started again when it dies', async () => {
    const out = path.join(dir, 'runs');
    fs.writeFileSync(
      path.join(dir, 'portless.ts'),
      `import fs from 'node:fs';\nfs.appendFileSync(process.env.OUT, 'run\\n');\nsetTimeout(() => process.exit(3), 200);\n`,
    );
    const lines: string[] = [];
    const supervisor = new Supervisor({ cwd: ROOT, log: (line) => lines.push(line) });
    await supervisor.start([{ name: 'guard', entry: path.join(dir, 'portless.ts'), env: { OUT: out } }]);
    expect(supervisor.pidOf('guard')).toEqual(expect.any(Number));
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && (fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : '').split('\n').length < 3) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await supervisor.stop();
    expect(fs.readFileSync(out, 'utf8')).toMatch(/^run\nrun\n/);
    expect(lines.join('\n')).toContain('[start] guard 退出（3）');
  }, 30_000);

  it('gives a child a list of the supervisor\'s variables, never its secrets, and a secret on standard input that its /proc/self/environ does not show', async () => {
    const out = path.join(dir, 'seen');
    // What a remote's code in a render server would look at: its own environ file and its variables.
    fs.writeFileSync(
      path.join(dir, 'looks.ts'),
      `import fs from 'node:fs';\nconst given = fs.readFileSync(0, 'utf8');\nfs.writeFileSync(process.env.OUT, JSON.stringify({ given, environ: fs.readFileSync('/proc/self/environ', 'utf8'), names: Object.keys(process.env) }));\n`,
    );
    const planted = { PGPASSWORD: 'planted-pg', ADMIN_TOKEN: 'planted-admin', DATABASE_URL: 'postgres://wenrun:planted-url@db/wenrun', AWS_SECRET_ACCESS_KEY: 'planted-cloud' };
    const before = { ...process.env };
    Object.assign(process.env, planted, { RENDER_TIMEOUT_MS: '4000' });
    try {
      const supervisor = new Supervisor({ cwd: ROOT, log: () => undefined });
      await supervisor.start([{ name: 'render-server', entry: path.join(dir, 'looks.ts'), env: { OUT: out }, inherit: ['RENDER_TIMEOUT_MS'], stdin: 'service-token-7e1' }]);
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline && !fs.existsSync(out)) await new Promise((resolve) => setTimeout(resolve, 100));
      await supervisor.stop();
    } finally {
      process.env = before;
    }
    const seen = JSON.parse(fs.readFileSync(out, 'utf8')) as { given: string; environ: string; names: string[] };
    expect(seen.given).toBe('service-token-7e1');
    for (const value of [...Object.values(planted), 'service-token-7e1']) expect(seen.environ).not.toContain(value);
    expect(seen.names).toContain('PATH');
    expect(seen.names.filter((name) => !(RUNTIME_ENV as readonly string[]).includes(name)).sort()).toEqual(['OUT', 'RENDER_TIMEOUT_MS']);
  }, 30_000);
});
