import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startRelay, throughRelay } from './index';

/** Everything a socket receives until its end, as text. */
const received = (socket: net.Socket) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

describe('the visitors relay (run here, in no namespace of its own)', () => {
  let folder: string;
  let socketPath: string;
  let relay: ChildProcess;
  let server: net.Server;
  let port: number;

  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'relay-test-'));
    socketPath = path.join(folder, 'relay.sock');
    relay = await startRelay(socketPath);
    // Answers who it saw and what it was sent, once the client has finished sending (its half of the connection closed).
    server = net.createServer({ allowHalfOpen: true }, (socket) => {
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('end', () => socket.end(`${socket.remoteAddress} ${Buffer.concat(chunks).toString('utf8')}`));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });

  afterAll(async () => {
    relay.kill();
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('connects from the address named, passes the bytes both ways, and the client\'s end as an end', async () => {
    const socket = throughRelay(socketPath, '127.0.0.9', '127.0.0.1', port);
    const answer = received(socket);
    socket.end('留言 1');
    await expect(answer).resolves.toBe('127.0.0.9 留言 1');
  });

  it('closes a connection whose first line is too long to be one of ours, and stays up for the next', async () => {
    const socket = net.connect(socketPath);
    const answer = received(socket);
    socket.write('x'.repeat(1000));
    await expect(answer).resolves.toBe('');
    const next = throughRelay(socketPath, '127.0.0.10', '127.0.0.1', port);
    const nextAnswer = received(next);
    next.end('again');
    await expect(nextAnswer).resolves.toBe('127.0.0.10 again');
  });

  it('closes the client\'s connection when nothing listens where it asked', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const freePort = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const socket = throughRelay(socketPath, '127.0.0.11', '127.0.0.1', freePort);
    await expect(received(socket)).resolves.toBe('');
  });
});
