// One Jest run for the whole repo, one project per part, so `npm test -w <part>` can select its own.
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
    '\\.css$': '<rootDir>/../types/style-stub.cjs',
    '\\.(png|jpe?g|svg|webp)$': '<rootDir>/../types/asset-stub.cjs',
  },
  setupFilesAfterEnv: ['<rootDir>/../types/jest-setup.ts'],
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
});

export default {
  rootDir: import.meta.dirname,
  projects: [
    webPart('shared'),
    webPart('shell'),
    webPart('remote-header'),
    webPart('remote-about'),
    webPart('remote-auth'),
    webPart('remote-wuyou'),
    {
      // Build and deploy tooling: the federation contract, the lint boundaries.
      displayName: 'tooling',
      rootDir: '<rootDir>',
      testEnvironment: 'node',
      transform: { '^.+\\.(t|j)sx?$': swc },
      testMatch: ['<rootDir>/deploy/**/*.test.ts'],
    },
    {
      // The site renderer and the render server: Node, real files and sockets.
      displayName: 'render-server',
      rootDir: '<rootDir>/render-server',
      testEnvironment: 'node',
      transform: { '^.+\\.(t|j)sx?$': swc },
      // Beasties' CommonJS build requires ES-module-only packages: those are compiled like our own code.
      transformIgnorePatterns: ['/node_modules/(?!(beasties/node_modules/)?(css-select|css-what|domhandler|domutils|domelementtype|dom-serializer|htmlparser2|entities|nth-check|boolbase)/)'],
      testMatch: ['<rootDir>/src/**/*.test.ts'],
    },
    {
      displayName: 'reference-api',
      rootDir: '<rootDir>/reference-api',
      testEnvironment: 'node',
      transform: { '^.+\\.(t|j)sx?$': swc },
      testMatch: ['<rootDir>/src/**/*.test.ts'],
    },
  ],
};
