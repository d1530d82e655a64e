import { spawn } from 'node:child_process';

/**
 * What a browser on this machine takes for a change of its network: the root namespace's links and addresses, as
 * `ip monitor` reports them from the same netlink messages Chromium reads (it aborts what it has in flight on them,
 * ERR_NETWORK_CHANGED). The several-hosts form makes none while it runs: deploy/ops/hosts/network.ts says why.
 */
export interface RootNetworkWatch {
  /** Stops watching; the changes seen, one line each. */
  stop(): Promise<string[]>;
}

export function watchRootNetwork(): RootNetworkWatch {
  const monitor = spawn('ip', ['-o', 'monitor', 'link', 'address'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let seen = '';
  monitor.stdout.on('data', (chunk: Buffer) => (seen += chunk.toString()));
  const exited = new Promise((resolve) => monitor.once('exit', resolve));
  return {
    stop: async () => {
      monitor.kill();
      await exited;
      return seen.split('\n').filter(Boolean);
    },
  };
}
