import https from 'node:https';
import type tls from 'node:tls';
import { until } from './until';

/**
 * A steady stream of page requests from a few clients, each one request at a time on a kept-alive connection, as
 * browsers fetch pages: every request is recorded with whether it went out on a connection made (so, unanswered, it
 * was lost in flight) or never found one to go out on (a connection refused or not answered, tried again at once).
 * autocannon counts neither apart (hosts.ts `unansweredRequests`); a balancer test needs both, and when each
 * connection was made, to tell a request lost through a dead balancer from one slow through the live one (`lostAt`).
 * `pacedPages` gives up on an answer at the machine's pace, measured first, not at a time fixed for a fast machine.
 */

export interface PageAttempt {
  client: number;
  path: string;
  startedAt: number;
  endedAt: number;
  /** It went out on a connection whose TLS handshake was done: if it got no answer, it was in flight and lost. */
  sent: boolean;
  /** When the connection it went out on finished its handshake: a connection made before a balancer died went through it. */
  connectedAt?: number;
  status?: number;
  error?: string;
}

export interface SteadyPagesOptions {
  /** Where the requests go (the site's shared address), and the site's name they carry (SNI, Host), as DNS would. */
  address: string;
  port: number;
  siteHost: string;
  ca: Buffer;
  paths: readonly string[];
  clients: number;
  /** A connection not made within this is given up and made again. */
  connectTimeoutMs: number;
  /** A request sent and not answered within this is given up (read when it goes out: a test may set it once it knows the machine's pace). */
  answerTimeoutMs: number | (() => number);
}

export interface SteadyPages {
  /** What was recorded so far. */
  attempts: PageAttempt[];
  /** Stops asking; resolves once the requests in flight are answered, or at once with them cut (`cut`). */
  stop(cut?: 'cut'): Promise<PageAttempt[]>;
}

/** Given up on while waiting for its answer (`answerTimeoutMs`), not refused or cut. */
export const GIVEN_UP = '没有回答';

/** Each kept-alive connection's handshake time, for the requests that go out on it later. */
const connectedAt = new WeakMap<tls.TLSSocket, number>();

function attempt(options: SteadyPagesOptions, agent: https.Agent, client: number, path: string): Promise<PageAttempt> {
  return new Promise((resolve) => {
    const startedAt = Date.now();
    let sent = false;
    let on: tls.TLSSocket | undefined;
    let timer: NodeJS.Timeout | undefined;
    const finish = (fields: Pick<PageAttempt, 'status' | 'error'>) => {
      clearTimeout(timer);
      resolve({ client, path, startedAt, endedAt: Date.now(), sent, connectedAt: on && connectedAt.get(on), ...fields });
    };
    const request = https.request({ host: options.address, port: options.port, path, servername: options.siteHost, ca: options.ca, agent, headers: { host: `${options.siteHost}:${options.port}` } }, (response) => {
      response.resume();
      response.on('end', () => finish({ status: response.statusCode }));
      response.on('error', (error) => finish({ error: error.message }));
    });
    const giveUpAfter = (ms: number) => {
      clearTimeout(timer);
      // No time-out at all is Infinity (setTimeout would take it as 1 ms).
      if (Number.isFinite(ms)) timer = setTimeout(() => request.destroy(new Error(sent ? GIVEN_UP : '连不上')), ms);
    };
    request.on('socket', (socket: tls.TLSSocket) => {
      on = socket;
      const goesOut = () => {
        sent = true;
        if (!connectedAt.has(socket)) connectedAt.set(socket, Date.now());
        giveUpAfter(typeof options.answerTimeoutMs === 'number' ? options.answerTimeoutMs : options.answerTimeoutMs());
      };
      // A kept-alive connection is made already; a new one is still connecting in the tick it is handed over.
      if (socket.connecting) {
        giveUpAfter(options.connectTimeoutMs);
        socket.once('secureConnect', goesOut);
      } else goesOut();
    });
    request.on('error', (error) => finish({ error: error.message }));
    request.end();
  });
}

/** What a balancer's death cost a steady load (`lostAt`). */
export interface Losses {
  /** Went out on a connection made before it (so through it) and got no answer. */
  inFlight: PageAttempt[];
  /** Went out through the one that took over and failed other than by waiting past the answer time-out: cut, refused. */
  afterwards: PageAttempt[];
  /** Went out through the one that took over and waited past the time-out: the machine's pace, not a loss. */
  slow: PageAttempt[];
  /** Answered, but not with a page (a host's 429 would say it took the balancer for the visitor). */
  refused: PageAttempt[];
  /** Never found a connection to go out on: tried again at once, as a browser does. */
  retried: PageAttempt[];
  /** Clients that lost more than their one request in flight: one each is what a dead path may cost. */
  clientsLosingMore: number[];
}

