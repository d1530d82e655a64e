/** `reference-api/src/main.ts` as ops start it, in a process of its own: what the tests of main.ts drive. */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

export async function waitForHealth(url: string, deadline: number): Promise<void> {
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

export interface Started {
  url: string;
  /** Everything written so far, stdout and stderr. */
  output: () => string;
  exited: Promise<number | null>;
  /** To the server's own process. */
  signal: (signal: NodeJS.Signals) => void;
  /** Ends the server and waits until it has: SIGTERM, which it answers by closing. */
  stop: () => Promise<void>;
}

/** `node --import tsx reference-api/src/main.ts` with `env` over a fresh database, as ops would start it. */
export async function startMain(env: NodeJS.ProcessEnv, dir: string): Promise<Started> {
  const port = await freePort();
  // Node with tsx's loader, as the supervisor starts it (deploy/serve/supervisor.ts): tsx's command waits 30 ms for its
  // child to confirm a signal, then SIGKILLs it and exits 143, which a starved machine (.ci/one-core) made this test see.
  const child = spawn(process.execPath, ['--import', 'tsx', 'reference-api/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, API_MODE: undefined, NODE_ENV: undefined, HOST: undefined, PORT: String(port), DATABASE_PATH: path.join(dir, 'data', 'site.db'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close', not 'exit': by then everything the server wrote has been read.
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    signal: (signal) => child.kill(signal),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export const post = (url: string, body: string) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }).then(
    (reply) => reply.json() as Promise<{ header: { code: string; codeMsg: string }; data: unknown }>,
  );

