/**
 * How long a server of the site lets the requests it is serving finish once asked to stop. The supervisor of
 * `npm start` (deploy/serve/supervisor.ts) waits longer than this before it kills a child, so a drain is never cut
 * short.
 */
export const DRAIN_MS = 10_000;

/**
 * Where a server of the site listens: loopback only (127.0.0.1, and ::1 where the machine has it: Fastify listens
 * on every address `localhost` resolves to) unless `HOST` names more. A demo on a laptop is nobody else's to reach.
 */
export function listenHost(env: NodeJS.ProcessEnv = process.env): string {
  return env.HOST || 'localhost';
}

/** Whether `HOST` opens the server beyond this machine's loopback. */
export function listensBeyondLoopback(env: NodeJS.ProcessEnv = process.env): boolean {
  return !['localhost', '127.0.0.1', '::1', '[::1]'].includes(listenHost(env));
}

/**
 * What closing a server needs of it: a Fastify instance is one. Named by its shape so that shared needs no server
 * framework of its own.
 */
export interface ClosingServer {
  log: { info(details: object, message: string): void; error(details: object, message: string): void };
  close(): PromiseLike<unknown>;
}

/**
 * SIGINT and SIGTERM close the server: in-flight requests finish, new connections are refused; a request still
 * running after DRAIN_MS must not keep the process past a deploy's patience.
 */
export function closeOnSignals(app: ClosingServer): void {
  let closing = false;
  const stop = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), DRAIN_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
