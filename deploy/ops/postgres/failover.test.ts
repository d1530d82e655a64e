/**
 * The primary's machine dies under a stream of writes: the synchronous standby is promoted, writes resume within
 * 15 s, and every write the primary acknowledged is on the new primary. Needs root (network namespaces, a bridge);
 * as another user it fails saying so. Its own bridge and addresses (198.18.20.0/24), none of the hosts form's.
 */
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { startFailoverCluster, type DatabaseMachine, type FailoverCluster } from './failover';
import { API_ROLE, createSiteRoles } from '../hosts/databaseRoles';

const BRIDGE = 'wpfbr0';
const SUBNET = '198.18.20';
const GATEWAY = `${SUBNET}.1`;
const DATABASE = 'wenrun';

/** Writers in parallel, the kill after this long, the bound on writes resuming, and how long to write after. */
const LOAD = { writers: 8, killAfterMs: 3_000, resumeWithinMs: 15_000, afterResumeMs: 2_000 } as const;

function ip(args: string[]): void {
  const result = spawnSync('ip', args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`ip ${args.join(' ')}：${result.stderr}`);
}

/**
 * A machine that dies sends no reset: a query sent to it waits for TCP's time-outs (minutes) unless the client gives
 * up itself. A synchronous commit here takes milliseconds.
 */
const QUERY_TIMEOUT_MS = 2_000;

let cluster: FailoverCluster;
let password = '';

beforeAll(async () => {
  if (process.getuid?.() !== 0) throw new Error('PostgreSQL 故障切换测试需要 root：要创建网络命名空间和网桥（CI 以 root 运行）');
  ip(['link', 'add', BRIDGE, 'type', 'bridge']);
  ip(['addr', 'add', `${GATEWAY}/24`, 'dev', BRIDGE]);
  ip(['link', 'set', BRIDGE, 'up']);
  // The test's client is a host: it connects from the bridge's address.
  cluster = await startFailoverCluster({ bridge: BRIDGE, subnet: SUBNET, prefix: 'wpf', database: DATABASE, admit: { roles: [API_ROLE], from: [`${GATEWAY}/32`] } });
  const primary = await cluster.primary();
  if (!primary) throw new Error('没有主库');
  password = (await createSiteRoles(cluster.socketUrl(primary), DATABASE))[API_ROLE];
}, 120_000);

afterAll(async () => {
  await cluster?.stop();
  spawnSync('ip', ['link', 'del', BRIDGE]);
});

/** libpq's `target_session_attrs=read-write`, which node-postgres lacks: the first node that takes writes. */
async function connectToPrimary(machines: DatabaseMachine[]): Promise<pg.Client> {
  for (const machine of machines) {
    const client = new pg.Client({ host: machine.address, port: cluster.port, database: DATABASE, user: API_ROLE, password, connectionTimeoutMillis: 1_000, query_timeout: QUERY_TIMEOUT_MS });
    client.on('error', () => undefined);
    try {
      await client.connect();
      const { rows } = await client.query<{ transaction_read_only: string }>('SHOW transaction_read_only');
      if (rows[0]?.transaction_read_only === 'off') return client;
    } catch {
      // Down, or not there: the next.
    }
    await client.end().catch(() => undefined);
  }
  throw new Error('没有可写的节点');
}

interface Acknowledged {
  writer: number;
  seq: number;
  at: number;
}

/** One writer: inserts until `until()`, reconnecting after any failure; resolves with what was acknowledged. */
async function writer(id: number, until: () => boolean, failures: { count: number }): Promise<Acknowledged[]> {
  const acknowledged: Acknowledged[] = [];
  let client: pg.Client | undefined;
  for (let seq = 0; !until(); seq++) {
    try {
      client ??= await connectToPrimary(cluster.machines.slice(0, 2));
      await client.query('INSERT INTO writes (writer, seq) VALUES ($1, $2)', [id, seq]);
      acknowledged.push({ writer: id, seq, at: Date.now() });
    } catch {
      failures.count++;
      await client?.end().catch(() => undefined);
      client = undefined;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await client?.end().catch(() => undefined);
  return acknowledged;
}

test('the primary\'s machine killed under writes: the standby is promoted, writes resume within 15 s, no acknowledged write lost', async () => {
  const setup = await connectToPrimary(cluster.machines.slice(0, 2));
  await setup.query('CREATE TABLE writes (writer int, seq int, PRIMARY KEY (writer, seq))');
  await setup.end();
  const old = await cluster.primary();
  if (!old) throw new Error('没有主库');
  let killedAt = 0;
  let resumedAt = 0;
  const failures = { count: 0 };
  const done = () => killedAt > 0 && (Date.now() > killedAt + LOAD.resumeWithinMs + LOAD.afterResumeMs || (resumedAt > 0 && Date.now() > resumedAt + LOAD.afterResumeMs));
  const writers = Array.from({ length: LOAD.writers }, (_, id) => writer(id, done, failures));
  await new Promise((resolve) => setTimeout(resolve, LOAD.killAfterMs));
  killedAt = cluster.kill(old);
  const watch = setInterval(() => void cluster.primary().then((now) => {
    if (now && now.name !== old.name && !resumedAt) resumedAt = Date.now();
  }), 100);
  const acknowledged = (await Promise.all(writers)).flat();
  clearInterval(watch);
  const before = acknowledged.filter((write) => write.at < killedAt).length;
  // Writes stop when the primary dies and resume on the new one: the longest pause between acknowledged writes
  // from the kill on (a write or two acknowledged while the kill ran are the old primary's, before it went).
  const times = acknowledged.map((write) => write.at).filter((at) => at >= killedAt - 1_000).sort((a, b) => a - b);
  const pause = times.slice(1).reduce((longest, at, i) => Math.max(longest, at - (times[i] as number)), 0);
  const primary = await cluster.primary();
  expect(primary?.name).not.toBe(old.name);
  const check = new pg.Client({ connectionString: cluster.socketUrl(primary as DatabaseMachine) });
  await check.connect();
  const { rows } = await check.query<{ writer: number; seq: number }>('SELECT writer, seq FROM writes');
  await check.end();
  const stored = new Set(rows.map((row) => `${row.writer}/${row.seq}`));
  const lost = acknowledged.filter((write) => !stored.has(`${write.writer}/${write.seq}`));
  console.log(
    `[故障切换] 杀掉 ${old.name}：${((resumedAt - killedAt) / 1000).toFixed(1)} 秒后 ${primary?.name} 成为主库，` +
      `写入停了 ${(pause / 1000).toFixed(1)} 秒；确认的写入 ${acknowledged.length}（杀掉前 ${before}），丢失 ${lost.length}，失败的尝试 ${failures.count}`,
  );
  expect(lost).toEqual([]);
  expect(pause).toBeLessThan(LOAD.resumeWithinMs);
}, 120_000);
