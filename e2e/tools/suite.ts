/**
 * `npm test`'s steps, each timed: the Debian packages, the types and lint (side by side: each prints only what is
 * wrong), Jest on the Node running the suite and again on the other supported lines, then the build and the browser
 * tests. Stops at the first step that fails; ends with each step's time, which is what a slow CI run is read by.
 */
import { spawn } from 'node:child_process';

const STEPS = [['test:setup'], ['typecheck', 'lint'], ['test:unit'], ['test:lines'], ['test:e2e']];

function run(step: string): Promise<{ step: string; status: number; seconds: number }> {
  const started = Date.now();
  const child = spawn('npm', ['run', step], { stdio: 'inherit' });
  return new Promise((resolve) =>
    child.on('close', (code) => resolve({ step, status: code ?? 1, seconds: Math.round((Date.now() - started) / 1000) })),
  );
}

async function main(): Promise<void> {
  const times: string[] = [];
  let status = 0;
  for (const together of STEPS) {
    const runs = await Promise.all(together.map(run));
    times.push(...runs.map((done) => `${done.step} ${done.seconds} s`));
    status = runs.find((done) => done.status !== 0)?.status ?? 0;
    if (status !== 0) break;
  }
  console.log(`[test] Node ${process.version}；各步用时：${times.join('，')}`);
  process.exit(status);
}

void main();
