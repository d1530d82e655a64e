/**
 * `npm test`'s steps, one after another, each timed: the Debian packages, the types, lint, Jest on the Node running
 * the suite and again on the other supported lines, then the build and the browser tests. Stops at the first step
 * that fails; ends with each step's time, which is what a slow CI run is read by.
 */
import { spawnSync } from 'node:child_process';

const STEPS = ['test:setup', 'typecheck', 'lint', 'test:unit', 'test:lines', 'test:e2e'];

const times: string[] = [];
let status = 0;
for (const step of STEPS) {
  const started = Date.now();
  const run = spawnSync('npm', ['run', step], { stdio: 'inherit' });
  times.push(`${step} ${Math.round((Date.now() - started) / 1000)} s`);
  status = run.status ?? 1;
  if (status !== 0) break;
}
console.log(`[test] Node ${process.version}；各步用时：${times.join('，')}`);
process.exit(status);
