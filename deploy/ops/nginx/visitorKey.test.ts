import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseRuntimeConfig, REMOTE_NAMES } from '@wenrun/shared/node';
import { siteAddressesOf } from '../../serve/headers';
import { writeNginxSecrets } from './accounts';
import { renderNginxConfig } from './config';
import { NJS_MODULE, visitorCookieName, visitorKeyScript, visitorSecret } from './visitorKey';

/** What njs hands a function: the request's variables and headers. */
interface NjsRequest {
  variables: Record<string, string>;
  headersIn: Record<string, string>;
}
type VisitorKey = { key: (r: NjsRequest) => string; issue: (r: NjsRequest) => string };

/**
 * The module as njs runs it, here in Node: njs's `crypto` is Node's API (createHmac, digest('base64url')), and its
 * `export default` is the module's value.
 */
function loadScript(tls: boolean): VisitorKey {
  const body = visitorKeyScript(tls).replace('export default', 'return');
  // The module text is the code under test: evaluated as njs evaluates it, with Node's require for its `crypto`.
  return new Function('require', body)(createRequire(__filename)) as VisitorKey;
}

/** A request as nginx gives it to njs; `visitor_key` is what `key` answers, as js_set does. */
function requestWith(module: VisitorKey, secret: string, cookie?: string, id = 'f'.repeat(32)): NjsRequest {
  const r: NjsRequest = { variables: { visitor_secret: secret, request_id: id }, headersIn: cookie === undefined ? {} : { Cookie: cookie } };
  r.variables.visitor_key = module.key(r);
  return r;
}

describe('the visitor key nginx signs (visitorKey.ts)', () => {
  const secret = visitorSecret('a'.repeat(64));
  const module = loadScript(true);
  const issued = module.issue(requestWith(module, secret, undefined, '0123456789abcdef0123456789abcdef'));
  const pair = issued.split(';')[0] ?? '';

  it('gives a visitor without a key one, for this origin alone, and takes it back as that visitor', () => {
    expect(issued).toMatch(/^__Host-wenrun-visitor=0123456789abcdef0123456789abcdef\.[A-Za-z0-9_-]{43}; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax; Secure$/);
    const back = requestWith(module, secret, `theme=dark; ${pair}; other=1`);
    expect(back.variables.visitor_key).toBe('0123456789abcdef0123456789abcdef');
    // A visitor with a key is given none.
    expect(module.issue(back)).toBe('');
  });

  it('takes no key it did not sign: another id under the signature, another secret\'s, a cut or a made-up one', () => {
    const [name, value = ''] = pair.split('=');
    const forged = [
      `${name}=${'1'.repeat(32)}${value.slice(32)}`,
      `${name}=${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`,
      `${name}=${value.slice(0, 40)}`,
      `${name}=${value.toUpperCase()}`,
      `${name}=`,
      'wenrun-visitor=' + value,
    ];
    for (const cookie of forged) expect([cookie, requestWith(module, secret, cookie).variables.visitor_key]).toEqual([cookie, '']);
    expect(requestWith(module, visitorSecret('b'.repeat(64)), pair).variables.visitor_key).toBe('');
  });

  it('names the cookie without `__Host-` and `Secure` over plain HTTP, where browsers would refuse them', () => {
    expect(visitorCookieName(false)).toBe('wenrun-visitor');
    const plain = loadScript(false);
    expect(plain.issue(requestWith(plain, secret))).not.toMatch(/Secure|__Host-/);
  });

  it('one site, one secret: the hosts sharing an admin token sign alike, and the token is not the secret', () => {
    expect(visitorSecret('a'.repeat(64))).toBe(secret);
    expect(visitorSecret('b'.repeat(64))).not.toBe(secret);
    expect(secret).not.toContain('a'.repeat(64));
  });

  it('Debian\'s nginx with njs takes the whole config, the secrets file and the module (nginx -t)', () => {
    if (!fs.existsSync(NJS_MODULE)) throw new Error(`缺少 ${NJS_MODULE}：apt-get install libnginx-mod-http-js（npm test 的第一步会安装）`);
    const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-visitor-'));
    try {
      const example = JSON.parse(fs.readFileSync(path.join(__dirname, '../../runtime-config.production.example.json'), 'utf8')) as unknown;
      const scriptFile = path.join(prefix, 'visitor-key.js');
      fs.writeFileSync(scriptFile, visitorKeyScript(true));
      fs.mkdirSync(path.join(prefix, 'gate'));
      const config = renderNginxConfig({
        host: 'localhost',
        listen: ['127.0.0.1'],
        shell: { port: 18443, root: prefix },
        remotes: Object.fromEntries(REMOTE_NAMES.map((name, index) => [name, { port: 18444 + index, root: prefix }])) as Parameters<typeof renderNginxConfig>[0]['remotes'],
        api: { port: 18450, upstream: 'http://127.0.0.1:18451', routes: [] },
        renderServers: ['127.0.0.1:18452'],
        runtimeConfigFile: path.join(prefix, 'runtime-config.json'),
        addresses: siteAddressesOf(parseRuntimeConfig(example).config),
        writtenPages: false,
        servedConfigDigest: '0123456789abcdef',
        prefix,
        secretsFile: writeNginxSecrets(prefix, { visitorSecret: secret, apiProxySecret: 'p'.repeat(64) }),
        visitorScriptFile: scriptFile,
      });
      fs.writeFileSync(path.join(prefix, 'nginx.conf'), config);
      const checked = spawnSync('/usr/sbin/nginx', ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', 'stderr', '-t'], { encoding: 'utf8' });
      expect(checked.stderr).toContain('test is successful');
    } finally {
      fs.rmSync(prefix, { recursive: true, force: true });
    }
  });
});
