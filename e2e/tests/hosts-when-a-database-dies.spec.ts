import fs from 'node:fs';
import pg from 'pg';
import { API_PATHS, type Envelope, type LoginResult, type MessageResult } from '@wenrun/shared/node';
import { hashSecret } from '@wenrun/reference-api/security/hash';
import { postgresSource } from '@wenrun/deploy/ops/coordination/sharedConfig';
import type { EntryChecker } from '@wenrun/deploy/ops/release/entryCheck';
import { takeStep } from '@wenrun/deploy/ops/release/release';
import type { HostsSite } from '@wenrun/deploy/ops/hosts/hosts';
import { request } from '../support/https';
import { expect } from '../support/fixtures';
import { onlyTo, test } from '../support/twoHosts';

/**
 * The PostgreSQL primary's machine killed under the site's load (issue 52 items 1 and 4): the synchronous standby
 * takes over, and the hosts, which reach the primary through their own proxies (deploy/ops/hosts/databaseProxy.ts),
 * write to it by themselves. After this file the site runs on the former standby, alone: the file sorts after every
 * other that writes (hosts-release, hosts-visitors), before hosts-when-one-dies, which reads pages alone.
 * The two hosts: e2e/support/twoHosts.ts.
 */

/** Writers in parallel, the kill after this long, the bound on writes resuming, and how long to go on after. */
const LOAD = { messageWriters: 4, loginWriters: 2, pageConnections: 8, killAfterMs: 3_000, resumeWithinMs: 15_000, afterResumeMs: 3_000 } as const;
/** What a visitor's write waits for at most (the site's own API time-outs are longer; a stuck one shows here). */
const WRITE_TIMEOUT_MS = 20_000;
const PASSWORD = 'failover-密码-1';
/** Visitors' numbers: 13955 and six digits, one a login (no lockout, no per-visitor limit shared). */
const mobileOf = (n: number) => `13955${String(n).padStart(6, '0')}`;

interface Write {
  kind: 'message' | 'login';
  /** The message's text, or the visitor's number. */
  key: string;
  sentAt: number;
  answeredAt: number;
  /** The API said 200: the client was told it is stored. */
  acknowledged: boolean;
  /** What the visitor saw otherwise: the envelope's message, or the HTTP failure. */
  said?: string;
}

/** A form post through the balancer from `localAddress` (a visitor of its own, as the PROXY header names it). */
async function post<T>(site: HostsSite, path: string, fields: Record<string, string>, localAddress: string): Promise<{ ok: boolean; said: string; data?: T }> {
  const answer = await Promise.race([
    request(`${site.api}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: site.shell },
      body: new URLSearchParams(fields).toString(),
      ca: site.ca,
      localAddress,
    }),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${WRITE_TIMEOUT_MS / 1000} 秒没有回答`)), WRITE_TIMEOUT_MS)),
  ]);
  try {
    const envelope = JSON.parse(answer.body) as Envelope<T>;
    return { ok: answer.status === 200 && envelope.header.code === '200', said: `HTTP ${answer.status} ${envelope.header.code} ${envelope.header.codeMsg}`, data: envelope.data };
  } catch {
    return { ok: false, said: `HTTP ${answer.status}（不是 JSON）` };
  }
}

/** When the primary was killed, and the first write acknowledged after it was answered (0: not yet). */
interface Run {
  killedAt: number;
  resumedAt: number;
}

/** Until writes have gone on for a while after resuming, or for long after the kill if they do not resume. */
function over(run: Run): boolean {
  const now = Date.now();
  return run.killedAt > 0 && (now > run.killedAt + LOAD.resumeWithinMs + LOAD.afterResumeMs || (run.resumedAt > 0 && now > run.resumedAt + LOAD.afterResumeMs));
}

