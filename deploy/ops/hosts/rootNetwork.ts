import { spawn, spawnSync } from 'node:child_process';

/**
 * Changes to the root namespace's links and addresses, made apart from the browsers beside them. Chromium takes any
 * such change, on any link, for a change of the machine's network and aborts what it has in flight
 * (ERR_NETWORK_CHANGED); Debian's Chromium has no switch to ignore a link. The several-hosts form makes two: its
 * uplink, made at start and removed at stop (network.ts). Where the environment names a lock file
 * (`WENRUN_ROOT_NETWORK_LOCK`, set by the browser tests), each change is made holding it alone, and held until
 * Chromium is done reacting; the browser tests beside the form hold it shared, one test at a time
 * (e2e/support/fixtures.ts). One that waits to hold it alone goes first (a turnstile file beside it), so tests run back
 * to back cannot keep it waiting. Without the variable (production, `npm run hosts` by hand) a change is made at once.
 */
export const ROOT_NETWORK_LOCK = 'WENRUN_ROOT_NETWORK_LOCK';

/** Chromium drops what is in flight at once on an address change, and reads the network's type again 0.5–2 s after. */
const SETTLE_S = 3;

const quoted = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;

/** The shell steps that take the lock at `file`, alone or shared, through its turnstile; held until the shell exits. */
export function lockSteps(file: string, mode: 'alone' | 'shared'): string {
  const open = `exec 8>>${quoted(`${file}.turnstile`)} 9>>${quoted(file)}; flock -x 8;`;
  return mode === 'alone' ? `${open} flock -x 9;` : `${open} flock -s 9; flock -u 8;`;
}

/** Runs `ip` with each of `commands` in the root namespace, in order, under the lock when there is one. */
export function changeRootNetwork(commands: string[][], { mayFail = false } = {}): void {
  const steps = commands.map((args) => ['ip', ...args].map(quoted).join(' ')).join(mayFail ? '; ' : ' && ');
  const lock = process.env[ROOT_NETWORK_LOCK];
  const script = lock ? `${lockSteps(lock, 'alone')} ${steps}; status=$?; sleep ${SETTLE_S}; exit $status` : steps;
  const result = spawnSync('sh', ['-c', script], { encoding: 'utf8' });
  if (result.status !== 0 && !mayFail) throw new Error(`${steps} 失败：${(result.stderr || result.stdout).trim()}`);
}

/** Holds the lock at `file` shared until `release`: what a browser test beside the form holds while it runs. */
export async function holdRootNetworkShared(file: string): Promise<{ release: () => Promise<void> }> {
  const holder = spawn('sh', ['-c', `${lockSteps(file, 'shared')} echo held; exec cat >/dev/null`], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => holder.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    holder.stdout.once('data', () => resolve());
    void exited.then(() => reject(new Error(`没有取得根网络的共享锁（${file}）`)));
  });
  return {
    release: async () => {
      holder.stdin.end();
      await exited;
    },
  };
}
