import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import tls from 'node:tls';
import zlib from 'node:zlib';

export interface Fetched {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Decoded as the client would (br, gzip). */
  body: string;
  /** Bytes as they came over the wire. */
  sentBytes: number;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The one certificate trusted over HTTPS (the tests' nginx makes its own). */
  ca?: Buffer;
  /** The address the request comes from: another loopback address (127.0.0.2) is another visitor to a server here. */
  localAddress?: string;
  /** The name TLS asks for and checks, when the URL names an address (the site's shared one) rather than the site. */
  servername?: string;
  /** The connection to send over, made by the caller (a relay's: bridgeVisitors), rather than one from this process. */
  socket?: () => net.Socket;
}

/**
 * A GET (or other method) over HTTP or HTTPS, with the headers as given: nothing added, nothing decoded silently. A
 * connection of its own each time: one kept alive from an earlier request may be closed by the server just as it
 * is reused (socket hang up).
 */
export function request(url: string, { method = 'GET', headers = {}, body, ca, localAddress, servername, socket }: RequestOptions = {}): Promise<Fetched> {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  const client = secure ? https : http;
  // No agent with a socket of the caller's: Node's request then takes its connection from createConnection.
  const connection = socket
    ? { createConnection: () => (secure ? tls.connect({ socket: socket(), servername: servername ?? target.hostname, ...(ca ? { ca } : {}) }) : socket()) }
    : { agent: false };
  return new Promise((resolve, reject) => {
    const outgoing = client.request(target, { method, headers, ...connection, ...(ca ? { ca } : {}), ...(localAddress ? { localAddress } : {}), ...(servername ? { servername } : {}) }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = incoming.headers['content-encoding'];
        const body = encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw;
        resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: body.toString('utf8'), sentBytes: raw.length });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Writes `raw` over TLS to `port` and reads the whole answer, as UTF-8 (or what the server did instead). */
export function rawTlsAnswer(port: number, raw: string, ca: Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = tls.connect({ port, host: '127.0.0.1', servername: 'localhost', ca }, () => socket.write(raw));
    const chunks: Buffer[] = [];
    socket.setTimeout(5_000, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', () => resolve('socket error'));
  });
}

