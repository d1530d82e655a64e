/**
 * One guard for the whole site: a lease in PostgreSQL (`site_leases`), held by renewing it every third of its period
 * on a connection of its own. Another process waits, trying every third of the period, and takes the lease over only
 * once it has expired by the database's clock: the holder died, or its host vanished or hangs. Not when the holder's
 * session is gone: a session ends while its process lives (a failover cuts every connection to the old primary, and
 * the new one never had it; a proxy or a network cut ends one too), and that holder still holds the lease by its own
 * clock until its last renewal's period ends, so a successor taking it then would act beside it. The holder instead
 * renews on a new connection (the new primary, which has the row: the standby is synchronous) and keeps it. Times are
 * the database's clock, so hosts whose clocks differ agree on when a lease ends. A holder that cannot renew before its
 * lease would end says it lost it, and stops acting.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { withDatabasePassword } from '@wenrun/shared/node';
import { prepareSharedConfig } from './sharedConfig';

export const GUARD_LEASE = 'canary-guard';
/** A holder that vanished is replaced within this and a third of it; a minute at most, as issue 43 asks. */
export const LEASE_PERIOD_MS = 30_000;

export interface LeaseOptions {
  databaseUrl: string;
  /** One holder per name across the site. */
  name?: string;
  /** How others see the holder: the host's name and the process by default. */
  holder?: string;
  periodMs?: number;
  /** Said once each time who holds the lease changes while this process waits. */
  onWaiting?: (holder: string) => void;
}

export interface Lease {
  holder: string;
  /** Whether this process still holds it by its own clock: asked before acting, as a frozen process wakes late. */
  held(): boolean;
  /** Resolves when this process no longer holds the lease: taken over, or not renewed in time. */
  lost: Promise<string>;
  /** Gives the lease up (another waiting takes it at its next try) and closes the connection. */
  release(): Promise<void>;
}

// A holder's row counts until it expires, whatever became of its session. `backend_pid` says which session of the
// primary holds it, for an operator reading pg_stat_activity; no decision reads it.
const TAKE = `
  INSERT INTO site_leases (name, holder, backend_pid, expires_at)
  VALUES ($1, $2, pg_backend_pid(), now() + $3 * interval '1 millisecond')
  ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, backend_pid = excluded.backend_pid, expires_at = excluded.expires_at
  WHERE site_leases.holder = excluded.holder
     OR site_leases.expires_at < now()
  RETURNING holder`;

const RENEW = `
  UPDATE site_leases SET backend_pid = pg_backend_pid(), expires_at = now() + $3 * interval '1 millisecond'
  WHERE name = $1 AND holder = $2 RETURNING holder`;

/** Waits until this process holds the lease `name`, then keeps it until lost or released. */
export async function acquireGuardLease(options: LeaseOptions): Promise<Lease> {
  const name = options.name ?? GUARD_LEASE;
  const holder = options.holder ?? `${os.hostname()} 进程 ${process.pid}（${randomUUID().slice(0, 8)}）`;
  const periodMs = options.periodMs ?? LEASE_PERIOD_MS;
  const tryEvery = Math.max(50, Math.floor(periodMs / 3));
  const retryAfterFailure = Math.min(tryEvery, 1_000);
  // One connection at a time: a renewal never races another of the same holder; after a failover the pool opens the next on the new primary.
  const pool = new pg.Pool({ connectionString: withDatabasePassword(options.databaseUrl), max: 1, idleTimeoutMillis: 0, query_timeout: tryEvery, keepAlive: true });
  pool.on('error', () => undefined);
  const client = await pool.connect();
  try {
    await prepareSharedConfig(client);
  } finally {
    client.release();
  }

  let lastSeen = '';
  for (;;) {
    const taken = await pool.query(TAKE, [name, holder, periodMs]).catch(() => undefined);
    if (taken?.rowCount) break;
    const current = await pool.query<{ holder: string }>('SELECT holder FROM site_leases WHERE name = $1', [name]).catch(() => undefined);
    const other = current?.rows[0]?.holder ?? '';
    if (other && other !== lastSeen) options.onWaiting?.(other);
    lastSeen = other;
    await new Promise((resolve) => setTimeout(resolve, tryEvery));
  }

  // Held until: counted from when a renewal was sent, so this process never thinks it holds a lease the database ended.
  let heldUntil = Date.now() + periodMs;
  let timer: NodeJS.Timeout | undefined;
  let markLost: (why: string) => void = () => undefined;
  const lost = new Promise<string>((resolve) => {
    markLost = (why) => {
      clearTimeout(timer);
      resolve(why);
    };
  });
  let done = false;
  const renew = async () => {
    const sent = Date.now();
    try {
      const renewed = await pool.query(RENEW, [name, holder, periodMs]);
      if (!renewed.rowCount) {
        done = true;
        return markLost('租约已被其他进程接替');
      }
      heldUntil = sent + periodMs;
    } catch {
      if (done) return;
      // Tried again soon (a failover's new primary answers within seconds, well inside the lease); the lease would
      // end before that try: stop acting now rather than beside a successor.
      if (Date.now() + retryAfterFailure >= heldUntil) {
        done = true;
        return markLost('无法续租（数据库无响应）');
      }
      timer = setTimeout(() => void renew(), retryAfterFailure);
      return;
    }
    if (!done) timer = setTimeout(() => void renew(), tryEvery);
  };
  timer = setTimeout(() => void renew(), tryEvery);

  return {
    holder,
    held: () => !done && Date.now() < heldUntil,
    lost,
    release: async () => {
      if (!done) {
        done = true;
        markLost('已主动释放');
        await pool.query('DELETE FROM site_leases WHERE name = $1 AND holder = $2', [name, holder]).catch(() => undefined);
      }
      await pool.end();
    },
  };
}
