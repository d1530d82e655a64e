import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { ROOT_NETWORK_LOCK } from '@wenrun/deploy/ops/hosts/rootNetwork';
import { RENDER_PORT, SHELL_PART } from '@wenrun/shared/node';
import { CHROMIUM_ARGS, CHROMIUM_TEST_PATH } from './tools/chromium';
import type { EngineOptions } from './support/engines';
import { E2E_SITE_ORIGINS, WORKER_PORTS } from './support/ports';

const ROOT = path.resolve(__dirname, '..');

/**
 * The site's phase: every test that uses the site `npm start` serves as it is. Playwright runs the projects in phases
 * (a project's phase comes after its dependencies'; the next phase starts when every test of this one has ended), so
 * the projects after it run side by side in the next.
 */
const AFTER_THE_SITE = ['site', 'nginx', 'firefox', 'webkit'];

// Every render server the tests start (npm start's, each nginx form's, each host's) looks for a changed config, a
// released remote or an edited activity every second rather than production's 5 s: the tests of those changes wait
// for that look, and it is the same code at either pace (render-server/src/server/siteWatch.test.ts).
process.env.RENDER_CHECK_INTERVAL_MS = '1000';

// The several-hosts form changes the root namespace's links only while no browser beside it holds this lock
// (deploy/ops/hosts/rootNetwork.ts): the workers and every form they start read it from here.
process.env[ROOT_NETWORK_LOCK] = path.join(ROOT, 'e2e', '.artifacts', 'root-network.lock');
fs.mkdirSync(path.dirname(process.env[ROOT_NETWORK_LOCK]), { recursive: true });

/**
 * Real-browser tests in Debian's Chromium (its headless shell, tools/chromium.ts) against the built site, started here by `npm start --no-build` (the demo
 * form: the reference API in demo mode) on the default ports with a database of its own, and the visitor flows again
 * in Debian's Firefox ESR (README.md). Other servers (copies of a part, the production form behind nginx) are
 * fixtures of the tests that need them (support/fixtures.ts).
 */
export default defineConfig<EngineOptions & { steadyRootNetwork: boolean }>({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: WORKER_PORTS.workers,
  // A trace costs every test that records it (the same 90 tests: 83 s recording, 68 s not), so only a retry
  // records one: a test that fails runs once more with its trace, and the run fails all the same, flaky or not.
  retries: 1,
  failOnFlakyTests: true,
  // And each test's project, worker, start and duration as JSON, for reading a slow or failed run's timeline.
  reporter: [['list'], ['json', { outputFile: 'test-results/report.json' }]],
  use: {
    baseURL: `http://localhost:${SHELL_PART.port}`,
    locale: 'zh-CN',
    trace: 'on-first-retry',
    launchOptions: { executablePath: CHROMIUM_TEST_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    // The visitor flows in WebKitGTK (MiniBrowser through WebKitWebDriver) and in Firefox, and in Firefox the tampered
    // remote files too (issue 51: Chromium and Firefox), in the site's phase: the flows use the site `npm start`
    // serves, whose API origin the config edits move for a while (e2e/README.md § Time). Listed first and spread over
    // the workers, so the slowest engine's flows do not run alone at the phase's end.
    { name: 'webkit', testMatch: /visitor-flows\.spec\.ts$/, fullyParallel: true, use: { engine: 'webkit' } },
    { name: 'firefox', testMatch: /(visitor-flows|tampering)\.spec\.ts$/, fullyParallel: true, use: { engine: 'firefox' } },
    // Every test in Chromium, the visitor flows among them.
    { name: 'site', testIgnore: /(shutdown|attacker(-[a-z-]+)?|config-edits|\/dev|hosts(-[a-z-]+)?|\/nginx-[a-z-]+)\.spec\.ts$/ },
    // The production form's own files, beside the site's, on one worker: one production form started for them, not
    // one on every worker that takes one of the files; in file order, its render server killed last.
    { name: 'nginx', testMatch: /\/nginx-[a-z-]+\.spec\.ts$/, workers: 1 },
    // After the site's phase, side by side on the three workers: the longest first. The hosts-*.spec.ts files: two
    // hosts in network namespaces (root), load runs across them; one worker, for the files share its two hosts (one
    // set of namespace names), in file order: the form's own command first, host 2 killed last. Beside Chromium: the
    // form's bridge, links and cuts are in a namespace of their own, and the root namespace sees no change while it
    // runs but its one link, made and removed between the tests of the projects beside it (deploy/ops/hosts/network.ts
    // and rootNetwork.ts; with them in the root namespace, the attacker suite's navigations failed with
    // ERR_NETWORK_CHANGED).
    { name: 'hosts', testMatch: /\/hosts-[a-z-]+\.spec\.ts$/, dependencies: AFTER_THE_SITE, workers: 1 },
    // What disturbs the site `npm start` serves, so not beside its tests and not beside each other: the attacker suite
    // spends its budgets, and config-edits.spec.ts edits the config it serves for a moment. One worker, in file order
    // (the attacker files, then the config edits): one production form started for all of them.
    // Their browsers run beside the several-hosts form: each test holds the root network steady (support/fixtures.ts).
    {
      name: 'disturbing',
      testMatch: /(attacker(-(?!tls)[a-z-]+)?|config-edits)\.spec\.ts$/,
      dependencies: AFTER_THE_SITE,
      workers: 1,
      use: { steadyRootNetwork: true },
    },
    // Starts `npm run dev` on its worker's ports: webpack in watch mode takes every core for a minute, so not beside
    // the site's many tests.
    { name: 'dev', testMatch: /\/dev\.spec\.ts$/, dependencies: AFTER_THE_SITE, use: { steadyRootNetwork: true } },
    // testssl's scan of a production form of its own (half a minute of handshakes) edits nothing: after `npm run dev`
    // on its worker.
    { name: 'tls', testMatch: /attacker-tls\.spec\.ts$/, dependencies: AFTER_THE_SITE },
    // Kills processes of the site the others run on, then stops it: after everything else.
    { name: 'shutdown', testMatch: /shutdown\.spec\.ts$/, dependencies: ['hosts', 'disturbing', 'dev', 'tls'] },
  ],
  webServer: [
    {
      command: `${path.join(ROOT, 'node_modules/.bin/tsx')} deploy/serve/start.ts --no-build`,
      cwd: ROOT,
      // The render server starts last, once the parts and the API answer.
      url: `http://localhost:${RENDER_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'test',
        DATABASE_PATH: path.join(os.tmpdir(), `wenrun-e2e-${process.pid}.db`),
        SITE_ORIGINS: E2E_SITE_ORIGINS.join(','),
        // Every test asks from 127.0.0.1; the per-IP hourly limit itself is tested in reference-api's own tests
        // and, through nginx, in the attacker suite.
        SEND_CODE_PER_IP_PER_HOUR: '200',
        // A view sent is in the next summary (field-data.spec.ts): production answers it from memory for a minute.
        FIELD_SUMMARY_CACHE_MS: '0',
        // Every browser of the suite is one client (loopback): the per-client cap itself is tested in reference-api's
        // own tests and, through nginx, in the attacker suite.
        FIELD_VIEWS_PER_CLIENT_PER_HOUR: '1000000',
      },
    },
  ],
});
