import net from 'node:net';

/** Request lines any server of the site must answer with a status of its own (and then go on serving), sent raw. */
export const ODD_REQUEST_LINES = [
  'GET // HTTP/1.1',
  'GET /\\ HTTP/1.1',
  'GET ///about HTTP/1.1',
  'GET //evil.example/ HTTP/1.1',
  'GET http://evil.example/ HTTP/1.1',
  'GET * HTTP/1.1',
  'OPTIONS * HTTP/1.1',
  'GET % HTTP/1.1',
  'GET /% HTTP/1.1',
  'GET /%00 HTTP/1.1',
  'GET /%E4%ZZ HTTP/1.1',
  `GET /${'a'.repeat(10_000)} HTTP/1.1`,
  `GET /?${'q'.repeat(10_000)} HTTP/1.1`,
  'GET /a\u0000b HTTP/1.1',
  'GET /../../etc/passwd HTTP/1.1',
  'GET /..%2f..%2fetc%2fpasswd HTTP/1.1',
  'GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1',
  'GET /%252e%252e/etc/passwd HTTP/1.1',
  'GET /..\\..\\etc\\passwd HTTP/1.1',
  'BREW / HTTP/1.1',
  'DELETE /index.html HTTP/1.1',
  'GET / HTTP/9.9',
  'GARBAGE',
] as const;

/**
 * The status lines such a request may get: an answer, never a dropped connection, never a 5xx, but for an HTTP
 * version the server does not speak, which nginx answers with the standard 505.
 */
export function answeredAs(line: string): RegExp {
  return line.endsWith('HTTP/9.9') ? /^HTTP\/1\.1 (400|505) / : /^HTTP\/1\.1 (200|301|400|404|405|414|431) /;
}

/** Sends `raw` over a fresh socket and reads the whole answer, or what the server did instead. */
export function rawAnswer(port: number, raw: string, host = '127.0.0.1'): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host, () => socket.write(raw));
    const chunks: Buffer[] = [];
    socket.setTimeout(5_000, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', () => resolve('socket error'));
  });
}

/** Sends `raw` over a fresh socket and reads the status line of the answer (or what the server did instead). */
export async function rawRequest(port: number, raw: string, host = '127.0.0.1'): Promise<string> {
  return (await rawAnswer(port, raw, host)).split('\r\n')[0] ?? '';
}

