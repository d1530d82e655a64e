/**
 * The relay of bridgeVisitors (README.md), run inside the visitors' namespace: `node --import tsx relay.ts SOCKET`. Each
 * connection to the Unix socket SOCKET starts with one line, `FROM HOST PORT`; the relay opens a TCP connection to
 * HOST:PORT from the address FROM (one of the namespace's own) and joins the two, bytes as they come, each side's end
 * passed on. Prints `ready` once it listens.
 */
import fs from 'node:fs';
import net from 'node:net';

/** A first line longer than this is not one the tests send: the connection is closed. */
const MAX_LINE = 200;

function relay(client: net.Socket): void {
  let head = Buffer.alloc(0);
  const onData = (chunk: Buffer) => {
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf('\n');
    if (end < 0) {
      if (head.length > MAX_LINE) client.destroy();
      return;
    }
    client.off('data', onData);
    client.pause();
    const [from, host, port] = head.subarray(0, end).toString('utf8').split(' ');
    const upstream = net.connect({ host: host ?? '', port: Number(port), localAddress: from ?? '', allowHalfOpen: true });
    upstream.write(head.subarray(end + 1));
    client.pipe(upstream);
    upstream.pipe(client);
    client.resume();
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  };
  client.on('data', onData);
  client.on('error', () => client.destroy());
}

const socketPath = process.argv[2];
if (!socketPath) throw new Error('用法：relay.ts <Unix 套接字路径>');
fs.rmSync(socketPath, { force: true });
net.createServer({ allowHalfOpen: true }, relay).listen(socketPath, () => console.log('ready'));
