import https from 'node:https';
import type tls from 'node:tls';

/**
 * A steady stream of page requests from a few clients, each one request at a time on a kept-alive connection, as
 * browsers fetch pages: every request is recorded with whether it went out on a connection made (so, unanswered, it
 * was lost in flight) or never found one to go out on (a connection refused or not answered, tried again at once).
 * autocannon counts neither apart (hosts.ts `unansweredRequests`); a balancer test needs both.
 */

export interface PageAttempt {
  client: number;
  path: string;
  startedAt: number;
  endedAt: number;
  /** It went out on a connection whose TLS handshake was done: if it got no answer, it was in flight and lost. */
  sent: boolean;
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
  /** A request sent and not answered within this is lost. */
  answerTimeoutMs: number;
}

export interface SteadyPages {
  /** What was recorded so far. */
  attempts: PageAttempt[];
  stop(): Promise<PageAttempt[]>;
}

function attempt(options: SteadyPagesOptions, agent: https.Agent, client: number, path: string): Promise<PageAttempt> {
  return new Promise((resolve) => {
    const startedAt = Date.now();
    let sent = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (fields: Pick<PageAttempt, 'status' | 'error'>) => {
      clearTimeout(timer);
      resolve({ client, path, startedAt, endedAt: Date.now(), sent, ...fields });
    };
    const request = https.request({ host: options.address, port: options.port, path, servername: options.siteHost, ca: options.ca, agent, headers: { host: `${options.siteHost}:${options.port}` } }, (response) => {
      response.resume();
      response.on('end', () => finish({ status: response.statusCode }));
      response.on('error', (error) => finish({ error: error.message }));
    });
    const giveUpAfter = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => request.destroy(new Error(sent ? '没有回答' : '连不上')), ms);
    };
    request.on('socket', (socket: tls.TLSSocket) => {
      const goesOut = () => {
        sent = true;
        giveUpAfter(options.answerTimeoutMs);
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

export function steadyPages(options: SteadyPagesOptions): SteadyPages {
  const attempts: PageAttempt[] = [];
  let stopped = false;
  const loops = Array.from({ length: options.clients }, async (_, client) => {
    const agent = new https.Agent({ keepAlive: true, maxSockets: 1 });
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
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
      return attempts;
    },
  };
}
