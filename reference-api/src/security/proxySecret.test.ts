import { API_PATHS, SUCCESS_CODE } from '@wenrun/shared/node';
import { expectRefusal, send, startServer, type TestServer } from '../test/harness';
import { proxySecretEnv } from '../settings';
import { PROXY_SECRET_HEADER } from './proxySecret';

/**
 * Behind nginx the API learns the visitor's address from X-Forwarded-For, but every process of the machine connects
 * from nginx's 127.0.0.1 (issue 50): only a request carrying nginx's secret may name the client.
 */
const SECRET = 'n'.repeat(64);

describe('the client address: named by the site\'s own nginx alone, known by its secret', () => {
  let server: TestServer;
  afterEach(() => server.close());
  /** A call as a local process sends it, claiming `client`; with `secret`, as nginx sends it. */
  const home = (client: string, secret?: string) =>
    send(`${server.url}${API_PATHS.integrate}`, {
      body: '',
      contentType: 'application/x-www-form-urlencoded',
      headers: { 'x-forwarded-for': client, 'x-real-ip': client, ...(secret !== undefined ? { [PROXY_SECRET_HEADER]: secret } : {}) },
    });

  it('a local process naming other addresses without the secret, or with a wrong one, spends its own address\'s budget', async () => {
    server = await startServer({ devEndpoints: false, trustedProxies: ['127.0.0.1'], proxySecret: SECRET, rateLimit: { max: 3 } });
    for (const client of ['198.51.100.200', '198.51.100.201', '198.51.100.202']) expect((await home(client)).body?.header.code).toBe(SUCCESS_CODE);
    expectRefusal(await home('198.51.100.203'), /^请求过于频繁/);
    expectRefusal(await home('198.51.100.204', 'x'.repeat(64)), /^请求过于频繁/);
    expectRefusal(await home('198.51.100.205', ''), /^请求过于频繁/);
    // nginx, with its secret, still names each visitor: a budget of their own.
    for (let i = 0; i < 3; i += 1) expect((await home('203.0.113.7', SECRET)).body?.header.code).toBe(SUCCESS_CODE);
    expectRefusal(await home('203.0.113.7', SECRET), /^请求过于频繁/);
    expect((await home('203.0.113.8', SECRET)).body?.header.code).toBe(SUCCESS_CODE);
  });

  it('refuses to start trusting a proxy by its address alone', () => {
    expect(() => proxySecretEnv({ TRUST_PROXY: '127.0.0.1' })).toThrow(/设置了 TRUST_PROXY 就要同时设置 PROXY_SECRET_FILE/);
    expect(proxySecretEnv({ TRUST_PROXY: '127.0.0.1', PROXY_SECRET: SECRET })).toBe(SECRET);
    expect(proxySecretEnv({})).toBeUndefined();
    expect(() => proxySecretEnv({ PROXY_SECRET: 'short' })).toThrow(/代理密钥至少 32 个字符/);
  });
});
