import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_USER, keepDatabaseFor, letGuardWrite, systemAccount, writeNginxSecrets, writeSecrets, type Account } from './accounts';
import { writeNewFile } from './rootWrites';

describe('the production form\'s secrets and database (accounts.ts)', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-accounts-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const mode = (file: string) => fs.statSync(file).mode & 0o777;
  const self: Account = { name: 'self', uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };

  it('makes the admin token the form\'s own when the operator set none, so the guard can always read field data', () => {
    const made = writeSecrets(dir, self, { adminToken: undefined, proxySecret: 'p'.repeat(64) });
    expect(made.madeAdminToken).toBe(true);
    expect(fs.readFileSync(made.adminTokenFile, 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    expect(fs.readFileSync(made.serviceTokenFile, 'utf8')).toBe(`${made.serviceToken}\n`);
    expect(made.serviceToken).not.toBe(fs.readFileSync(made.adminTokenFile, 'utf8').trim());
    expect([mode(path.dirname(made.adminTokenFile)), mode(made.adminTokenFile), mode(made.serviceTokenFile)]).toEqual([0o700, 0o600, 0o600]);
    // The secret nginx proves itself with reaches the API by a file beside the tokens, never by the environment.
    expect([path.dirname(made.proxySecretFile), fs.readFileSync(made.proxySecretFile, 'utf8'), mode(made.proxySecretFile)]).toEqual([path.dirname(made.adminTokenFile), `${'p'.repeat(64)}\n`, 0o600]);
  });

  it('writes nginx\'s secrets as config lines in a folder of their own only their owner reads (the prefix is everyone\'s)', () => {
    const file = writeNginxSecrets(dir, { visitorSecret: 'v'.repeat(64), apiProxySecret: 'p'.repeat(64) });
    expect(fs.readFileSync(file, 'utf8')).toBe(`js_var $visitor_secret "${'v'.repeat(64)}";\nmap $host $api_proxy_secret { default "${'p'.repeat(64)}"; }\n`);
    expect([mode(path.dirname(file)), mode(file), path.dirname(path.dirname(file))]).toEqual([0o700, 0o600, dir]);
    // Another API behind nginx: the header is not sent (an empty value), the secret goes nowhere.
    fs.rmSync(path.dirname(file), { recursive: true });
    expect(fs.readFileSync(writeNginxSecrets(dir, { visitorSecret: 'v'.repeat(64), apiProxySecret: undefined }), 'utf8')).toContain('default ""; }');
  });

  it('keeps the operator\'s token when there is one', () => {
    const given = writeSecrets(dir, undefined, { adminToken: 'o'.repeat(40), proxySecret: 'p'.repeat(64) });
    expect(given.madeAdminToken).toBe(false);
    expect(fs.readFileSync(given.adminTokenFile, 'utf8')).toBe(`${'o'.repeat(40)}\n`);
  });

  it('gives the database\'s folder to the API\'s user alone, and refuses a folder that holds anything else', () => {
    const folder = path.join(dir, 'data');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'site.db'), '');
    fs.writeFileSync(path.join(folder, 'site.db-wal'), '');
    keepDatabaseFor(self, path.join(folder, 'site.db'));
    expect([mode(folder), mode(path.join(folder, 'site.db')), mode(path.join(folder, 'site.db-wal'))]).toEqual([0o700, 0o600, 0o600]);
    fs.writeFileSync(path.join(folder, 'site.key'), '');
    expect(() => keepDatabaseFor(self, path.join(folder, 'site.db'))).toThrow(/数据库目录 .* 里还有其他文件（site\.key）/);
  });

  it('lets the guard write the runtime config\'s folder only when it holds nothing else (not nginx\'s config, not a key)', () => {
    const config = path.join(dir, 'runtime-config.json');
    fs.writeFileSync(config, '{}');
    fs.writeFileSync(path.join(dir, '.runtime-config.json.7.tmp'), '');
    letGuardWrite(self, config, path.join(dir, 'release-history.jsonl'));
    expect([mode(dir) & 0o070, mode(config) & 0o060, mode(path.join(dir, 'release-history.jsonl')) & 0o060]).toEqual([0o070, 0o060, 0o060]);
    fs.writeFileSync(path.join(dir, 'nginx.conf'), '');
    expect(() => letGuardWrite(self, config, path.join(dir, 'release-history.jsonl'))).toThrow(/运行时配置所在目录 .* 里还有其他文件（nginx\.conf）/);
  });
});

