/**
 * `npm run test:lines`: Jest again on every supported line but the current LTS (the suite's own), one run after the
 * other. A Jest run here keeps both cores busy (1.9 of 2 through Jest on Node 26), so two side by side only share
 * them: 216 s side by side, 220 s one after the other on two cores; under the one-core quota side by side took 639 s
 * against 210 s for one run. Each run's PostgreSQL clusters take ports the kernel has free
 * (`deploy/ops/postgres/freePort.ts`).
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
  seconds: number;
}

function jestOn(line: number): Promise<LineRun> {
  const started = Date.now();
  console.log(`\n===== Node ${line} 上的 Jest =====`);
  const child = spawn(TSX, [WITH_SUPPORTED_NODE, '--line', String(line), 'jest', ...process.argv.slice(2)], { cwd: ROOT, stdio: 'inherit' });
  return new Promise((resolve) =>
    child.on('close', (code, signal) => resolve({ line, status: code ?? (signal ? 1 : 0), seconds: Math.round((Date.now() - started) / 1000) })),
  );
}

async function main(): Promise<void> {
  const runs: LineRun[] = [];
  for (const { line } of NODE_LINES) if (line !== CURRENT_LTS) runs.push(await jestOn(line));
  const told = runs.map((run) => `Node ${run.line} ${run.seconds} 秒，${run.status === 0 ? '通过' : `失败，退出码 ${run.status}`}`);
  console.log(`\n[test:lines] ${told.join('；')}`);
  process.exit(runs.every((run) => run.status === 0) ? 0 : 1);
}

void main();
