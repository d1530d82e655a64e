import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { API_PATHS, MESSAGES, SUCCESS_CODE } from '@wenrun/shared/node';
import { rawAnswer } from '@wenrun/server-plugins';
import { ERROR_MESSAGES } from './envelope';
import { buildServer, BODY_LIMIT, DEFAULT_ALLOWED_ORIGINS } from './server';
import { STATS_BODY_LIMIT } from './routes/stats';
import { expectRefusal, getJson, postForm, postJson, send, startServer, type Reply, type TestServer } from './test/harness';
import { BAD_TEXT_MESSAGE, BAD_PAYLOAD_MESSAGE } from './validation';

const MB = 1024 * 1024;

/** A failure reply never shows how the server is built. */
function expectNoInternals(reply: Reply): void {
  expect(reply.text).not.toMatch(/\bat \S+ \(|Error:|node_modules|FST_|SQLITE|\.ts:\d/);
}

function expectTransportFailure(reply: Reply, status: number, codeMsg: string): void {
  expect(reply.status).toBe(status);
  expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
  // Errors too carry the API's security headers (API_HEADERS, registered with sendSecurityHeaders).
  expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
  expect(reply.body?.header).toEqual({ code: String(status), codeMsg });
  expectNoInternals(reply);
}

describe('bad requests', () => {
  let server: TestServer;
  const at = (p: string) => `${server.url}${p}`;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());


  it.each([
    ['a 70 KB header', `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(70 * 1024)}\r\n\r\n`, 431, ERROR_MESSAGES.headersTooLarge],
    ['a line that is no request', 'GARBAGE\r\n\r\n', 400, ERROR_MESSAGES.badRequest],
    ['a header line without a colon', 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nnonsense\r\n\r\n', 400, ERROR_MESSAGES.badRequest],
  ])('answers %s, which Node refuses before any route, with its status and a Chinese envelope, not a reset', async (_what, raw, status, codeMsg) => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await rawAnswer(Number(new URL(server.url).port), raw);
      expect(answer).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      expect(head).toContain('Content-Type: application/json; charset=utf-8');
      expect(head).toContain('X-Content-Type-Options: nosniff');
      expect(JSON.parse(body)).toEqual({ header: { code: String(status), codeMsg }, data: null });
    }
    expect((await getJson(at('/healthz'))).status).toBe(200);
  });

  it(`answers a 1 MB form body with 413 and a Chinese envelope (limit ${BODY_LIMIT / 1024} KB)`, async () => {
    const reply = await send(at(API_PATHS.message), {
      body: `name=${'a'.repeat(MB)}&phone=13800138000&message=x`,
      contentType: 'application/x-www-form-urlencoded',
    });
    expectTransportFailure(reply, 413, ERROR_MESSAGES.tooLarge);
  });

  it('answers a 1 MB JSON string with 413; on a login call data.resultStr carries the message', async () => {
    const reply = await postJson<{ resultStr: string }>(at(API_PATHS.passwordLogin), { mobile: '13800138000', password: 'x'.repeat(MB) });
    expectTransportFailure(reply, 413, ERROR_MESSAGES.tooLarge);
    expect(reply.body?.data.resultStr).toBe(ERROR_MESSAGES.tooLarge);
  });

  it('refuses a long string under the body limit with the field message', async () => {
    expectRefusal(await postForm(at(API_PATHS.search), { keyword: '教'.repeat(3000) }), /不能超过200个字/);
  });

  it.each([
    ['truncated JSON', '{"mobile": "138'],
    ['not JSON at all', 'mobile=13800138000'],
    ['an empty JSON body', ''],
    ['a __proto__ key', '{"__proto__": {"admin": true}, "mobile": "13800138000"}'],
  ])('answers %s sent as JSON with 400 and a Chinese envelope', async (_name, body) => {
    expectTransportFailure(await send(at(API_PATHS.sendCode), { body, contentType: 'application/json' }), 400, ERROR_MESSAGES.badBody);
  });

  it.each([
    ['JSON sent as a form', '{"mobile":"13800138000","password":"x"}', MESSAGES.invalidMobile],
    ['stray separators', '&&&===&mobile', MESSAGES.invalidMobile],
    ['broken percent escapes', 'mobile=%E0%A4%A&password=%', MESSAGES.invalidMobile],
    ['a repeated key', 'mobile=13800138000&mobile=13900139000&password=x', MESSAGES.invalidMobile],
  ])('refuses a malformed form body (%s) with a visible envelope', async (_name, body, message) => {
    const reply = await send(at(API_PATHS.passwordLogin), { body, contentType: 'application/x-www-form-urlencoded' });
    expectRefusal(reply, message);
    expectNoInternals(reply);
  });

  it('refuses bad UTF-8 in a form body and in a JSON body', async () => {
    const form = new Uint8Array(Buffer.concat([Buffer.from('phone=13800138000&message=ok&name='), Buffer.from([0xff, 0xfe, 0xc3])]));
    expectRefusal(await send(at(API_PATHS.message), { body: form, contentType: 'application/x-www-form-urlencoded' }), BAD_TEXT_MESSAGE);
    const json = new Uint8Array(Buffer.concat([Buffer.from('{"keyword":"'), Buffer.from([0xe6, 0x95]), Buffer.from('"}')]));
    expectRefusal(await send(at(API_PATHS.search), { body: json, contentType: 'application/json; charset=utf-8' }), BAD_TEXT_MESSAGE);
    expectRefusal(await postJson(at(API_PATHS.search), { keyword: '\ud800' }), BAD_TEXT_MESSAGE);
  });

  it.each([
    ['an array', [1, 2], BAD_PAYLOAD_MESSAGE],
    ['a string', 'keyword', BAD_PAYLOAD_MESSAGE],
    ['a number', 42, BAD_PAYLOAD_MESSAGE],
    ['null (read as no payload)', null, MESSAGES.searchRequired],
  ])('refuses %s as the JSON body', async (_name, body, message) => {
    expectRefusal(await postJson(at(API_PATHS.search), body), message);
  });

  it('refuses objects where strings belong', async () => {
    expectRefusal(await postJson(at(API_PATHS.search), { keyword: { $ne: '' } }), MESSAGES.searchRequired);
    expectRefusal(await postJson(at(API_PATHS.message), { name: ['a'], phone: '13800138000', message: 'x' }), /姓名/);
  });

  it('answers an unsupported content type with 415', async () => {
    expectTransportFailure(
      await send(at(API_PATHS.search), { body: '<keyword>教学</keyword>', contentType: 'application/xml' }),
      415,
      ERROR_MESSAGES.unsupportedType,
    );
  });

  it('counts its calls in Prometheus\'s format at /metrics on its own port; through nginx it is no route', async () => {
    await send(at('/healthz'), { method: 'GET' });
    const families = parsePrometheusTextFormat((await send(at('/metrics'), { method: 'GET' })).text);
    const health = families.find((family) => family.name === 'http_requests_total')?.metrics.find((sample) => sample.labels?.route === '/healthz');
    expect(health?.labels).toMatchObject({ server: 'api', status: '200' });
    expectTransportFailure(await send(at('/metrics'), { method: 'GET', headers: { 'x-forwarded-for': '198.51.100.7' } }), 404, ERROR_MESSAGES.routeNotFound);
  });

  it('answers unknown routes and wrong methods with a 404 envelope', async () => {
    for (const reply of [
      await send(at('/website/nothing1.0')),
      await getJson(at(API_PATHS.search)),
      await send(at('/'), { method: 'GET' }),
    ]) {
      expectTransportFailure(reply, 404, ERROR_MESSAGES.routeNotFound);
    }
  });

  it('lets the site origins read replies, and no one else', async () => {
    const allowed = DEFAULT_ALLOWED_ORIGINS[0] ?? '';
    const ok = await send(at(API_PATHS.integrate), { headers: { origin: allowed } });
    expect(ok.headers.get('access-control-allow-origin')).toBe(allowed);
    const preflight = await send(at(`/stats${API_PATHS.statsLog}`), {
      method: 'OPTIONS',
      headers: { origin: allowed, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(allowed);
    const other = await send(at(API_PATHS.integrate), { headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(DEFAULT_ALLOWED_ORIGINS).toEqual(expect.arrayContaining(['http://localhost:3000', 'http://127.0.0.1:3004']));
  });
});

describe('statistics (/stats/operation/log)', () => {
  let server: TestServer;
  const url = () => `${server.url}/stats${API_PATHS.statsLog}`;
  const stored = async () => (await getJson<{ list: unknown[] }>(`${server.url}/__dev/stats`)).body?.data.list ?? [];

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('stores a JSON event and one sent as text/plain (beacons)', async () => {
    const event = { type: 'page_view', path: '/about/1', detail: { from: 'header', n: 1, first: true } };
    expect((await postJson(url(), event)).body).toEqual({ header: { code: SUCCESS_CODE, codeMsg: expect.any(String) }, data: { stored: true } });
    const beacon = await send(url(), { body: JSON.stringify({ type: 'click', path: '/' }), contentType: 'text/plain;charset=UTF-8' });
    expect(beacon.body?.data).toEqual({ stored: true });
    expect(await stored()).toEqual([
      { id: 2, type: 'click', path: '/', receivedAt: expect.any(Number) },
      { id: 1, ...event, receivedAt: expect.any(Number) },
    ]);
  });

  it.each([
    ['invalid JSON', 'application/json', '{"type":'],
    ['a form body', 'application/x-www-form-urlencoded', 'type=a&path=b'],
    ['no body', undefined, undefined],
    ['an array', 'application/json', '[1,2]'],
    ['a nested detail', 'application/json', '{"type":"a","path":"/","detail":{"x":{"y":1}}}'],
    ['a missing path', 'application/json', '{"type":"a"}'],
    ['bytes', 'application/octet-stream', '\u0000\u0001'],
    ['too large', 'application/json', JSON.stringify({ type: 'a', path: 'x'.repeat(STATS_BODY_LIMIT) })],
  ])('answers %s with HTTP 200 and a success envelope, storing nothing', async (_name, contentType, body) => {
    const before = (await stored()).length;
    const reply = await send(url(), { body, contentType });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ header: { code: SUCCESS_CODE, codeMsg: expect.any(String) }, data: { stored: false } });
    expect(await stored()).toHaveLength(before);
  });
});

describe('rate limits', () => {
  it('limits each client globally with a visible Chinese envelope, but never /healthz', async () => {
    const server = await startServer({ rateLimit: { max: 3, timeWindowMs: 60_000, exemptLoopback: false } });
    try {
      for (let i = 0; i < 3; i += 1) {
        expect((await send(`${server.url}${API_PATHS.integrate}`)).body?.header.code).toBe(SUCCESS_CODE);
      }
      const limited = await send(`${server.url}${API_PATHS.integrate}`);
      expectRefusal(limited, /^请求过于频繁，请\d+秒后再试$/);
      expect(limited.body?.header.code).toBe('429');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await send(`${server.url}/healthz`, { method: 'GET' })).status).toBe(200);
      // A login call still carries the message in data.resultStr.
      const login = await postForm<{ resultStr: string }>(`${server.url}${API_PATHS.passwordLogin}`, { mobile: '13800138000', password: 'x' });
      expect(login.body?.data.resultStr).toMatch(/^请求过于频繁/);
    } finally {
      await server.close();
    }
  });
});

describe('internal errors', () => {
  it('answers 500 with a Chinese envelope and no detail of the error', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'reference-api-'));
    const app = await buildServer({ databasePath: path.join(dir, 'site.db'), logger: false });
    app.get('/boom', async () => {
      throw new Error('secret detail at /srv/app.ts:12');
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const reply = await send(`http://127.0.0.1:${port}/boom`, { method: 'GET' });
      expectTransportFailure(reply, 500, ERROR_MESSAGES.internal);
      expect(reply.text).not.toContain('secret');
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
