import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { API_PATHS, SERVICE_TOKEN_HEADER, SUCCESS_CODE } from '@wenrun/shared/node';
import { METRICS_PATH } from '@wenrun/server-plugins';
import { expectRefusal, postForm, send, startServer, type TestServer } from './test/harness';

/**
 * The limits of the reference API, each as the abuse it stops (limits.*.test.ts): here, a client naming its own
 * address, and a visitor passing for one of the site's own servers.
 */

describe('the client address: only the proxies it is told may name it', () => {
  let server: TestServer;
  const home = (client?: string) => postForm(`${server.url}${API_PATHS.integrate}`, {}, { client });

  afterEach(() => server.close());

  it('behind a trusted proxy, limits each visitor by the address the proxy passes on, loopback included', async () => {
    server = await startServer({ devEndpoints: false, trustedProxies: ['127.0.0.1'], rateLimit: { max: 3 } });
    for (let i = 0; i < 3; i += 1) expect((await home('203.0.113.7')).body?.header.code).toBe(SUCCESS_CODE);
    expectRefusal(await home('203.0.113.7'), /^请求过于频繁/);
    // Another visitor has a budget of their own.
    expect((await home('203.0.113.8')).body?.header.code).toBe(SUCCESS_CODE);
    // A visitor who writes an address of their choosing in front of the proxy's hop is still themselves.
    expectRefusal(await home('198.51.100.9, 203.0.113.7'), /^请求过于频繁/);
    // No loopback exemption in the production form: a client claiming to be loopback is limited like anyone.
    for (let i = 0; i < 3; i += 1) await home('127.0.0.1');
    expectRefusal(await home('127.0.0.1'), /^请求过于频繁/);
  });

  it('without a trusted proxy, X-Forwarded-For is nobody\'s word: every request counts for the socket\'s address', async () => {
    server = await startServer({ devEndpoints: false, rateLimit: { max: 3 } });
    for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) expect((await home(client)).body?.header.code).toBe(SUCCESS_CODE);
    expectRefusal(await home('203.0.113.4'), /^请求过于频繁/);
  });

  it('exempts loopback in demo mode only (the browser and load tests)', async () => {
    server = await startServer({ devEndpoints: true, rateLimit: { max: 2 } });
    for (let i = 0; i < 6; i += 1) expect((await home()).body?.header.code).toBe(SUCCESS_CODE);
  });
});

describe('the site\'s own servers: known by their credential, not by their address', () => {
  const SERVICE_TOKEN = 's'.repeat(40);
  const ADMIN_TOKEN = 'a'.repeat(40);
  let server: TestServer;
  /** What a render server or the guard asks through nginx: from 127.0.0.1, like any visitor on that address. */
  const ask = (headers: Record<string, string>) =>
    send(`${server.url}${API_PATHS.integrate}`, { body: '', contentType: 'application/x-www-form-urlencoded', headers: { 'x-forwarded-for': '127.0.0.1', ...headers } });

  afterEach(() => server.close());

  it('a visitor who spends 127.0.0.1\'s budget does not spend the render servers\' or the guard\'s; a wrong token is a visitor', async () => {
    server = await startServer({ devEndpoints: false, trustedProxies: ['127.0.0.1'], rateLimit: { max: 3 }, serviceToken: SERVICE_TOKEN, adminToken: ADMIN_TOKEN });
    for (let i = 0; i < 3; i += 1) expect((await ask({})).body?.header.code).toBe(SUCCESS_CODE);
    expectRefusal(await ask({}), /^请求过于频繁/);
    for (let i = 0; i < 10; i += 1) {
      expect((await ask({ [SERVICE_TOKEN_HEADER]: SERVICE_TOKEN })).body?.header.code).toBe(SUCCESS_CODE);
      expect((await ask({ authorization: `Bearer ${ADMIN_TOKEN}` })).body?.header.code).toBe(SUCCESS_CODE);
    }
    const forgeries: Record<string, string>[] = [{ [SERVICE_TOKEN_HEADER]: 'x'.repeat(40) }, { [SERVICE_TOKEN_HEADER]: '' }, { authorization: `Bearer ${SERVICE_TOKEN}` }, { authorization: ADMIN_TOKEN }];
    for (const forged of forgeries) {
      expectRefusal(await ask(forged), /^请求过于频繁/);
    }
    // Ops see each refusal by caller: five visitors' calls, none of the site's servers'.
    const metrics = parsePrometheusTextFormat((await send(`${server.url}${METRICS_PATH}`, { method: 'GET' })).text);
    const refused = metrics.find((family) => family.name === 'api_refused_total')?.metrics ?? [];
    expect(refused.map((sample) => [sample.labels?.route, sample.labels?.caller, Number(sample.value)])).toEqual([[API_PATHS.integrate, 'visitor', 5]]);
  });

  it('without a service token configured, no header exempts anyone', async () => {
    server = await startServer({ devEndpoints: false, trustedProxies: ['127.0.0.1'], rateLimit: { max: 2 } });
    for (let i = 0; i < 2; i += 1) await ask({ [SERVICE_TOKEN_HEADER]: '' });
    expectRefusal(await ask({ [SERVICE_TOKEN_HEADER]: 'undefined' }), /^请求过于频繁/);
    expectRefusal(await ask({ authorization: 'Bearer undefined' }), /^请求过于频繁/);
  });
});
