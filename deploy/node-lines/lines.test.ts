import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CURRENT_LTS, ENGINES_RANGE, lineOf, NODE_LINES } from './lines';

const ROOT = path.resolve(__dirname, '../..');
const LAUNCHER = path.join(__dirname, 'withSupportedNode.ts');

function launch(...args: string[]): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', LAUNCHER, ...args], { cwd: ROOT, encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe('the supported Node lines', () => {
  it('are what package.json says to npm, so an install on another line warns and one on these does not', () => {
    const engines = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    expect(engines).toBe(ENGINES_RANGE);
  });

  it('tell a release of a supported line from one of none', () => {
    expect(NODE_LINES.map(({ pinned }) => lineOf(pinned))).toEqual([22, 24, 26]);
    expect(['v20.20.2', 'v22.15.1', 'v23.11.0', 'v25.1.0', 'v27.0.0'].map(lineOf)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(['v22.16.0', 'v24.0.0', 'v26.12.1'].map(lineOf)).toEqual([22, 24, 26]);
    expect(NODE_LINES.map(({ line }) => line)).toContain(CURRENT_LTS);
  });

  it("runs a command under the machine's Node when it is of the line asked, passing on its exit status", () => {
    const own = lineOf(process.version);
    if (own === undefined) throw new Error(`the tests run under a supported Node (npm test picks one), not ${process.version}`);
    const run = launch('--line', String(own), process.execPath, '-e', 'console.log("ran under", process.version); process.exit(3)');
    expect(run.status).toBe(3);
    expect(run.output).toContain(`ran under ${process.version}`);
    expect(run.output).toContain(`以 Node ${process.version} 运行`);
  });

  it('refuses a line it does not support, saying which it does', () => {
    const run = launch('--line', '20', 'node', '--version');
    expect(run.status).toBe(1);
    expect(run.output).toContain('不支持的 Node 版本线：20；支持 22、24、26');
  });

  it('says so when the command cannot be run', () => {
    const run = launch('wenrun-no-such-command');
    expect(run.status).toBe(127);
    expect(run.output).toContain('无法运行 wenrun-no-such-command');
  });
});
