import { availableParallelism } from 'node:os';
import { ApiFailure, CODES } from '../envelope';

/**
 * Said to a client that already has its share of hashes under way (a script, or a school at once), by what it asked:
 * a login, or a code (whose making is a hash too).
 */
export const HASH_BUSY_MESSAGES = {
  login: '同一网络同时进行的登录过多，请稍后再试',
  code: '同一网络同时获取验证码的请求过多，请稍后再试',
} as const;

export interface HashGateLimits {
  /** Hashes one client may have under way or waiting; past it its request is refused at no cost. */
  perClient: number;
  /** Hashes running at once, whoever asked: scrypt's ~16 MB and tens of ms each, on libuv's thread pool. */
  running: number;
}

/**
 * Four per client under way or waiting: a visitor who double-clicks, a few teachers behind one address at once, a
 * code asked for while one is checked; under load each client has one running at a time anyway (served in turn). As
 * many running as the machine has cores (at least two): more would only share them, and hold more memory.
 */
export const DEFAULT_HASH_GATE: HashGateLimits = { perClient: 4, running: Math.max(2, availableParallelism()) };

/**
 * Every scrypt a request makes (a password or code checked, a code hashed) passes here. Each client has a small share
 * of hashes under way, and the waiting ones are served one client at a time in turn: a client flooding logins only
 * ever waits behind itself, and a visitor's hash waits at most one hash of each other client that is waiting,
 * whatever they send (without it, every login queued behind the whole flood: issue 50).
 */
export function createHashGate(limits: HashGateLimits = DEFAULT_HASH_GATE) {
  const underWay = new Map<string, number>();
  /** Per client, the hashes waiting for a slot; a Map keeps its clients in the order they are served. */
  const waiting = new Map<string, (() => void)[]>();
  let running = 0;

  function startNext(): void {
    const [client, queue] = waiting.entries().next().value ?? [];
    if (client === undefined || !queue) {
      running -= 1;
      return;
    }
    waiting.delete(client);
    const start = queue.shift();
    // Back of the line: each waiting client gets one hash in turn.
    if (queue.length > 0) waiting.set(client, queue);
    start?.();
  }

  function slot(client: string): Promise<void> {
    if (running < limits.running) {
      running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const queue = waiting.get(client) ?? [];
      queue.push(resolve);
      waiting.set(client, queue);
    });
  }

  return {
    async run<T>(client: string, asked: keyof typeof HASH_BUSY_MESSAGES, hash: () => Promise<T>): Promise<T> {
      const mine = underWay.get(client) ?? 0;
      if (mine >= limits.perClient) throw new ApiFailure(CODES.tooMany, HASH_BUSY_MESSAGES[asked]);
      underWay.set(client, mine + 1);
      try {
        await slot(client);
        try {
          return await hash();
        } finally {
          // The slot passes to the next waiting client, or is given back.
          startNext();
        }
      } finally {
        const left = (underWay.get(client) ?? 1) - 1;
        if (left > 0) underWay.set(client, left);
        else underWay.delete(client);
      }
    },
  };
}

export type HashGate = ReturnType<typeof createHashGate>;
