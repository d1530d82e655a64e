/**
 * A bounded load run, not a test, against an in-process reference API on loopback:
 * - search and the home-page call: 200 connections for 10 s, each reply compared with the expected body;
 * - send-code from one IP: 100 connections for 5 s, each asking for a random valid mobile. Past the per-IP hourly
 *   limit every reply must be the rate-limit envelope (a non-"200" code with a Chinese message), never a crash or
 *   a 5xx, no more codes than the limit may be sent, and /healthz must still answer afterwards.
 * Prints p50/p99 and errors per scenario; exits with 1 when any check fails.
 *
 *   npx tsx reference-api/scripts/load.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { API_PATHS, SUCCESS_CODE, type Envelope } from '@wenrun/shared/node';
import { CODES } from '../src/envelope';
import { buildServer, DEFAULT_LIMITS } from '../src/server';

type Result = Awaited<ReturnType<typeof autocannon>>;

interface RequestParams {
  method?: 'GET' | 'POST';
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * autocannon's per-request hooks, which autocannon.d.ts leaves out (its interfaces are not exported, so they
 * cannot be extended from here).
 */
type Options = Parameters<typeof autocannon>[0];

interface HookedOptions extends Options {
  requests: (RequestParams & {
    setupRequest?: (request: RequestParams) => RequestParams;
    onResponse?: (status: number, body: string) => void;
  })[];
}

const autocannonWithHooks = autocannon as (options: HookedOptions) => Promise<Result>;

const CONNECTIONS = 200;
const DURATION_SECONDS = 10;
const SEND_CODE_CONNECTIONS = 100;
const SEND_CODE_SECONDS = 5;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const scenarios = [
  { name: 'search, 3+ characters (trigram FTS)', path: API_PATHS.search, body: `keyword=${encodeURIComponent('班主任')}` },
  { name: 'search, 2 characters (gram table)', path: API_PATHS.search, body: `keyword=${encodeURIComponent('心理')}` },
  { name: 'integrate (home content)', path: API_PATHS.integrate, body: '' },
];

function latencyLine(result: Result): string {
  return (
    `${result.requests.total} requests, ${Math.round(result.requests.average)} req/s, ` +
    `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms, ` +
    `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}`
  );
}

/** Search and integrate are deterministic: every reply must equal the first one. Returns whether all held. */
async function runContentScenarios(base: string): Promise<boolean> {
  let passed = true;
  for (const scenario of scenarios) {
    const url = `${base}${scenario.path}`;
    const expected = await (await fetch(url, { method: 'POST', headers: FORM, body: scenario.body })).text();
    if (!expected.includes(`"code":"${SUCCESS_CODE}"`)) {
      throw new Error(`${scenario.name}: unexpected reply ${expected.slice(0, 200)}`);
    }
    const result = await autocannon({
      url,
      method: 'POST',
      headers: FORM,
      body: scenario.body,
      connections: CONNECTIONS,
      duration: DURATION_SECONDS,
      // The load generator gets its own thread so it does not share the server's event loop.
      workers: 1,
      expectBody: expected,
    });
    passed &&= result.errors + result.timeouts + result.non2xx + result.mismatches === 0;
    console.log(`${scenario.name}: ${latencyLine(result)}, mismatches ${result.mismatches}`);
  }
  return passed;
}

/** A mobile the API accepts (1, then 2-9, then nine digits), different on nearly every request. */
function randomMobile(): string {
  return `1${2 + Math.floor(Math.random() * 8)}${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

const HAS_CHINESE = /[\u4e00-\u9fff]/;

/** Sorts one send-code reply; anything but an envelope that sent a code or refused in Chinese is a failure. */
function classifyReply(status: number, body: string): 'sent' | 'refused' | string {
  if (status !== 200) return `HTTP ${status}: ${body.slice(0, 120)}`;
  let envelope: Envelope<unknown>;
  try {
    envelope = JSON.parse(body) as Envelope<unknown>;
  } catch {
    return `not JSON: ${body.slice(0, 120)}`;
  }
  const code = envelope.header?.code;
  const message = envelope.header?.codeMsg;
  if (code === SUCCESS_CODE) return 'sent';
  if (code === CODES.tooMany && typeof message === 'string' && HAS_CHINESE.test(message)) return 'refused';
  return `not the rate-limit envelope: ${body.slice(0, 120)}`;
}

/**
 * Send-code from one IP under load. It runs on the main thread (its per-request hooks cannot cross to a worker), so
 * its latencies include the load generator's own work.
 */
async function runSendCodeScenario(base: string): Promise<boolean> {
  const counts = { sent: 0, refused: 0 };
  const failures = new Map<string, number>();
  let lastRefusal = '';
  const result = await autocannonWithHooks({
    url: `${base}${API_PATHS.sendCode}`,
    connections: SEND_CODE_CONNECTIONS,
    duration: SEND_CODE_SECONDS,
    requests: [
      {
        method: 'POST',
        headers: FORM,
        setupRequest: (request) => ({ ...request, body: `mobile=${randomMobile()}` }),
        onResponse: (status, body) => {
          const kind = classifyReply(status, body);
          if (kind === 'sent' || kind === 'refused') {
            counts[kind] += 1;
            if (kind === 'refused') lastRefusal = body;
          } else {
            failures.set(kind, (failures.get(kind) ?? 0) + 1);
          }
        },
      },
    ],
  });
  const health = await fetch(`${base}/healthz`);
  const healthBody = (await health.json()) as { status?: string };
  const limit = DEFAULT_LIMITS.sendCodePerIpPerHour;
  console.log(
    `send-code, one IP, random mobiles: ${latencyLine(result)}; codes sent ${counts.sent} (limit ${limit}/hour), ` +
      `refused ${counts.refused}, other replies ${[...failures.values()].reduce((sum, n) => sum + n, 0)}`,
  );
  if (lastRefusal) console.log(`  a refusal: ${lastRefusal}`);
  for (const [kind, count] of failures) console.log(`  ${count} × ${kind}`);
  console.log(`  /healthz after: HTTP ${health.status} ${JSON.stringify(healthBody)}`);
  return (
    failures.size === 0 &&
    result.errors + result.timeouts + result.non2xx === 0 &&
    counts.sent === limit &&
    counts.refused > 0 &&
    health.status === 200 &&
    healthBody.status === 'ok'
  );
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'reference-api-load-'));
  const app = await buildServer({ databasePath: path.join(dir, 'site.db'), logger: false, devEndpoints: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  let passed: boolean;
  try {
    const content = await runContentScenarios(base);
    const sendCode = await runSendCodeScenario(base);
    passed = content && sendCode;
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(passed ? 'load: all checks passed' : 'load: FAILED');
  process.exitCode = passed ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
