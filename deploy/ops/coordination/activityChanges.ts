/**
 * Every host's render servers told when an activity changes: a trigger on the API's `activities` table notifies each
 * changed id (whichever host's API wrote it, or a hand edit in psql), and each host's relay, listening, asks its
 * render servers to drop that page (`PURGE /wuyou/{id}` on their own ports). The render servers keep their look every
 * few seconds at the API's activity list: what is notified while a relay is reconnecting is found that way.
 */
import pg from 'pg';
import { activityPath, withDatabasePassword } from '@wenrun/shared/node';
import { listen, type Listening } from './listener';
import { inTransaction } from './sharedConfig';

export const ACTIVITY_CHANNEL = 'wenrun_activity_changed';
const DROP_TIMEOUT_MS = 2_000;
/** How often a relay looks for the API's table while the API has not made it yet (a host started before the API). */
const TABLE_WAIT_MS = 5_000;
const INSTALL_LOCK = 4_302_002;

/**
 * The trigger on `table` (the API's activities, with an `id` column): idempotent, so the API's migration and each
 * host's start may both run it. In the trigger, not in the API's code, so no write path can forget it.
 */
export async function installActivityNotifications(client: pg.ClientBase, table = 'activities'): Promise<void> {
  await inTransaction(client, async () => {
    // Hosts starting together would replace the function at once, which PostgreSQL refuses ("tuple concurrently
    // updated"): one at a time.
    await client.query('SELECT pg_advisory_xact_lock($1)', [INSTALL_LOCK]);
    await client.query(`
      CREATE OR REPLACE FUNCTION wenrun_notify_activity_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('${ACTIVITY_CHANNEL}', (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text);
        RETURN NULL;
      END $$;
      CREATE OR REPLACE TRIGGER wenrun_activity_changed AFTER INSERT OR UPDATE OR DELETE ON ${client.escapeIdentifier(table)}
        FOR EACH ROW EXECUTE FUNCTION wenrun_notify_activity_changed();
    `);
  });
}

/** Installs the trigger if the API's table is there; false when it is not (yet). */
async function installIfTableExists(databaseUrl: string, table: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: withDatabasePassword(databaseUrl) });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ found: string | null }>('SELECT to_regclass($1) AS found', [table]);
    if (!rows[0]?.found) return false;
    await installActivityNotifications(client, table);
    return true;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Installs the trigger once the API's table exists: each relay does so on start, so the site needs no step of its
 * own for it, whichever of the API and the relay starts first. Each look's outcome goes to `looked`; it stops
 * looking once installed or `stopped()`.
 */
export async function installWhenTableExists(
  databaseUrl: string,
  stopped: () => boolean,
  looked: (outcome: 'installed' | 'no table' | Error) => void,
  table = 'activities',
): Promise<void> {
  while (!stopped()) {
    // A database not there yet is tried again, like a table not made yet.
    const outcome = await installIfTableExists(databaseUrl, table).then(
      (installed) => (installed ? ('installed' as const) : ('no table' as const)),
      (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
    );
    looked(outcome);
    if (outcome === 'installed') return;
    await new Promise((resolve) => setTimeout(resolve, TABLE_WAIT_MS));
  }
}

export interface ActivityChangesOptions {
  databaseUrl: string;
  /** Each changed activity's id, once per committed change. */
  onChange: (id: string) => void;
  log?: (line: string) => void;
}

/** Listens until stopped, reconnecting; `ready` once the first connection listens. */
export function listenForActivityChanges(options: ActivityChangesOptions): Pick<Listening, 'ready' | 'stop'> {
  const log = options.log ?? ((line: string) => console.log(line));
  let connections = 0;
  const listening = listen({
    databaseUrl: options.databaseUrl,
    channel: ACTIVITY_CHANNEL,
    onNotify: options.onChange,
    onConnect: async () => {
      if (connections++ > 0) log('[activities] 已重新连接数据库；断开期间的活动变更由渲染服务器每隔几秒的检查补上');
    },
    onError: (error) => log(`[activities] 数据库连接出错，稍后重连：${error.message}`),
  });
  return { ready: listening.ready, stop: () => listening.stop() };
}

/** Asks one render server (its own address, `http://127.0.0.1:8005`) to drop activity `id`'s page. */
export async function dropActivityPage(renderServer: string, id: string): Promise<void> {
  const response = await fetch(`${renderServer.replace(/\/$/, '')}${activityPath(id)}`, { method: 'PURGE', signal: AbortSignal.timeout(DROP_TIMEOUT_MS) });
  if (response.status !== 204 && response.status !== 404) throw new Error(`HTTP ${response.status}`);
}

export interface ActivityRelayOptions {
  databaseUrl: string;
  /** This host's render servers, each by its own address. */
  renderServers: string[];
  log?: (line: string) => void;
}

/** One host's relay: each activity change, to each of this host's render servers; it installs the trigger too. */
export function relayActivityChanges(options: ActivityRelayOptions): Pick<Listening, 'ready' | 'stop'> {
  const log = options.log ?? ((line: string) => console.log(line));
  let stopped = false;
  let said = '';
  let firstLook: () => void = () => undefined;
  const looked = new Promise<void>((resolve) => {
    firstLook = resolve;
  });
  void installWhenTableExists(
    options.databaseUrl,
    () => stopped,
    (outcome) => {
      const line =
        outcome === 'installed'
          ? ''
          : outcome === 'no table'
            ? '[activities] 数据库中还没有活动表（API 尚未建表），建好后再安装变更通知；在此之前渲染服务器每隔几秒的检查会发现变更'
            : `[activities] 没能安装活动变更通知（${outcome.message}），稍后再试；在此之前渲染服务器每隔几秒的检查会发现变更`;
      if (line && line !== said) log(line);
      said = line;
      firstLook();
    },
  );
  const listening = listenForActivityChanges({
    databaseUrl: options.databaseUrl,
    log,
    onChange: (id) => {
      for (const server of options.renderServers) {
        dropActivityPage(server, id).catch((error: unknown) =>
          log(`[activities] 没能让 ${server} 清除活动 ${id} 的页面（${error instanceof Error ? error.message : String(error)}）；它几秒内的检查会补上`),
        );
      }
    },
  });
  return {
    // Listening, and the trigger installed if the table was there.
    ready: Promise.all([listening.ready, looked]).then(() => undefined),
    stop: () => {
      stopped = true;
      return listening.stop();
    },
  };
}
