/**
 * A bounded load run, not a test: 200 connections for 10 s against search and the home-page call of an
 * in-process reference API on loopback, each reply compared with the expected body. Prints p50/p99 and errors.
 *
 *   npx tsx reference-api/scripts/load.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { API_PATHS } from '../../shared/src/api/endpoints';
import { buildServer } from '../src/server';

const CONNECTIONS = 200;
const DURATION_SECONDS = 10;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const scenarios = [
  { name: 'search, 3+ characters (trigram FTS)', path: API_PATHS.search, body: `keyword=${encodeURIComponent('班主任')}` },
  { name: 'search, 2 characters (gram table)', path: API_PATHS.search, body: `keyword=${encodeURIComponent('心理')}` },
  { name: 'integrate (home content)', path: API_PATHS.integrate, body: '' },
];

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'reference-api-load-'));
  const app = await buildServer({ databasePath: path.join(dir, 'site.db'), logger: false, devEndpoints: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  let failed = false;
  try {
    for (const scenario of scenarios) {
      const url = `${base}${scenario.path}`;
      // The reply is deterministic: every response must equal this one, or it counts as a mismatch.
      const expected = await (await fetch(url, { method: 'POST', headers: FORM, body: scenario.body })).text();
      if (!expected.includes('"code":"200"')) throw new Error(`${scenario.name}: unexpected reply ${expected.slice(0, 200)}`);
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
      const errors = result.errors + result.timeouts + result.non2xx + result.mismatches;
      failed ||= errors > 0;
      console.log(
        `${scenario.name}: ${result.requests.total} requests, ${Math.round(result.requests.average)} req/s, ` +
          `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms, ` +
          `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}, mismatches ${result.mismatches}`,
      );
    }
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
