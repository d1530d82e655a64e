// One Jest run for the whole repo, one project per part, so `npm test -w <part>` can select its own.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The parts table (shared/src/config/parts.ts explains it): one browser project for each part. */
const TABLE = JSON.parse(readFileSync(new URL('./shared/src/config/parts.json', import.meta.url), 'utf8'));

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/**
 * Kysely (the reference API's query builder) ships ES modules only: compiled like our own code for every project that
 * loads the reference API (its own, the tooling's, shared's client test).
 */
const ES_MODULE_PACKAGES = ['kysely'];
const compiledPackages = (more = []) => [`/node_modules/(?!(${[...ES_MODULE_PACKAGES, ...more].join('|')})/)`];
/** fastify.inject's cookie parser (light-my-request's own copy) is an ES module only, for the suites that inject. */
const INJECT_COOKIE = '(light-my-request/node_modules/)?cookie';

/** The reference API's suites; the PostgreSQL project runs those that touch the database a second time. */
const referenceApi = {
  rootDir: `<rootDir>/${TABLE.api.folder}`,
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  transformIgnorePatterns: compiledPackages([INJECT_COOKIE]),
};

const webPart = (name) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: 'jsdom',
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: {
    '\\.css$': '<rootDir>/../jest/style-stub.cjs',
    '\\.(png|jpe?g|svg|webp)$': '<rootDir>/../jest/asset-stub.cjs',
    // A module of semantic-ui-react's ES build (Form, shared on its own) is its CommonJS twin under Jest.
    '^semantic-ui-react/dist/es/(.*)$': 'semantic-ui-react/dist/commonjs/$1',
  },
  setupFilesAfterEnv: ['<rootDir>/../jest/setup.ts'],
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
  transformIgnorePatterns: compiledPackages(),
});

/**
 * Each worker loads jest/heldWorker.cjs, which names what held a worker Jest had to end ("A worker process has failed
 * to exit gracefully" alone names nothing). jest-worker forks its workers with this process's execArgv, and Jest reads
 * this file before it forks them; the processes the tests start are not given it.
 */
process.execArgv.push('--require', fileURLToPath(new URL('./jest/heldWorker.cjs', import.meta.url)));

export default {
  rootDir: import.meta.dirname,
  // Jest's default is one worker on a 2-core machine; most suites wait on sockets, processes and PostgreSQL, not
  // the CPU. Measured on this machine: the whole run 143 s with one worker, 67 s with three.
  maxWorkers: 3,
  // A bound on a hung test, not a speed check (speed is the benches'): Jest's 5 s failed the guard's suites, whose
  // tests seed a thousand views each, on this machine while other work held its cores (1-4 s a test, some past 5);
  // and it holds on a quarter of this machine (.ci/one-core: one core, Jest on two Node lines side by side).
  testTimeout: 120_000,
  // How long a worker whose files are done has to exit by itself before Jest ends it (Jest's default: 500 ms). In the
  // .ci/run of 20:53 Jest ended a worker on Node 26 and one on Node 24 and jest/heldWorker.cjs printed nothing: its
  // SIGTERM handler never ran, so no handle held them; their event loops were empty and they were still exiting
  // (a worker's heap and native finalizers torn down, six workers on two cores). A worker a handle holds is still
  // ended, and named, after this.
  workerGracefulExitTimeout: 5_000,
  projects: [
    ...['shared', TABLE.shell.folder, ...Object.values(TABLE.remotes).map((part) => part.folder)].map(webPart),
    {
      // Build and deploy tooling: the federation contract, the lint boundaries.
      displayName: 'tooling',
      rootDir: '<rootDir>',
      testEnvironment: 'node',
      transform: { '^.+\\.(t|j)sx?$': swc },
      transformIgnorePatterns: compiledPackages([INJECT_COOKIE]),
      // And the browser tests' own tools, where a check moved out of the browser (e2e/MOVES.md), the benches' judging,
      // and Jest's own report of a held worker.
      testMatch: ['<rootDir>/deploy/**/*.test.ts', '<rootDir>/e2e/support/**/*.test.ts', '<rootDir>/bench/**/*.test.ts', '<rootDir>/jest/**/*.test.ts'],
    },
    {
      // The site renderer and the render server: Node, real files and sockets.
      displayName: TABLE.render.folder,
      rootDir: `<rootDir>/${TABLE.render.folder}`,
      testEnvironment: 'node',
      transform: { '^.+\\.(t|j)sx?$': swc },
      // Beasties' CommonJS build requires ES-module-only packages: those are compiled like our own code.
      transformIgnorePatterns: [`/node_modules/(?!(beasties/node_modules/)?(${['css-select', 'css-what', 'domhandler', 'domutils', 'domelementtype', 'dom-serializer', 'htmlparser2', 'entities', 'nth-check', 'boolbase'].join('|')})/)`],
      testMatch: ['<rootDir>/src/**/*.test.ts'],
    },
    {
      // The servers' shared plugins: Fastify over real sockets.
      displayName: 'server-plugins',
      rootDir: '<rootDir>/server-plugins',
      testEnvironment: 'node',
      transform: { '^.+\\.(t|j)sx?$': swc },
      transformIgnorePatterns: compiledPackages([INJECT_COOKIE]),
      testMatch: ['<rootDir>/src/**/*.test.ts'],
    },
    {
      ...referenceApi,
      displayName: TABLE.api.folder,
      testMatch: ['<rootDir>/src/**/*.test.ts'],
      // What only PostgreSQL can show (two instances on one database): the PostgreSQL project's alone.
      testPathIgnorePatterns: ['\\.postgres\\.test\\.ts$'],
    },
    {
      // The same suites of the data layer and of the routes that store, on PostgreSQL: one cluster for the run, a
      // database of its own per suite (deploy/ops/postgres/testCluster.ts, src/test/harness.ts).
      ...referenceApi,
      displayName: `${TABLE.api.folder}-postgres`,
      testMatch: [
        '<rootDir>/src/db/*.test.ts',
        '<rootDir>/src/db/fieldData/*.test.ts',
        '<rootDir>/src/routes/*.test.ts',
        '<rootDir>/src/limits.*.test.ts',
        '<rootDir>/src/budgets.test.ts',
        '<rootDir>/src/server.test.ts',
        '<rootDir>/src/*.postgres.test.ts',
        '<rootDir>/src/test/*.test.ts',
      ],
      testPathIgnorePatterns: [],
      setupFiles: ['<rootDir>/src/test/postgresDialect.ts'],
      globalSetup: '<rootDir>/../deploy/ops/postgres/testCluster.ts',
      globalTeardown: '<rootDir>/../deploy/ops/postgres/testClusterTeardown.ts',
    },
  ],
};
