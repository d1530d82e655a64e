import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Envelope } from '@wenrun/shared/node';
import { buildServer, type ServerOptions } from '../server';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  databasePath: string;
  close: () => Promise<void>;
}

/** A real server on a free loopback port with its own database file, removed on close. */
export async function startServer(options: Partial<ServerOptions> = {}): Promise<TestServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'reference-api-'));
  const databasePath = path.join(dir, 'site.db');
  const app = await buildServer({ databasePath, logger: false, devEndpoints: true, ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    databasePath,
    close: async () => {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A clock the test moves by hand. */
export function manualClock(start = Date.UTC(2026, 10, 1, 8, 0, 0)) {
  let current = start;
  return {
    now: () => current,
    advance: (ms: number) => {
      current += ms;
    },
  };
}

export interface Reply<T = unknown> {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body; `null` when it is not JSON. */
  body: Envelope<T> | null;
}

function parseJson<T>(text: string): Envelope<T> | null {
  try {
    return JSON.parse(text) as Envelope<T>;
  } catch {
    return null;
  }
}

async function toReply<T>(response: Response): Promise<Reply<T>> {
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: parseJson<T>(text) };
}

export async function send<T = unknown>(
  url: string,
  init: { method?: string; body?: string | Uint8Array<ArrayBuffer>; contentType?: string; headers?: Record<string, string> } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.contentType) headers['content-type'] = init.contentType;
  return toReply<T>(await fetch(url, { method: init.method ?? 'POST', body: init.body, headers }));
}

/** A form post as the site's client sends it; repeated keys (arrays) are kept. */
export function postForm<T = unknown>(url: string, fields: Record<string, string | number | string[]> = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  return send<T>(url, { body: params.toString(), contentType: 'application/x-www-form-urlencoded' });
}

export function postJson<T = unknown>(url: string, body: unknown) {
  return send<T>(url, { body: JSON.stringify(body), contentType: 'application/json' });
}

export async function getJson<T = unknown>(url: string) {
  return send<T>(url, { method: 'GET' });
}

/** The envelope of a business refusal: HTTP 200, a non-"200" code, the Chinese message. */
export function expectRefusal(reply: Reply, codeMsg: string | RegExp): void {
  expect(reply.status).toBe(200);
  expect(reply.body?.header.code).not.toBe('200');
  if (typeof codeMsg === 'string') expect(reply.body?.header.codeMsg).toBe(codeMsg);
  else expect(reply.body?.header.codeMsg).toMatch(codeMsg);
}
