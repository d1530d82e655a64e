/**
 * `npm test`'s steps, each timed: the Debian packages; the types, lint and the build the browser tests use (with its
 * contract and budget checks), side by side (tsc and ESLint keep one core each and wait for no one); then the browser
 * tests, and beside them Jest on the Node running the suite followed by Jest on the other supported lines
 * (`deploy/node-lines/jestOnOtherLines.ts`).
 *
 * Why beside: the browser tests mostly wait (on pages, timers, a failover, a host's start) and kept 0.8 of this
 * machine's two cores on average, under 0.5 for minutes at a time, while Jest keeps 1.7; one after the other, the
 * cores were idle for a third of the run. Jest runs at the lowest CPU priority (`nice -n 19`, its servers and
 * PostgreSQL clusters too): it takes what the browser tests leave and never slows them, so their time bounds mean what
 * they meant. Jest's runs one after another, not together (three side by side took longer than one after another:
 * nine workers on two cores). Jest's output is held and printed whole when it ends, not interleaved with Playwright's.
 *
 * Stops after the first group with a failed step; ends with each step's time, which is what a slow CI run is read by.
 */
import { spawn } from 'node:child_process';

interface StepRun {
  step: string;
  status: number;
  seconds: number;
}

const STEPS = [['test:setup'], ['typecheck', 'lint', 'test:e2e:prepare']];
const IN_THE_FOREGROUND = 'test:browsers';
const BESIDE = ['test:unit', 'test:lines'];

function run(step: string): Promise<StepRun> {
  const started = Date.now();
  const child = spawn('npm', ['run', step], { stdio: 'inherit' });
  return new Promise((resolve) =>
    child.on('close', (code) => resolve({ step, status: code ?? 1, seconds: Math.round((Date.now() - started) / 1000) })),
  );
}

/** A step at the lowest CPU priority, its output printed whole when it ends. */
function runHeld(step: string): Promise<StepRun> {
  const started = Date.now();
  const child = spawn('nice', ['-n', '19', 'npm', 'run', step], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
  const output: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) =>
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`\n===== ${step}（与浏览器测试同时、最低 CPU 优先级运行；${seconds} 秒，${code === 0 ? '通过' : `失败，退出码 ${code}`}）=====`);
      console.log(Buffer.concat(output).toString());
      resolve({ step, status: code ?? 1, seconds });
    }),
  );
}

async function oneAfterAnother(steps: string[], runStep: (step: string) => Promise<StepRun>): Promise<StepRun[]> {
  const runs: StepRun[] = [];
  for (const step of steps) {
    const done = await runStep(step);
    runs.push(done);
    if (done.status !== 0) break;
  }
  return runs;
}

async function main(): Promise<void> {
  const runs: StepRun[] = [];
  for (const together of STEPS) {
    runs.push(...(await Promise.all(together.map(run))));
    if (runs.some((done) => done.status !== 0)) break;
  }
  if (runs.every((done) => done.status === 0)) {
    const [browsers, jest] = await Promise.all([run(IN_THE_FOREGROUND), oneAfterAnother(BESIDE, runHeld)]);
    runs.push(...jest, browsers);
  }
  console.log(`[test] Node ${process.version}；各步用时：${runs.map((done) => `${done.step} ${done.seconds} s`).join('，')}`);
  process.exit(runs.find((done) => done.status !== 0)?.status ?? 0);
}

void main();
