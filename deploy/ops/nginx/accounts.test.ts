import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { keepDatabaseFor, letGuardWrite, writeNginxSecrets, writeSecrets, type Account } from './accounts';

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
