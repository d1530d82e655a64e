import net from 'node:net';
import { sql } from 'kysely';
import { freshDatabase, type FreshDatabase } from '../test/harness';
import { openDatabase, type Db } from './database';

/**
 * A connection cut in the middle of a query, as the several-hosts form's database proxy cuts every session to a
 * primary that died (deploy/ops/hosts/databaseProxy.ts): the query fails, the API goes on, and its next query runs on
 * a new connection. pg emits the loss as an 'error' event on the client the query holds, which the pool does not
 * listen to while it is checked out.
 */
describe('a PostgreSQL connection cut mid-query', () => {
  let fresh: FreshDatabase;
  let db: Db;
  let proxy: net.Server;
  const open = new Set<net.Socket>();
  beforeEach(async () => {
    fresh = await freshDatabase();
    const target = new URL(fresh.target);
    // Between the API and PostgreSQL, as the hosts' proxy is: what it does to a session, done here.
    proxy = net.createServer((client) => {
      const server = net.connect(Number(target.port), target.hostname);
      for (const [socket, other] of [[client, server], [server, client]] as const) {
        open.add(socket);
        socket.on('error', () => other.destroy());
        socket.on('close', () => {
          open.delete(socket);
          other.destroy();
        });
        socket.pipe(other);
      }
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const through = new URL(fresh.target);
    through.hostname = '127.0.0.1';
    through.port = String((proxy.address() as net.AddressInfo).port);
    db = await openDatabase(through.toString());
  });
  afterEach(async () => {
    await db.close();
    for (const socket of open) socket.destroy();
    await new Promise((resolve) => proxy.close(resolve));
    await fresh.drop();
  });

  it('fails that query and not the process; the next query runs', async () => {
    const outcome = sql`SELECT pg_sleep(30)`.execute(db.kysely).then(
      () => 'answered',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(open.size).toBeGreaterThan(0);
    // Closed with no word from the server, as HAProxy's on-marked-down shutdown-sessions closes it.
    for (const socket of open) socket.destroy();
    expect(await outcome).toBe('Connection terminated unexpectedly');
    expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(db.kysely)).rows).toEqual([{ one: 1 }]);
  });
});