/**
 * What the API's user can do to root (issue 51): it owns the database's folder and may write the runtime config's;
 * whatever it plants there, the next start as root must not change a file outside them.
 */
describe('root at start, against links the API\'s user planted (accounts.ts)', () => {
  let dir: string;
  let api: Account;
  let rootsFile: string;
  beforeAll(() => {
    api = systemAccount(API_USER);
  });
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-links-'));
    // The API's user reaches the folders it is given, as under the repository or the start's prefix.
    fs.chmodSync(dir, 0o755);
    rootsFile = path.join(dir, 'roots-only');
    fs.writeFileSync(rootsFile, 'root:$y$hash:19000::::::\n', { mode: 0o600 });
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const asApi = (...command: string[]) => expect(spawnSync('runuser', ['-u', API_USER, '--', ...command], { encoding: 'utf8' }).stderr).toBe('');
  /** What the step said, once it ran: the harm is looked at first, then the refusal. */
  const messageOf = (step: () => void) => {
    try {
      step();
      return 'went on';
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  };
  /** The runtime config's folder as the last start left it: the guard's user may write there. */
  const configGivenToGuard = () => {
    const folder = path.join(dir, 'config');
    fs.mkdirSync(folder);
    const config = path.join(folder, 'runtime-config.json');
    const history = path.join(folder, 'release-history.jsonl');
    fs.writeFileSync(config, '{}');
    letGuardWrite(api, config, history);
    return { config, history };
  };
  const ownerAndMode = (file: string) => {
    const stat = fs.statSync(file);
    return [stat.uid, stat.gid, stat.mode & 0o777];
  };

  it('leaves a root file linked into the database folder as poc.db root\'s, 0600', () => {
    const database = path.join(dir, 'data', 'site.db');
    keepDatabaseFor(api, database);
    asApi('ln', '-s', rootsFile, path.join(dir, 'data', 'poc.db'));
    const said = messageOf(() => keepDatabaseFor(api, database));
    expect(ownerAndMode(rootsFile)).toEqual([0, 0, 0o600]);
    expect(said).toMatch(/poc\.db 是符号链接/);
  });

  it('leaves a root file hard-linked into the database folder root\'s (when the kernel lets a user link one)', () => {
    const database = path.join(dir, 'data', 'site.db');
    keepDatabaseFor(api, database);
    fs.linkSync(rootsFile, path.join(dir, 'data', 'poc.db'));
    const said = messageOf(() => keepDatabaseFor(api, database));
    expect(ownerAndMode(rootsFile)).toEqual([0, 0, 0o600]);
    expect(said).toMatch(/poc\.db 还有其他硬链接/);
  });

  it('leaves a root file linked as the runtime config or the release history root\'s, 0600', () => {
    const { config, history } = configGivenToGuard();
    // The guard replaces the config by a rename: its user may put anything in its place.
    asApi('ln', '-sf', rootsFile, config);
    const saidOfConfig = messageOf(() => letGuardWrite(api, config, history));
    expect(ownerAndMode(rootsFile)).toEqual([0, 0, 0o600]);
    expect(saidOfConfig).toMatch(/runtime-config\.json 是符号链接/);
    asApi('rm', config);
    fs.writeFileSync(config, '{}');
    asApi('ln', '-sf', rootsFile, history);
    const saidOfHistory = messageOf(() => letGuardWrite(api, config, history));
    expect(ownerAndMode(rootsFile)).toEqual([0, 0, 0o600]);
    expect(saidOfHistory).toMatch(/release-history\.jsonl 是符号链接/);
  });

  it('writes no missing history or config through a dangling link to a place of root\'s', () => {
    const { config, history } = configGivenToGuard();
    asApi('rm', history);
    const planted = path.join(dir, 'cron-of-root');
    asApi('ln', '-s', planted, history);
    const saidOfHistory = messageOf(() => letGuardWrite(api, config, history));
    expect(fs.existsSync(planted)).toBe(false);
    expect(saidOfHistory).toMatch(/release-history\.jsonl 是符号链接/);
    // start.ts writes the build's config where the served one is missing.
    asApi('rm', config);
    asApi('ln', '-s', planted, config);
    const saidOfConfig = messageOf(() => writeNewFile(config, '{}\n'));
    expect(fs.existsSync(planted)).toBe(false);
    expect(saidOfConfig).toMatch(/runtime-config\.json 是符号链接/);
  });
});
