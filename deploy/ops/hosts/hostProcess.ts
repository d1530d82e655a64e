/** One host of the site: the production form (host.ts) started in the host's network namespace, as a machine would. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { cpuGroupOf, inCpuGroup } from './cpuGroups';
import type { NetworkHost } from './network';
import { READY_PREFIX, type HostReady, type HostSpec } from './hostSpec';

export interface HostProcess {
  child: ChildProcess;
  ready: Promise<HostReady>;
}

/** The production form in `host`'s namespace (host.ts), its temporary files under `dir`. */
export function startHost(root: string, host: NetworkHost, spec: HostSpec, dir: string): HostProcess {
  const tmp = path.join(dir, 'tmp');
  fs.mkdirSync(tmp, { recursive: true });
  // Its own temporary folder, as /tmp is (every user writes there, tsx's cache among them; sticky): the form's tree
  // and nginx's prefix go there, so a host killed outright leaves its files in `dir` only.
  fs.chmodSync(dir, 0o755);
  fs.chmodSync(tmp, 0o1777);
  const specFile = path.join(dir, 'spec.json');
  fs.writeFileSync(specFile, JSON.stringify(spec), { mode: 0o600 });
  // Its own share of the processors, as a machine has (cpuGroups.ts, made with its machine): all it runs is born there.
  // Node with tsx's loader, not tsx's command, which SIGKILLs a child that does not confirm SIGTERM within 30 ms: a
  // starved host would be killed before it stopped its own processes.
  const child = spawn(...inCpuGroup(cpuGroupOf(host.netns), 'ip', ['netns', 'exec', host.netns, process.execPath, '--import', 'tsx', 'deploy/ops/hosts/host.ts', specFile]), {
    cwd: root,
    env: { ...process.env, TMPDIR: tmp },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise<HostReady>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      if (line.startsWith(READY_PREFIX)) resolve(JSON.parse(line.slice(READY_PREFIX.length)) as HostReady);
    });
    child.once('exit', (code) => reject(new Error(`主机 ${host.netns} 没有启动（退出码 ${code}）`)));
  });
  // Waited for with the others (Promise.all): a second host failing after the first must not end the process.
  ready.catch(() => undefined);
  return { child, ready };
}
