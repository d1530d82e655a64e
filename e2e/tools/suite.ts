/**
 * `npm test`'s steps, each timed: the Debian packages; the types, lint and the build the browser tests use (with its
 * contract and budget checks); Jest on the Node running the suite, then on the other supported lines (one run after
 * the other, `deploy/node-lines/jestOnOtherLines.ts`); the browser tests. The run keeps both cores busy, so a step
 * starts as soon as what it needs has passed, no sooner: tsc and ESLint keep one core each beside the build; Jest
 * needs no build, so it starts once tsc and ESLint are done and takes the core the build's last part and its checks
 * leave idle. Three Jest runs side by side took longer than one after another (434 s against 87 + 157: nine workers on
 * two cores). Starts nothing more once a step has failed; ends with each step's time, which is what a slow CI run is
 * read by.
 */
import { spawn } from 'node:child_process';

/** Each step, and the steps that must have passed before it starts. */
const STEPS: Record<string, string[]> = {
  'test:setup': [],
  typecheck: ['test:setup'],
  lint: ['test:setup'],
  'test:e2e:prepare': ['test:setup'],
  'test:unit': ['typecheck', 'lint'],
  'test:lines': ['test:unit'],
  'test:browsers': ['test:e2e:prepare', 'test:lines'],
};

interface Done {
  step: string;
  status: number;
  seconds: number;
}

function run(step: string): Promise<Done> {
  const started = Date.now();
  const child = spawn('npm', ['run', step], { stdio: 'inherit' });
  return new Promise((resolve) =>
    child.on('close', (code) => resolve({ step, status: code ?? 1, seconds: Math.round((Date.now() - started) / 1000) })),
  );
}

/** Runs every step whose needs have passed, until all have or one has failed and those running have ended. */
async function runAll(): Promise<Done[]> {
  const done: Done[] = [];
  const running = new Map<string, Promise<Done>>();
  const passed = (step: string) => done.some((one) => one.step === step && one.status === 0);
  for (;;) {
    if (done.every((one) => one.status === 0)) {
      for (const [step, needs] of Object.entries(STEPS)) {
        if (!running.has(step) && !done.some((one) => one.step === step) && needs.every(passed)) running.set(step, run(step));
      }
    }
    if (running.size === 0) return done;
    const finished = await Promise.race(running.values());
    running.delete(finished.step);
    done.push(finished);
  }
}

async function main(): Promise<void> {
  const done = await runAll();
  const status = done.find((one) => one.status !== 0)?.status ?? (done.length === Object.keys(STEPS).length ? 0 : 1);
  console.log(`[test] Node ${process.version}；各步用时：${done.map((one) => `${one.step} ${one.seconds} s`).join('，')}`);
  process.exit(status);
}

void main();
