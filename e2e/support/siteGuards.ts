import fs from 'node:fs';

/**
 * Which host's canary guard holds the site's lease, by what each says last in its host's log
 * (deploy/ops/release/guardMain.ts: it holds, it no longer does, it waits for another).
 */
export type GuardWord = 'holds' | 'lost' | 'waits' | 'silent';

const WORDS: [RegExp, GuardWord][] = [
  [/已成为全站唯一的灰度守卫/, 'holds'],
  [/不再是全站的灰度守卫/, 'lost'],
  [/本进程等待接替/, 'waits'],
];

/** What host's guard said last about the lease. */
export function lastGuardWord(host: { logFile: string }): GuardWord {
  const lines = fs.readFileSync(host.logFile, 'utf8').split('\n');
  for (let n = lines.length - 1; n >= 0; n--) {
    const found = WORDS.find(([pattern]) => pattern.test(lines[n] ?? ''));
    if (found) return found[1];
  }
  return 'silent';
}

/** Samples the hosts' guards every 250 ms until stopped: how many samples, and when more than one held the lease. */
export function watchGuards(hosts: { name: string; logFile: string }[]): { stop: () => Promise<{ samples: number; twoAt: string[] }> } {
  let stopped = false;
  const watching = (async () => {
    const twoAt: string[] = [];
    let samples = 0;
    for (; !stopped; samples++) {
      const holders = hosts.filter((host) => lastGuardWord(host) === 'holds').map((host) => host.name);
      if (holders.length > 1) twoAt.push(`${new Date().toISOString()} ${holders.join('、')}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return { samples, twoAt };
  })();
  return {
    stop: () => {
      stopped = true;
      return watching;
    },
  };
}
