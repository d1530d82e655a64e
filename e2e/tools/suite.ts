/**
 * `npm test`'s steps, each timed: the Debian packages; the types, lint and the build the browser tests use (with its
 * contract and budget checks); Jest on the Node running the suite, then on the other supported lines (two runs side by
 * side, `deploy/node-lines/jestOnOtherLines.ts`); the browser tests. The steps of a group run side by side: tsc and
 * ESLint keep one core each and wait for no one. Three Jest runs side by side took longer than one after another
 * (434 s against 87 + 157: nine workers on two cores), so Jest on the suite's own line runs alone. Stops
 * after the first group with a failed step; ends with each step's time, which is what a slow CI run is read by.
 */
import { spawn } from 'node:child_process';

const STEPS = [['test:setup'], ['typecheck', 'lint', 'test:e2e:prepare'], ['test:unit'], ['test:lines'], ['test:browsers']];

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
