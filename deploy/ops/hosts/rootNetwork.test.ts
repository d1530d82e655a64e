import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { changeRootNetwork, holdRootNetworkShared, lockSteps, ROOT_NETWORK_LOCK } from './rootNetwork';

/** A shell holding the lock as `mode` for `holdS` seconds once it has it, writing `mark` to `log` when it does. */
function holder(file: string, mode: 'alone' | 'shared', mark: string, log: string, holdS: number): ChildProcess {
  return spawn('sh', ['-c', `${lockSteps(file, mode)} echo ${mark} >> '${log}'; sleep ${holdS}`]);
}

const exited = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the root network lock', () => {
  let dir: string;
  let file: string;
  let log: string;
  const before = process.env[ROOT_NETWORK_LOCK];

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'root-network-'));
    file = path.join(dir, 'root-network.lock');
    log = path.join(dir, 'order.log');
  });
  afterEach(() => {
    if (before === undefined) Reflect.deleteProperty(process.env, ROOT_NETWORK_LOCK);
    else process.env[ROOT_NETWORK_LOCK] = before;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('makes a change only once the browser tests holding it shared have let go, and holds it while Chromium reacts', async () => {
    const browserTest = holder(file, 'shared', 'test', log, 1);
    await pause(300);
    process.env[ROOT_NETWORK_LOCK] = file;
    const startedAt = Date.now();
    // A change that changes nothing: `ip` reading the loopback link, under the lock as a real one is.
    changeRootNetwork([['-o', 'link', 'show', 'lo']]);
    await exited(browserTest);
    // The test's second, less the 300 ms it had had, then the 3 s it is held after the change.
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(600 + 3_000);
  }, 20_000);

  it('lets a change that waits go before a test that asks after it, though other tests hold it shared', async () => {
    const first = holder(file, 'shared', 'first-test', log, 1.5);
    await pause(300);
    const change = holder(file, 'alone', 'change', log, 0.2);
    await pause(300);
    const next = holder(file, 'shared', 'next-test', log, 0);
    await Promise.all([first, change, next].map(exited));
    expect(fs.readFileSync(log, 'utf8').split('\n').filter(Boolean)).toEqual(['first-test', 'change', 'next-test']);
  }, 20_000);

  it('keeps a change waiting while a test holds it shared, until the test lets go', async () => {
    const held = await holdRootNetworkShared(file);
    const change = holder(file, 'alone', 'change', log, 0);
    await pause(500);
    expect(fs.existsSync(log)).toBe(false);
    await held.release();
    await exited(change);
    expect(fs.readFileSync(log, 'utf8')).toBe('change\n');
  }, 20_000);

  it('makes a change at once where no lock is named (production, a run by hand)', () => {
    Reflect.deleteProperty(process.env, ROOT_NETWORK_LOCK);
    const startedAt = Date.now();
    changeRootNetwork([['-o', 'link', 'show', 'lo']]);
    expect(Date.now() - startedAt).toBeLessThan(2_000);
    expect(() => changeRootNetwork([['link', 'show', 'no-such-link-here']])).toThrow(/失败/);
    changeRootNetwork([['link', 'show', 'no-such-link-here']], { mayFail: true });
  });
});
