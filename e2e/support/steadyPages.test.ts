import fs from 'node:fs';
import https from 'node:https';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { selfSignedCertificate } from '@wenrun/deploy/ops/nginx/certificate';
import { GIVEN_UP, lostAt, steadyPages, type PageAttempt } from './steadyPages';

/** One attempt as the load records it, answered unless said otherwise. */
const attempt = (fields: Partial<PageAttempt>): PageAttempt => ({ client: 0, path: '/', startedAt: 0, endedAt: 0, sent: true, connectedAt: 0, status: 200, ...fields });

describe('lostAt: what a balancer dying at 1000 cost', () => {
  const at = 1_000;

  it('tells a request lost in flight through it from one failed, refused or slow through the one that took over', () => {
    const inFlight = attempt({ client: 1, endedAt: 1_500, connectedAt: 200, status: undefined, error: 'socket hang up' });
    const cut = attempt({ client: 2, endedAt: 2_500, connectedAt: 1_800, status: undefined, error: 'read ECONNRESET' });
    const slow = attempt({ client: 3, endedAt: 4_000, connectedAt: 1_800, status: undefined, error: GIVEN_UP });
    const refused = attempt({ client: 4, endedAt: 2_000, connectedAt: 1_800, status: 429 });
    const retried = attempt({ client: 5, endedAt: 1_200, sent: false, connectedAt: undefined, status: undefined, error: '连不上' });
    const answered = attempt({ client: 1, endedAt: 3_000, connectedAt: 1_800 });
    const before = attempt({ client: 2, endedAt: 900, connectedAt: 200, status: undefined, error: 'earlier' });
    const lost = lostAt([inFlight, cut, slow, refused, retried, answered, before], at);
    expect(lost).toEqual({ inFlight: [inFlight], afterwards: [cut, refused], slow: [slow], refused: [refused], retried: [retried], clientsLosingMore: [] });
  });

  it('names a client that lost more than the one request in flight on its connection', () => {
    const lost = (client: number, endedAt: number) => attempt({ client, endedAt, connectedAt: 200, status: undefined, error: 'socket hang up' });
    expect(lostAt([lost(1, 1_100), lost(2, 1_100), lost(2, 1_300)], at).clientsLosingMore).toEqual([2]);
  });
});

describe('steadyPages against a server that never answers', () => {
  let folder: string;
  let server: https.Server;
  let port: number;
  let ca: Buffer;
  const sockets = new Set<net.Socket>();
  let received = 0;

  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'steady-pages-'));
    const { certificate, key } = selfSignedCertificate(folder, 'localhost');
    ca = fs.readFileSync(certificate);
    // Takes each request and says nothing: a host starved past any time-out, or a balancer gone mid-answer.
    server = https.createServer({ cert: ca, key: fs.readFileSync(key) }, (request, response) => {
      received += 1;
      // Or begins a page and never ends it.
      if (request.url === '/half') response.writeHead(200).write('<!doctype html>');
    });
    server.on('secureConnection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('stops at once when told to cut what is in flight, though nothing has a time-out', async () => {
    const load = steadyPages({ address: '127.0.0.1', port, siteHost: 'localhost', ca, paths: ['/'], clients: 3, connectTimeoutMs: 5_000, answerTimeoutMs: Infinity });
    while (received < 3) await new Promise((resolve) => setTimeout(resolve, 20));
    const stoppedAt = Date.now();
    const attempts = await load.stop('cut');
    expect(Date.now() - stoppedAt).toBeLessThan(1_000);
    expect(attempts.map((one) => [one.client, one.sent, one.status])).toEqual(expect.arrayContaining([[0, true, undefined], [1, true, undefined], [2, true, undefined]]));
    expect(attempts).toHaveLength(3);
  });

  it('records a page cut mid-answer as failed, not answered', async () => {
    received = 0;
    const load = steadyPages({ address: '127.0.0.1', port, siteHost: 'localhost', ca, paths: ['/half'], clients: 1, connectTimeoutMs: 5_000, answerTimeoutMs: Infinity });
    while (received < 1) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const [cut, ...more] = await load.stop('cut');
    expect(more).toEqual([]);
    expect([cut?.sent, cut?.status, typeof cut?.error]).toEqual([true, undefined, 'string']);
  });
});
