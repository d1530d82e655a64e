import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildParts, type PartBuild } from './buildParts';

/**
 * A project of npm workspaces whose `build` scripts say when they start and end (in `log`), write two lines with a
 * pause between them, and fail when their name is in `failing`. With `together`, a build ends only once that many
 * have started (or after 5 s): on a loaded machine npm's own start can outlast a fixed pause, and two builds run side
 * by side would look like one after the other.
 */
const roots: string[] = [];
afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

function project(names: string[], failing: string[] = [], together = 1): { root: string; log: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-parts-'));
  roots.push(root);
  const log = path.join(root, 'log');
  fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'project', private: true, workspaces: names }));
  for (const name of names) {
    fs.mkdirSync(path.join(root, name));
    const script = [
      `const fs = require('node:fs');`,
      `fs.appendFileSync(${JSON.stringify(log)}, 'start ${name}\\n');`,
      `console.log('${name} 第一行');`,
      `const started = () => fs.readFileSync(${JSON.stringify(log)}, 'utf8').split('start').length - 1;`,
      `const giveUpAt = Date.now() + 5000;`,
      `const end = () => {`,
      `  if (started() < ${together} && Date.now() < giveUpAt) return setTimeout(end, 50);`,
      `  console.error('${name} 第二行');`,
      `  fs.appendFileSync(${JSON.stringify(log)}, 'end ${name}\\n');`,
      `  process.exit(${failing.includes(name) ? 1 : 0});`,
      `};`,
      `setTimeout(end, 400);`,
    ].join('\n');
    fs.writeFileSync(path.join(root, name, 'build.js'), script);
    fs.writeFileSync(path.join(root, name, 'package.json'), JSON.stringify({ name, version: '1.0.0', scripts: { build: 'node build.js' } }));
  }
  return { root, log };
}

const events = (log: string) => fs.readFileSync(log, 'utf8').trim().split('\n');

/** The most builds that were running at one moment. */
function mostAtOnce(log: string): number {
  let running = 0;
  let most = 0;
  for (const event of events(log)) {
    running += event.startsWith('start') ? 1 : -1;
    most = Math.max(most, running);
  }
  return most;
}

describe('buildParts', () => {
  it('builds every part, two at a time, and hands on each build\'s output whole when it ends', async () => {
    const { root, log } = project(['a', 'b', 'c'], [], 2);
    const reported: PartBuild[] = [];
    const builds = await buildParts(root, ['a', 'b', 'c'], (build) => reported.push(build), 2);
    expect(builds.map((build) => [build.folder, build.ok]).sort()).toEqual([['a', true], ['b', true], ['c', true]]);
    expect(reported).toEqual(builds);
    expect(mostAtOnce(log)).toBe(2);
    for (const build of builds) expect(build.output).toMatch(new RegExp(`${build.folder} 第一行[\\s\\S]*${build.folder} 第二行`));
  });

  it('builds one at a time when asked', async () => {
    const { root, log } = project(['a', 'b']);
    await buildParts(root, ['a', 'b'], () => undefined, 1);
    expect(events(log)).toEqual(['start a', 'end a', 'start b', 'end b']);
  });

  it('starts no other build once one has failed, and says which failed', async () => {
    const { root, log } = project(['a', 'b', 'c'], ['a']);
    const builds = await buildParts(root, ['a', 'b', 'c'], () => undefined, 1);
    expect(builds.map((build) => [build.folder, build.ok])).toEqual([['a', false]]);
    expect(events(log)).toEqual(['start a', 'end a']);
  });
});