/**
 * What a balancer's death at `at` cost, from the requests that ended after it. A starved host answers a page in
 * seconds, so waiting past `answerTimeoutMs` on the new path is counted apart (`slow`), not lost.
 */
export function lostAt(attempts: readonly PageAttempt[], at: number): Losses {
  const ended = attempts.filter((one) => one.status !== 200 && one.endedAt >= at);
  const failed = ended.filter((one) => one.sent);
  const before = (one: PageAttempt) => (one.connectedAt ?? 0) <= at;
  const after = failed.filter((one) => !before(one));
  const inFlight = failed.filter(before);
  const lostBy = (client: number) => inFlight.filter((one) => one.client === client).length;
  return {
    inFlight,
    afterwards: after.filter((one) => one.error !== GIVEN_UP),
    slow: after.filter((one) => one.error === GIVEN_UP),
    refused: ended.filter((one) => one.status !== undefined),
    retried: ended.filter((one) => !one.sent),
    clientsLosingMore: [...new Set(inFlight.map((one) => one.client))].filter((client) => lostBy(client) > 1),
  };
}

/** A load's pace on this machine now: its slowest answer while warming up, and the answer time-out that sets. */
export interface Pace {
  slowestMs: number;
  answerTimeoutMs: number;
}

/** What `pacedPages` needs beyond the load: the time-out a fast machine needs, and how long to warm up at least. */
export interface PaceOptions {
  /** What a fast machine needs to tell a lost request from a slow one. */
  floorMs: number;
  warmUpMs: number;
}

/** How long a starved machine may take to answer every client while warming up, or once the time-out is set. */
const PACING_WITHIN_MS = 60_000;

/**
 * A steady load whose answer time-out follows the machine: none while it warms up (every client answered twice, and
 * at least `warmUpMs`: a starved machine's first pages, a TLS handshake and a search, take seconds), then `floorMs`
 * or three times the slowest answer so far, whichever is longer, so that a slow answer is not given up and asked
 * again, which only loads the site more. Resolves once every client has been answered with that time-out set, so no
 * request in flight afterwards still has the warm-up's.
 */
export async function pacedPages(options: Omit<SteadyPagesOptions, 'answerTimeoutMs'> & PaceOptions): Promise<{ load: SteadyPages; pace: Pace }> {
  let answerTimeoutMs = Infinity;
  const load = steadyPages({ ...options, answerTimeoutMs: () => answerTimeoutMs });
  const { attempts } = load;
  const answered = (one: PageAttempt) => one.status === 200;
  const everyClient = (counted: (one: PageAttempt) => boolean, times: number) =>
    Array.from({ length: options.clients }, (_, client) => attempts.filter((one) => one.client === client && counted(one)).length >= times).every(Boolean);
  try {
    await new Promise((resolve) => setTimeout(resolve, options.warmUpMs));
    await until('每个客户端两次得到回答', PACING_WITHIN_MS, () => everyClient(answered, 2) || undefined);
    const slowestMs = Math.max(...attempts.filter(answered).map((one) => one.endedAt - one.startedAt));
    answerTimeoutMs = Math.max(options.floorMs, 3 * slowestMs);
    const setAt = Date.now();
    await until('每个客户端按新的回答时限得到回答', PACING_WITHIN_MS, () => everyClient((one) => answered(one) && one.startedAt > setAt, 1) || undefined);
    return { load, pace: { slowestMs, answerTimeoutMs } };
  } catch (error) {
    // A request in flight while warming up has no time-out: waiting for it could outlast the test.
    await load.stop('cut');
    throw error;
  }
}

export function steadyPages(options: SteadyPagesOptions): SteadyPages {
  const attempts: PageAttempt[] = [];
  let stopped = false;
  const agents = Array.from({ length: options.clients }, () => new https.Agent({ keepAlive: true, maxSockets: 1 }));
  const loops = agents.map(async (agent, client) => {
    for (let n = 0; !stopped; n += 1) {
      const done = await attempt(options, agent, client, options.paths[n % options.paths.length] ?? '/');
      attempts.push(done);
      // Refused at once (a balancer without HAProxy still holding the address): not a tight loop meanwhile.
      if (!done.sent && done.endedAt - done.startedAt < 50) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    agent.destroy();
  });
  return {
    attempts,
    stop: async (cut) => {
      stopped = true;
      if (cut) for (const agent of agents) agent.destroy();
      await Promise.all(loops);
      return attempts;
    },
  };
}
