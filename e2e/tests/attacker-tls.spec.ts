import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import { ARTIFACTS } from '../support/site';

/**
 * The production form's TLS as an attacker's scanner sees it. A project of its own after the site's tests
 * (playwright.config.ts): testssl's scan is half a minute of handshakes and edits nothing, so it runs beside
 * `npm run dev` and the config edits rather than after them.
 */
test('TLS: testssl finds only forward-secret AEAD suites (no CBC, no LUCKY13) on TLS 1.2 and 1.3', async ({ nginxSite }) => {
  test.setTimeout(180_000);
  const report = path.join(ARTIFACTS, `testssl-${test.info().parallelIndex}.json`);
  fs.rmSync(report, { force: true });
  const port = new URL(nginxSite.shell).port;
  spawnSync('testssl', ['--quiet', '--color', '0', '--warnings', 'off', '-p', '-E', '-U', '--jsonfile', report, '--ip', '127.0.0.1', `localhost:${port}`], {
    stdio: 'ignore',
    timeout: 170_000,
  });
  const findings = JSON.parse(fs.readFileSync(report, 'utf8')) as { id: string; severity: string; finding: string }[];
  const suites = findings.filter((finding) => finding.id.startsWith('cipher-'));
  expect(suites.length).toBeGreaterThan(0);
  // Each offered suite: key exchange by (elliptic-curve) Diffie-Hellman, encryption AES-GCM or ChaCha20-Poly1305.
  for (const suite of suites) expect(suite.finding).toMatch(/\sECDH \d+\s+(AESGCM|ChaCha20)\s/);
  const verdict = (id: string) => findings.find((finding) => finding.id === id)?.finding;
  expect(verdict('LUCKY13')).toBe('not vulnerable');
  for (const id of ['SSLv3', 'TLS1', 'TLS1_1']) expect(verdict(id)).toMatch(/^not offered/);
  // Vulnerabilities testssl weighs high, bar BREACH: a heuristic about compressed pages reflecting a secret, and
  // these pages carry none (no cookie, no token).
  const severe = findings.filter((finding) => ['HIGH', 'CRITICAL'].includes(finding.severity) && finding.id !== 'BREACH');
  expect(severe.map((finding) => `${finding.id}: ${finding.finding}`)).toEqual([]);
});
