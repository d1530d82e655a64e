/**
 * `npm run test:lines`: Jest again on every supported line but the current LTS (the suite's own), the runs side by
 * side. Most of a Jest run waits on sockets, processes and PostgreSQL (one run keeps 1.3 of the 2 cores busy), so two
 * together take less than one after the other; each run's PostgreSQL clusters take ports the kernel has free
 * (`deploy/ops/postgres/freePort.ts`), so the runs never meet. A run's output is printed whole when it ends, not
 * interleaved with the other's.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { CURRENT_LTS, NODE_LINES } from './lines';

const ROOT = path.resolve(__dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const WITH_SUPPORTED_NODE = path.join(__dirname, 'withSupportedNode.ts');

interface LineRun {
  line: number;
  status: number;
  output: string;
  seconds: number;
}

function jestOn(line: number): Promise<LineRun> {
  const started = Date.now();
  const child = spawn(TSX, [WITH_SUPPORTED_NODE, '--line', String(line), 'jest', ...process.argv.slice(2)], {
    cwd: ROOT,
    env: { ...process.env, FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) =>
    child.on('close', (code, signal) => resolve({ line, status: code ?? (signal ? 1 : 0), output, seconds: Math.round((Date.now() - started) / 1000) })),
  );
}

async function main(): Promise<void> {
  const lines = NODE_LINES.map(({ line }) => line).filter((line) => line !== CURRENT_LTS);
  const runs = await Promise.all(lines.map((line) => jestOn(line)));
  for (const run of runs) {
    console.log(`\n===== Node ${run.line} 上的 Jest（${run.seconds} 秒，${run.status === 0 ? '通过' : `失败，退出码 ${run.status}`}）=====`);
    console.log(run.output);
  }
  process.exit(runs.every((run) => run.status === 0) ? 0 : 1);
}

void main();
