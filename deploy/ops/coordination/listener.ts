/**
 * A LISTEN that outlives its connection: a connection of its own (pg's notifications arrive on the session that
 * listens), connected again after any loss. What was notified while it was away is lost, so `onConnect` runs on every
 * connection, the first and each again, for the caller to look at the state itself.
 */
import pg from 'pg';
import { withDatabasePassword } from '@wenrun/shared/node';

export const RECONNECT_MS = 1_000;
/** A query that hangs this long on a connection whose peer vanished (a host gone, not closed) drops the connection. */
export const QUERY_TIMEOUT_MS = 10_000;

export interface ListenOptions {
  databaseUrl: string;
  channel: string;
  onNotify: (payload: string) => void;
  /** On each connection, once it listens: look at what may have changed while nobody listened. */
  onConnect: (client: pg.Client) => Promise<void>;
  onError?: (error: Error) => void;
  reconnectMs?: number;
}

export interface Listening {
  /** The first connection listened and its `onConnect` ran. */
  ready: Promise<void>;
  /** The connection listening now, to query on; undefined while connecting. */
  client(): pg.Client | undefined;
  /** Gives up the connection (a query on it failed: it may be half dead) and connects again. */
  reconnect(): void;
  stop(): Promise<void>;
}

export function listen(options: ListenOptions): Listening {
  if (!/^[a-z_][a-z0-9_]*$/.test(options.channel)) throw new Error(`频道名不合法：${options.channel}`);
  let current: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const lost = new WeakSet<pg.Client>();
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const lose = (client: pg.Client, error?: Error) => {
    if (lost.has(client)) return;
    lost.add(client);
    if (error && !stopped) options.onError?.(error);
    if (current === client) current = undefined;
    client.end().catch(() => undefined);
    if (!stopped) timer = setTimeout(() => void connect(), options.reconnectMs ?? RECONNECT_MS);
  };

  const connect = async () => {
    const client = new pg.Client({ connectionString: withDatabasePassword(options.databaseUrl), application_name: `wenrun ${options.channel}`, keepAlive: true, keepAliveInitialDelayMillis: 5_000, query_timeout: QUERY_TIMEOUT_MS });
    client.on('notification', (message) => {
      if (message.channel === options.channel) options.onNotify(message.payload ?? '');
    });
    client.on('error', (error) => lose(client, error));
    client.on('end', () => lose(client, new Error('数据库连接已断开')));
    try {
      await client.connect();
      await client.query(`LISTEN ${options.channel}`);
      if (stopped) return lose(client);
      current = client;
      await options.onConnect(client);
      markReady();
    } catch (error) {
      lose(client, error instanceof Error ? error : new Error(String(error)));
    }
  };
  void connect();

  return {
    ready,
    client: () => current,
    reconnect: () => {
      if (current) lose(current, new Error('数据库连接无响应，重新连接'));
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      const client = current;
      current = undefined;
      if (client && !lost.has(client)) {
        lost.add(client);
        await client.end().catch(() => undefined);
      }
    },
  };
}
