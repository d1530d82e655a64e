// One Jest run for the whole repo, one project per part, so `npm test -w <part>` can select its own.
import { readFileSync } from 'node:fs';

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
});

export default {
  rootDir: import.meta.dirname,
  projects: [
    ...['shared', TABLE.shell.folder, ...Object.values(TABLE.remotes).map((part) => part.folder)].map(webPart),
    {
      // Build and deploy tooling: the federation contract, the lint boundaries.
      displayName: 'tooling',
      rootDir: '<rootDir>',
      testEnvironment: 'node',
      transform: { '^.+\\.(t|j)sx?$': swc },
      // And the browser tests' own tools, where a check moved out of the browser (e2e/MOVES.md).
      testMatch: ['<rootDir>/deploy/**/*.test.ts', '<rootDir>/e2e/support/**/*.test.ts'],
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
      // fastify.inject's cookie parser is an ES module only: compiled like our own code.
      transformIgnorePatterns: ['/node_modules/(?!(light-my-request/node_modules/)?cookie/)'],
      testMatch: ['<rootDir>/src/**/*.test.ts'],
    },
    {
      displayName: TABLE.api.folder,
      rootDir: `<rootDir>/${TABLE.api.folder}`,
      testEnvironment: 'node',
      transform: { '^.+\\.(t|j)sx?$': swc },
      testMatch: ['<rootDir>/src/**/*.test.ts'],
    },
  ],
};
