import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const FIXTURE = path.join(__dirname, 'fixtures', 'stopsGracefully.ts');
const SCRIPTS = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** The commands that keep the site up until ops stop them: each must let its servers finish when told to stop. */
const LONG_LIVED = ['start', 'dev', 'hosts'] as const;

/** Well past the 30 ms for which the tsx command waits on its child to answer a signal before it kills it (README). */
const FROZEN_MS = 300;

/**
 * Runs the package script with the fixture in place of its entry, as npm would (`sh -c`, a process group of its own
 * as a terminal or a service gives it), freezes the entry's process (a starved machine), sends SIGTERM to the whole
 * group (what Ctrl-C and systemd's stop do: npm itself passes nothing on) and wakes the entry after FROZEN_MS.
 * Resolves with all the group said, once none of it is left to say more.
 */
function stopWhileStarved(script: string): Promise<string> {
  const entry = /\S+\.ts(?=\s|$)(?!.*\.ts(\s|$))/.exec(script)?.[0];
  if (!entry) throw new Error(`没有入口：${script}`);
  const child = spawn('sh', ['-c', script.replace(entry, FIXTURE)], {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, PATH: `${path.join(ROOT, 'node_modules', '.bin')}${path.delimiter}${process.env['PATH'] ?? ''}` },
  });
  let output = '';
  let frozen = false;
  const hear = (chunk: Buffer) => {
    output += chunk.toString();
    const up = /^up (\d+)$/m.exec(output);
    if (!up || frozen) return;
    frozen = true;
    const entryPid = Number(up[1]);
    process.kill(entryPid, 'SIGSTOP');
    process.kill(-(child.pid ?? 0), 'SIGTERM');
    setTimeout(() => process.kill(entryPid, 'SIGCONT'), FROZEN_MS);
  };
  child.stdout.on('data', hear);
  child.stderr.on('data', hear);
  const closed = (stream: NodeJS.ReadableStream) => new Promise((resolve) => stream.on('close', resolve));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    void Promise.all([closed(child.stdout), closed(child.stderr)]).then(() => resolve(output));
  });
}

describe('the commands that keep the site up, stopped while the machine is starved', () => {
  it.each(LONG_LIVED)('npm run %s lets its entry finish what it is doing', async (name) => {
    const script = SCRIPTS[name];
    if (!script) throw new Error(`package.json 没有 ${name}`);
    expect(await stopWhileStarved(script)).toContain('stopped after finishing');
  }, 30_000);
});
