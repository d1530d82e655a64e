import net from 'node:net';
import tls from 'node:tls';
import pg from 'pg';
import { ACTIVITY_ROUTE, API_PATHS, type Envelope, type FieldSummary, type LoginResult } from '@wenrun/shared/node';
import { hashSecret } from '@wenrun/reference-api/security/hash';
import { fieldBatch, fieldView } from '@wenrun/reference-api/test/fieldViews';
import { request } from '../support/https';
import { sendBeacon } from '../support/beacons';
import { type HostsSite } from '@wenrun/deploy/ops/hosts/hosts';
import { expect } from '../support/fixtures';
import { onlyTo, test } from '../support/twoHosts';

/**
 * Visitors through either host: one session, one field-data summary, and a visitor named only by the balancer.
 * The two hosts: e2e/support/twoHosts.ts.
 */

/** A form post to the site's API through the balancer, as the site's pages send it. */
async function post<T>(site: HostsSite, path: string, fields: Record<string, string>): Promise<Envelope<T>> {
  const answer = await request(`${site.api}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: site.shell },
    body: new URLSearchParams(fields).toString(),
    ca: site.ca,
  });
  return JSON.parse(answer.body) as Envelope<T>;
}

test('a visitor who asks for a code through host 1 logs in with it through host 2, and logging out through host 1 ends that session', async ({ twoHosts }) => {
  const mobile = '13912340001';
  const code = '246810';
  expect((await onlyTo(twoHosts, 'host-1', () => post(twoHosts, API_PATHS.sendCode, { mobile }))).header.code).toBe('200');
  const db = new pg.Client({ connectionString: twoHosts.databaseUrl });
  await db.connect();
  try {
    // The text message the production form never sends: the code the visitor would read, stored as the API stores it.
    const stored = await db.query('UPDATE sms_codes SET code_hash = $1 WHERE mobile = $2', [await hashSecret(code), mobile]);
    expect(stored.rowCount).toBe(1);
    // On a host of its own (SQLite per host), host 2 would answer 「请先获取验证码」.
    const login = await onlyTo(twoHosts, 'host-2', () => post<LoginResult>(twoHosts, API_PATHS.codeLogin, { mobile, code }));
    expect([login.header.code, login.header.codeMsg, login.data.mobile]).toEqual(['200', expect.any(String), mobile]);
    // The server keeps a login as its session; no call checks one yet, the logout through the other host ends it.
    const sessions = async () =>
      Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM sessions JOIN users ON users.id = sessions.user_id WHERE users.mobile = $1', [mobile])).rows[0]?.n);
    expect(await sessions()).toBe(1);
    expect((await onlyTo(twoHosts, 'host-1', () => post(twoHosts, API_PATHS.logout, { token: login.data.token }))).header.code).toBe('200');
    expect(await sessions()).toBe(0);
  } finally {
    await db.end();
  }
});

test('field data sent through both hosts is one summary, read through either', async ({ twoHosts }) => {
  /** One view of the activity page from `localAddress` (a visitor of its own: the PROXY header names it to nginx). */
  const beacon = async (localAddress: string) => {
    const view = fieldView({ id: `hosts-${localAddress.replace(/\./g, '-')}-${Date.now()}` });
    const reply = await sendBeacon(twoHosts.api, fieldBatch(view, [{ kind: 'metric', name: 'LCP', value: 1_000 }]), { ca: twoHosts.ca, localAddress });
    expect(reply.header.code).toBe('200');
  };
  const summary = async () => {
    const answer = await request(`${twoHosts.api}/stats${API_PATHS.fieldSummary}?days=1`, { ca: twoHosts.ca });
    return (JSON.parse(answer.body) as Envelope<FieldSummary>).data.byRoute.find((row) => row.route === ACTIVITY_ROUTE);
  };
  await onlyTo(twoHosts, 'host-1', () => Promise.all([1, 2, 3].map((client) => beacon(`127.0.61.${client}`))));
  await onlyTo(twoHosts, 'host-2', () => Promise.all([1, 2, 3].map((client) => beacon(`127.0.62.${client}`))));
  // Each host's first summary, made now from the one database: both hosts' views in it.
  const [throughFirst, throughSecond] = [await onlyTo(twoHosts, 'host-1', summary), await onlyTo(twoHosts, 'host-2', summary)];
  expect(throughFirst?.views).toBe(6);
  expect(throughSecond).toEqual(throughFirst);
});

/**
 * A code asked for straight from host `address`'s API port, as the balancer would send it, with a PROXY protocol
 * header naming `claimed` as the visitor: from this process, in the root namespace, whose address on the bridge
 * every process of that namespace shares.
 */
function codeClaiming(site: HostsSite, address: string, claimed: string): Promise<Envelope<unknown>['header']> {
  const port = Number(new URL(site.api).port);
  const body = new URLSearchParams({ mobile: `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` }).toString();
  return new Promise((resolve, reject) => {
    const raw = net.connect({ host: address, port }, () => {
      raw.write(`PROXY TCP4 ${claimed} ${address} 40000 ${port}\r\n`);
      const secure = tls.connect({ socket: raw, servername: 'localhost', ca: site.ca, ALPNProtocols: ['http/1.1'] }, () => {
        // Written, not ended: a TLS close from the client before the answer is a client gone, to nginx.
        secure.write(
          `POST ${API_PATHS.sendCode} HTTP/1.1\r\nHost: ${new URL(site.api).host}\r\nOrigin: ${site.shell}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
      });
      const chunks: Buffer[] = [];
      secure.on('data', (chunk: Buffer) => chunks.push(chunk));
      secure.on('end', () => {
        const answer = Buffer.concat(chunks).toString('utf8');
        try {
          resolve((JSON.parse(answer.slice(answer.indexOf('{'))) as Envelope<unknown>).header);
        } catch {
          reject(new Error(`无法读取主机的回答：${answer.slice(0, 300)}`));
        }
      });
      secure.on('error', reject);
    });
    raw.on('error', reject);
  });
}

test('a process beside the balancer, sending a PROXY header straight to a host, names no visitor: its codes count against its own address', async ({ twoHosts }) => {
  const [first] = twoHosts.hosts;
  if (!first) throw new Error('没有主机');
  for (let i = 0; i < 10; i += 1) await codeClaiming(twoHosts, first.address, '198.51.100.200');
  expect((await codeClaiming(twoHosts, first.address, '198.51.100.201')).codeMsg).toMatch(/^获取验证码次数过多/);
});
