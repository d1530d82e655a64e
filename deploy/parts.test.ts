import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  PART_FOLDERS,
  PARTS_TABLE_FILE,
  parseRuntimeConfig,
  REMOTE_PARTS,
  SHARED_SELECTION_FILES,
  SHARED_SELECTIONS_FILE,
  SHELL_PART,
  type Part,
} from '@wenrun/shared/node';

const ROOT = path.resolve(__dirname, '..');
const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));

describe('the parts table (PARTS_TABLE_FILE) and the lists kept by hand', () => {
  test('every part is an npm workspace and is type-checked', () => {
    const { workspaces } = readJson('package.json') as { workspaces: string[] };
    const { include } = readJson('tsconfig.json') as { include: string[] };
    for (const folder of ['shared', ...PART_FOLDERS]) {
      expect(workspaces).toContain(folder);
      expect(include).toContain(folder);
      expect(fs.existsSync(path.join(ROOT, folder, 'package.json'))).toBe(true);
    }
  });

  test("the example runtime config names every remote, at its part's port", () => {
    const { remotes } = readJson('shell/public/runtime-config.json') as { remotes: Record<string, string> };
    expect(Object.keys(remotes).sort()).toEqual(Object.keys(REMOTE_PARTS).sort());
    for (const [name, part] of Object.entries(REMOTE_PARTS)) expect(new URL(remotes[name] ?? '').port).toBe(String(part.port));
  });

  test('the production example config is read without a problem: every remote, a canary, field data sampled at 10 %', () => {
    const { config, problems } = parseRuntimeConfig(readJson('deploy/runtime-config.production.example.json'));
    expect(problems).toEqual([]);
    expect(Object.keys(config.remotes).sort()).toEqual(Object.keys(REMOTE_PARTS).sort());
    expect(Object.keys(config.canaries)).toEqual(['wuyou']);
    expect(config.fieldData.sampleRate).toBe(0.1);
  });

  test('each remote builds under its own name and port (its webpack.config.ts reads the table)', () => {
    for (const [name, part] of [...Object.entries(REMOTE_PARTS), ['shell', SHELL_PART] as const]) {
      const config = fs.readFileSync(path.join(ROOT, part.folder, 'webpack.config.ts'), 'utf8');
      expect(config).toContain(`name: '${name}'`);
    }
  });
});

/** The table with one more remote, as a newcomer would add it. */
const table = readJson(PARTS_TABLE_FILE) as { remotes: Record<string, Part> };
const planted = { ...table, remotes: { ...table.remotes, planted: { folder: 'remote-planted', port: 3008 } } };

describe('a planted remote: one entry in the table, and every list made from it picks it up', () => {
  test('the lint boundaries and the Jest projects (the .mjs configs read the JSON themselves)', () => {
    // The real config files (and what the lint reads: the workspaces' package.json files and their exports, the shared
    // selections and singletons),
    // beside a planted table, inside the repository so their packages resolve.
    const dir = fs.mkdtempSync(path.join(ROOT, '.planted-'));
    try {
      fs.mkdirSync(path.dirname(path.join(dir, PARTS_TABLE_FILE)), { recursive: true });
      fs.writeFileSync(path.join(dir, PARTS_TABLE_FILE), JSON.stringify(planted));
      const copied = [
        'eslint.config.mjs',
        // The rule families it composes.
        ...fs.readdirSync(path.join(ROOT, 'eslint')).map((file) => `eslint/${file}`),
        'jest.config.mjs',
        'tsconfig.json',
        'package.json',
        ...(readJson('package.json') as { workspaces: string[] }).workspaces.map((folder) => `${folder}/package.json`),
        SHARED_SELECTIONS_FILE,
        // The singletons table: the lint reads which modules of a selected package are shared on their own.
        'deploy/assemble/webpack/sharedSingletons.ts',
      ];
      for (const file of [...copied, ...Object.values(SHARED_SELECTION_FILES)]) {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.copyFileSync(path.join(ROOT, file), path.join(dir, file));
      }
      const script = `
        const lint = (await import('./eslint.config.mjs')).default;
        const jest = (await import('./jest.config.mjs')).default;
        console.log(JSON.stringify({
          lintFiles: lint.flatMap((entry) => entry.files ?? []),
          lintMessages: JSON.stringify(lint.map((entry) => entry.rules?.['no-restricted-imports'] ?? null)),
          jestProjects: jest.projects.map((project) => project.displayName),
        }));`;
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, encoding: 'utf8' });
      expect(run.stderr).toBe('');
      const out = JSON.parse(run.stdout) as { lintFiles: string[]; lintMessages: string; jestProjects: string[] };
      expect(out.lintFiles).toContain('remote-planted/src/**/*.{ts,tsx}');
      // The other remotes and the shell may not import the planted remote's source.
      expect(out.lintMessages).toContain('**/remote-planted/**');
      expect(out.jestProjects).toContain('remote-planted');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('npm start, nginx, the runtime-config defaults, the budgets and the bench', () => {
    jest.isolateModules(() => {
      jest.doMock(path.join(ROOT, PARTS_TABLE_FILE), () => planted);
      /* eslint-disable @typescript-eslint/no-require-imports -- a fresh copy of each module, reading the planted table */
      const parts = require('@wenrun/shared/node') as typeof import('@wenrun/shared/node');
      const { SERVED_PARTS } = require('./serve/siteProcesses') as typeof import('./serve/siteProcesses');
      const nginx = require('./ops/nginx/config') as typeof import('./ops/nginx/config');
      const nginxSite = require('./ops/nginx/nginxSite') as typeof import('./ops/nginx/nginxSite');
      const pageFiles = require('./assemble/budgets/pageFiles') as typeof import('./assemble/budgets/pageFiles');
      const checks = require('./assemble/budgets/checks') as typeof import('./assemble/budgets/checks');
      /* eslint-enable @typescript-eslint/no-require-imports */

      expect(parts.REMOTE_NAMES).toContain('planted');
      expect(parts.WEB_PART_FOLDERS).toContain('remote-planted');
      expect(SERVED_PARTS.map((part) => part.folder)).toContain('remote-planted');
      expect(nginx.remotePortOptions(5000)).toHaveProperty('planted', { type: 'string', default: '8008' });
      const site = {
        host: 'localhost',
        shell: { port: 8000, root: '/srv/shell' },
        remotes: Object.fromEntries(parts.REMOTE_NAMES.map((name, i) => [name, { port: 8001 + i, root: `/srv/${name}` }])),
      } as Parameters<typeof nginxSite.partOrigins>[0];
      expect(nginxSite.partOrigins(site)).toContain('http://localhost:8005');
      expect(parts.DEFAULT_RUNTIME_CONFIG.remotes).toHaveProperty('planted', ['http://localhost:3008/mf-manifest.json']);
      // Ops may point the planted remote elsewhere: the runtime config knows it by name.
      const { config, problems } = parts.parseRuntimeConfig({ remotes: { planted: 'http://cdn.test/mf-manifest.json' } });
      expect(problems).toEqual([]);
      expect(config.remotes).toHaveProperty('planted', ['http://cdn.test/mf-manifest.json']);
      expect(pageFiles.siteBuildAt('/repo').remotes.map((remote) => remote.folder)).toContain('remote-planted');
      expect(checks.remotesNotShownOn('/wuyou/1')).toContain('planted');
    });
  });
});
