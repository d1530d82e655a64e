import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import tls from 'node:tls';
import zlib from 'node:zlib';
import { NGINX_TLS_DIR } from './ports';
import { ROOT } from './site';

/** The certificate the tests' nginx made for itself: trusted here, and nowhere else. */
function certificate(): Buffer {
  return fs.readFileSync(path.join(ROOT, NGINX_TLS_DIR, 'site.crt'));
}

export interface Fetched {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Decoded as the client would (br, gzip). */
  body: string;
  /** Bytes as they came over the wire. */
  sentBytes: number;
}

/** A GET (or other method) over HTTP or HTTPS, with the headers as given: nothing added, nothing decoded silently. */
export function request(url: string, { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {}): Promise<Fetched> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(target, { method, headers, ...(target.protocol === 'https:' ? { ca: certificate() } : {}) }, (incoming) => {
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
    outgoing.end();
  });
}

/** Writes `raw` over TLS to `port` and reads the status line of the answer (or what the server did instead). */
export function rawTlsRequest(port: number, raw: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = tls.connect({ port, host: '127.0.0.1', servername: 'localhost', ca: certificate() }, () => socket.write(raw));
    let answer = '';
    socket.setTimeout(5_000, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
    socket.on('error', () => resolve('socket error'));
  });
}