/** One writer: a write at a time until the run is over, each from an address of its own. */
async function writer(site: HostsSite, kind: Write['kind'], id: number, run: Run): Promise<Write[]> {
  const writes: Write[] = [];
  for (let n = 0; !over(run); n++) {
    const sentAt = Date.now();
    const serial = id * 10_000 + n;
    const localAddress = `127.${kind === 'message' ? 71 : 72}.${Math.floor(serial / 250) % 250}.${(serial % 250) + 1}`;
    const key = kind === 'message' ? `故障切换留言 ${id}-${n}` : mobileOf(serial);
    const answer = await (kind === 'message'
      ? post<MessageResult>(site, API_PATHS.message, { name: '测试', phone: mobileOf(900_000 + serial), message: key }, localAddress)
      : post<LoginResult>(site, API_PATHS.passwordLogin, { mobile: key, password: PASSWORD }, localAddress)
    ).catch((error: unknown) => ({ ok: false, said: error instanceof Error ? error.message : String(error) }));
    writes.push({ kind, key, sentAt, answeredAt: Date.now(), acknowledged: answer.ok, ...(answer.ok ? {} : { said: answer.said }) });
    if (answer.ok && run.killedAt > 0 && sentAt > run.killedAt && !run.resumedAt) run.resumedAt = Date.now();
    if (!answer.ok) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return writes;
}

/** What the database holds of the writes, read on the primary now. */
async function stored(site: HostsSite): Promise<{ messages: Set<string>; logins: Set<string> }> {
  const db = new pg.Client({ connectionString: site.databaseUrl });
  await db.connect();
  try {
    const messages = await db.query<{ message: string }>("SELECT message FROM messages WHERE message LIKE '故障切换留言 %'");
    const logins = await db.query<{ mobile: string }>("SELECT DISTINCT users.mobile FROM sessions JOIN users ON users.id = sessions.user_id WHERE users.mobile LIKE '13955%'");
    return { messages: new Set(messages.rows.map((row) => row.message)), logins: new Set(logins.rows.map((row) => row.mobile)) };
  } finally {
    await db.end();
  }
}

/** Visitors with a password, made before the run (as registered visitors are). */
async function makeVisitors(site: HostsSite, count: number): Promise<void> {
  const db = new pg.Client({ connectionString: site.databaseUrl });
  await db.connect();
  try {
    const hash = await hashSecret(PASSWORD);
    await db.query(
      `INSERT INTO users (mobile, password_hash, sid, tid, school_name, created_at)
       SELECT '13955' || lpad(n::text, 6, '0'), $1, '', '', '', $2 FROM generate_series(0, $3) AS n ON CONFLICT DO NOTHING`,
      [hash, Date.now(), count],
    );
  } finally {
    await db.end();
  }
}

/** Pages through the balancer for as long as the writers run: runs of a second, added up. */
async function pageLoad(site: HostsSite, run: Run): Promise<{ total: number; non2xx: number; errors: number; timeouts: number }> {
  const { default: autocannon } = await import('autocannon');
  const sum = { total: 0, non2xx: 0, errors: 0, timeouts: 0 };
  const paths = ['/', '/about/3', `/search/${encodeURIComponent('课程')}`];
  for (let n = 0; !over(run); n++) {
    const result = await autocannon({ url: `${site.shell}${paths[n % paths.length] ?? '/'}`, connections: LOAD.pageConnections, duration: 1 });
    sum.total += result.requests.total;
    sum.non2xx += result.non2xx;
    sum.errors += result.errors;
    sum.timeouts += result.timeouts;
  }
  return sum;
}

/** The release step's entry need not answer: it is told it does (entryCheck.ts is tested alone). */
const answers: EntryChecker = async (entry) => ({ entry, version: entry.includes('/canary/') ? '9.9.9-canary' : '0.1.0' });

test('the PostgreSQL primary killed under load: no acknowledged write lost, writes back within 15 s, pages 200 throughout, a release after it on every host', async ({ twoHosts }) => {
  test.setTimeout(180_000);
  await makeVisitors(twoHosts, 2 * 10_000);
  const run: Run = { killedAt: 0, resumedAt: 0 };
  const writers = [
    ...Array.from({ length: LOAD.messageWriters }, (_, id) => writer(twoHosts, 'message', id, run)),
    ...Array.from({ length: LOAD.loginWriters }, (_, id) => writer(twoHosts, 'login', id, run)),
  ];
  const pages = pageLoad(twoHosts, run);
  await new Promise((resolve) => setTimeout(resolve, LOAD.killAfterMs));
  const kill = await twoHosts.database.killPrimary();
  run.killedAt = kill.at;
  const writes = (await Promise.all(writers)).flat();
  const pageResult = await pages;
  const acknowledged = writes.filter((write) => write.acknowledged);
  const resumedAt = Math.min(...acknowledged.filter((write) => write.sentAt > kill.at).map((write) => write.answeredAt));
  const { messages, logins } = await stored(twoHosts);
  const lost = acknowledged.filter((write) => !(write.kind === 'message' ? messages : logins).has(write.key));
  const failures = writes.filter((write) => !write.acknowledged);
  const seen = [...new Set(failures.map((write) => write.said))];
  const figures =
    `杀掉主库 ${kill.killed.name}：${((kill.promotedAt - kill.at) / 1000).toFixed(1)} 秒后备库成为主库，${((resumedAt - kill.at) / 1000).toFixed(1)} 秒后写入恢复；` +
    `确认的写入 ${acknowledged.length}（留言 ${acknowledged.filter((write) => write.kind === 'message').length}，登录 ${acknowledged.filter((write) => write.kind === 'login').length}），丢失 ${lost.length}；` +
    `失败 ${failures.length}，访客看到：${seen.join(' | ') || '无'}；页面请求 ${pageResult.total}，非 2xx ${pageResult.non2xx}，错误 ${pageResult.errors}，超时 ${pageResult.timeouts}`;
  console.log(`[故障切换] ${figures}`);
  test.info().annotations.push({ type: 'PostgreSQL 故障切换', description: figures });

  expect(acknowledged.filter((write) => write.sentAt < kill.at).length, 'writes went through before the kill').toBeGreaterThan(0);
  expect(lost).toEqual([]);
  expect(resumedAt - kill.at).toBeLessThan(LOAD.resumeWithinMs);
  expect([pageResult.non2xx, pageResult.errors, pageResult.timeouts]).toEqual([0, 0, 0]);
  expect(pageResult.total).toBeGreaterThan(100);
  await releaseReachesEveryHost(twoHosts);
});

/** The origins each host's CSP names now: each reached through the balancer alone (onlyTo). */
async function policyOrigins(site: HostsSite, host: string): Promise<string[]> {
  const answer = await onlyTo(site, host, () => request(`${site.shell}/`, { ca: site.ca, headers: { 'accept-encoding': 'identity' } }));
  return String(answer.headers['content-security-policy']).split(/[\s;]+/);
}

/**
 * A canary step taken through the shared config (what `npm run release` does with DATABASE_URL) is in every host's
 * file and CSP; then aborted, and the site left as it was: every host's nginx reloaded without it before the next
 * file's load. Left reloading, both hosts' nginx closed every kept-alive connection of hosts-when-one-dies's load
 * (170 requests unanswered there where 60 connections were open to the host it kills).
 */
async function releaseReachesEveryHost(site: HostsSite): Promise<void> {
  const [first] = site.hosts;
  if (!first) throw new Error('没有主机 1');
  const canaryOrigin = 'https://localhost:1';
  const canaryEntry = `${canaryOrigin}/canary/failover/mf-manifest.json`;
  const source = postgresSource({ databaseUrl: site.databaseUrl, seedFile: first.runtimeConfigFile });
  const tenSeconds = (host: string, what: string) => ({ timeout: 10_000, message: `${host} 的${what}` });
  try {
    await takeStep({ configFile: first.runtimeConfigFile, source, verb: 'canary', remote: 'about', entry: canaryEntry, percent: 10, reason: '故障切换之后', check: answers });
    for (const host of site.hosts) {
      await expect.poll(() => fs.readFileSync(host.runtimeConfigFile, 'utf8'), tenSeconds(host.name, '运行时配置')).toContain(canaryEntry);
      await expect.poll(() => policyOrigins(site, host.name), tenSeconds(host.name, ' CSP')).toContain(canaryOrigin);
    }
  } finally {
    await takeStep({ configFile: first.runtimeConfigFile, source, verb: 'abort', remote: 'about', reason: '故障切换测试结束', check: answers }).catch(() => undefined);
    await source.close();
  }
  for (const host of site.hosts) await expect.poll(() => policyOrigins(site, host.name), tenSeconds(host.name, ' CSP')).not.toContain(canaryOrigin);
}
