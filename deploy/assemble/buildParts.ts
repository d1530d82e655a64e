import { spawn } from 'node:child_process';
import os from 'node:os';
import { pinLocalBuilds } from './digests/pinLocalBuilds';

export interface PartBuild {
  folder: string;
  ok: boolean;
  /** What its build wrote, stdout and stderr in the order written. */
  output: string;
  ms: number;
}

/** One part's production build, its own `npm run build` (webpack), with its output kept rather than printed. */
function buildPart(root: string, folder: string): Promise<PartBuild> {
  const started = performance.now();
  return new Promise((resolve) => {
    let output = '';
    const child = spawn('npm', ['run', 'build', '-w', folder], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const done = (ok: boolean) => resolve({ folder, ok, output, ms: Math.round(performance.now() - started) });
    child.on('error', (error) => {
      output += `${error.message}\n`;
      done(false);
    });
    child.on('close', (code) => done(code === 0));
  });
}

/**
 * Builds `folders` (parts of the site), `concurrency` at a time: one webpack leaves part of a second core idle, so
 * on two cores two side by side end sooner than one after another. Each build's output is handed to `report` as it
 * ends, whole, so two builds' lines never interleave. Once one fails no other starts; the result says which failed.
 */
export async function buildParts(
  root: string,
  folders: readonly string[],
  report: (build: PartBuild) => void,
  concurrency = os.availableParallelism(),
): Promise<PartBuild[]> {
  const queue = [...folders];
  const builds: PartBuild[] = [];
  const runner = async () => {
    for (let folder = queue.shift(); folder !== undefined; folder = queue.shift()) {
      const build = await buildPart(root, folder);
      builds.push(build);
      report(build);
      if (!build.ok) queue.length = 0;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, runner));
  return builds;
}

/** A build as `npm run build` and `npm start` print it: its own output, then a line saying how it ended. */
export function printBuild(build: PartBuild): void {
  process.stdout.write(build.output);
  console.log(`[build] ${build.folder}：${build.ok ? `构建完成（${(build.ms / 1000).toFixed(1)} s）` : '构建失败'}`);
}

/**
 * Builds `folders` and prints each; says which failed, if any, and whether all were built. Once all are built, the
 * shell's config pins the digests of the remote builds it loads (`digests/`): a rebuilt remote is released.
 */
export async function buildAndPrint(root: string, folders: readonly string[]): Promise<boolean> {
  const failed = (await buildParts(root, folders, printBuild)).filter((build) => !build.ok).map((build) => build.folder);
  if (failed.length) console.error(`[build] 构建失败：${failed.join('、')}（输出见上）`);
  else console.log(`[build] 已记录 ${pinLocalBuilds(root).length} 个 remote 入口的文件摘要（runtime-config.json 的 digests）`);
  return failed.length === 0;
}
