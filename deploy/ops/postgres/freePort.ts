/**
 * A port for a cluster of a test or a bench: one the kernel has free now, so two runs on one machine (two clones, two
 * Node lines side by side) never reach for the same one. Between the kernel's answer and PostgreSQL's bind another
 * socket may take it (a client connection's own end, another run's cluster): PostgreSQL then exits saying "Address
 * already in use", and the start is tried again on a new port.
 */
import net from 'node:net';

/** How many ports a start tries before it gives up: a second one taken in the same instant is already rare. */
export const FREE_PORT_TRIES = 5;

/** A port free on `host` now: the kernel's pick for a listener on port 0, closed again at once. */
export function kernelFreePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const listener = net.createServer();
    listener.once('error', reject);
    listener.listen(0, host, () => {
      const { port } = listener.address() as net.AddressInfo;
      listener.close(() => resolve(port));
    });
  });
}

/** PostgreSQL's words when its port is someone else's (cluster.ts puts the server's log in the error). */
function portTaken(error: unknown): boolean {
  return error instanceof Error && error.message.includes('Address already in use');
}

/** `start` on a free port, again on another when the port was taken before the server bound it. */
export async function onFreePort<T>(start: (port: number) => Promise<T>, pickPort: () => Promise<number>): Promise<T> {
  for (let tried = 1; ; tried++) {
    try {
      return await start(await pickPort());
    } catch (error) {
      if (!portTaken(error) || tried === FREE_PORT_TRIES) throw error;
    }
  }
}
